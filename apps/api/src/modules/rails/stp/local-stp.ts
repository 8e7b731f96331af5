import { randomInt } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerify } from 'node:crypto';
import { todayInTimeZone } from '@app/domain';
import { verifyOrden } from './stp-signature.js';

/** Delivers one callback to the platform; answers the HTTP status it got. */
export type StpCallbackDelivery = (path: string, body: unknown) => Promise<number>;

interface LocalOrder {
  id: number;
  claveRastreo: string;
  monto: number;
  outcome: 'SETTLE' | 'RETURN';
  state: 'SENT' | 'SETTLED' | 'RETURNED';
  fechaOperacion: string;
  institucionContraparte: string;
  cuentaBeneficiario: string;
}

interface PendingCallback {
  path: string;
  body: unknown;
  dueAt: number;
  attempts: number;
}

/** A beneficiary name or concept with this word is returned by the "receiving bank". */
export const LOCAL_RETURN_WORD = 'DEVOLVER';
/** … and with this one, refused by STP at once (account does not exist). */
export const LOCAL_REFUSE_WORD = 'RECHAZAR';
const MAX_BODY = 64 * 1024;
const MAX_ATTEMPTS = 30;

/**
 * A local STP that speaks STP's HTTP protocol (docs/RAILS.md), the default of `npm start`:
 * `PUT /speiws/rest/ordenPago/registra` verifies every `firma` with the company's public key,
 * refuses a repeated tracking key, and answers `resultado`; `POST /efws/API/consultaOrden`
 * finds an order by its tracking key. Some time later it calls the platform back with the
 * order's status (settled, or returned when the beneficiary name or concept says DEVOLVER;
 * RECHAZAR is refused at once), retrying until the platform answers 200, as STP does.
 * `sendAbono` plays an incoming SPEI to one of the platform's CLABEs.
 */
export class LocalStp {
  private server: Server | undefined;
  private readonly orders = new Map<string, LocalOrder>();
  /** Transfers received, as STP's conciliation lists them. */
  private readonly abonos: Array<{
    claveRastreo: string;
    monto: number;
    institucionOrdenante: string;
    cuentaBeneficiario: string;
    fechaOperacion: string;
  }> = [];
  private readonly pending: PendingCallback[] = [];
  private timer: NodeJS.Timeout | undefined;
  private nextId = 1_000_000 + randomInt(0, 1_000_000);
  /** Every `registra` body received, newest last (tests read it). */
  readonly received: Record<string, unknown>[] = [];
  /** Set by tests: the next registra calls are accepted but answered only after this long. */
  answerDelayMs = 0;

  constructor(
    private readonly options: {
      publicKey: KeyObject;
      empresa: string;
      deliver: StpCallbackDelivery;
      /** How long after an order its status is called back; null: only on `flush()`. */
      callbackDelayMs: number | null;
      now?: () => Date;
    },
  ) {}

  async start(): Promise<string> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    if (this.options.callbackDelayMs !== null) {
      this.timer = setInterval(() => void this.deliverDue(Date.now()), 250);
      this.timer.unref();
    }
    const { port } = server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const server = this.server;
    this.server = undefined;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** Delivers every callback now, whatever its delay (tests); answers how many went. */
  async flush(): Promise<number> {
    return this.deliverDue(Number.POSITIVE_INFINITY);
  }

  /** Returns an order already settled, as a receiving bank does days later. */
  returnSettled(claveRastreo: string, causa: string): void {
    const order = this.orders.get(claveRastreo);
    if (!order) throw new Error(`No order ${claveRastreo}`);
    order.state = 'RETURNED';
    this.queue('/api/webhooks/stp/orden-estado', {
      id: order.id,
      empresa: this.options.empresa,
      folioOrigen: '',
      estado: 'Devuelta',
      causaDevolucion: causa,
    });
  }

  /** An incoming SPEI to `cuentaBeneficiario`, notified as STP's abono. */
  async sendAbono(input: {
    cuentaBeneficiario: string;
    monto: number;
    nombreOrdenante?: string;
    conceptoPago?: string;
    notify?: boolean;
  }): Promise<{ status: number; claveRastreo: string }> {
    const now = this.now();
    const claveRastreo = `LOC${now.getTime()}${randomInt(100, 999)}`;
    const body = {
      id: this.nextId++,
      fechaOperacion: todayInTimeZone(now).replaceAll('-', ''),
      institucionOrdenante: '40012',
      institucionBeneficiaria: '90646',
      claveRastreo,
      monto: input.monto,
      nombreOrdenante: input.nombreOrdenante ?? 'CLIENTE DEMO SA DE CV',
      tipoCuentaOrdenante: 40,
      cuentaOrdenante: '012180001234567897',
      rfcCurpOrdenante: 'ND',
      nombreBeneficiario: 'PESOS AND PRODUCE',
      tipoCuentaBeneficiario: 40,
      cuentaBeneficiario: input.cuentaBeneficiario,
      rfcCurpBeneficiario: 'ND',
      conceptoPago: input.conceptoPago ?? 'DEPOSITO',
      referenciaNumerica: 1234567,
      empresa: this.options.empresa,
      tsLiquidacion: String(now.getTime()),
    };
    this.abonos.push({
      claveRastreo,
      monto: input.monto,
      institucionOrdenante: body.institucionOrdenante,
      cuentaBeneficiario: input.cuentaBeneficiario,
      fechaOperacion: body.fechaOperacion,
    });
    // A notice that never reached the platform (tests: a transfer STP holds but we lack).
    if (input.notify === false) return { status: 0, claveRastreo };
    const status = await this.options.deliver('/api/webhooks/stp/abono', body);
    return { status, claveRastreo };
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const reply = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const body = await readJson(request);
    if (body === undefined) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ mensaje: 'JSON inválido' }));
      return;
    }
    if (request.method === 'PUT' && request.url === '/speiws/rest/ordenPago/registra') {
      const answer = this.registra(body);
      if (this.answerDelayMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, this.answerDelayMs));
      }
      reply(answer);
      return;
    }
    if (request.method === 'POST' && request.url === '/efws/API/V3/conciliacion') {
      reply(this.conciliacion(body));
      return;
    }
    if (request.method === 'POST' && request.url === '/efws/API/consultaOrden') {
      reply(this.consulta(body));
      return;
    }
    response.writeHead(404).end();
  }

  private registra(body: Record<string, unknown>): unknown {
    this.received.push(body);
    const firma = typeof body.firma === 'string' ? body.firma : '';
    const { firma: _firma, ...orden } = body;
    if (!verifyOrden(orden, firma, this.options.publicKey)) {
      return { resultado: { id: -24, descripcionError: 'Firma invalida' } };
    }
    if (body.empresa !== this.options.empresa) {
      return { resultado: { id: -11, descripcionError: 'El nombre de la empresa no es válido' } };
    }
    const claveRastreo = String(body.claveRastreo ?? '');
    if (this.orders.has(claveRastreo)) {
      return {
        resultado: {
          id: -1,
          descripcionError: `La clave de rastreo ${claveRastreo} ya fue utilizada`,
        },
      };
    }
    const words = `${String(body.nombreBeneficiario ?? '')} ${String(body.conceptoPago ?? '')}`;
    if (words.toUpperCase().includes(LOCAL_REFUSE_WORD)) {
      return { resultado: { id: -7, descripcionError: 'Cuenta inexistente' } };
    }
    const order: LocalOrder = {
      id: this.nextId++,
      claveRastreo,
      monto: Number(body.monto),
      outcome: words.toUpperCase().includes(LOCAL_RETURN_WORD) ? 'RETURN' : 'SETTLE',
      state: 'SENT',
      fechaOperacion: todayInTimeZone(this.now()).replaceAll('-', ''),
      institucionContraparte: String(body.institucionContraparte ?? ''),
      cuentaBeneficiario: String(body.cuentaBeneficiario ?? ''),
    };
    this.orders.set(claveRastreo, order);
    const settled = order.outcome === 'SETTLE';
    order.state = settled ? 'SETTLED' : 'RETURNED';
    this.queue('/api/webhooks/stp/orden-estado', {
      id: order.id,
      empresa: this.options.empresa,
      folioOrigen: '',
      estado: settled ? 'Exito' : 'Devuelta',
      causaDevolucion: settled ? '' : 'Cuenta bloqueada',
      tsLiquidacion: String(this.now().getTime()),
    });
    return { resultado: { id: order.id } };
  }

  /** Tests: STP's record of an order says another amount than ours. */
  changeAmount(claveRastreo: string, monto: number): void {
    const order = this.orders.get(claveRastreo);
    if (!order) throw new Error(`No order ${claveRastreo}`);
    order.monto = monto;
  }

  private conciliacion(body: Record<string, unknown>): unknown {
    const tipoOrden = String(body.tipoOrden ?? '');
    const fecha = String(body.fechaOperacion ?? '');
    const cadena = `||${String(body.empresa ?? '')}|${tipoOrden}|${fecha}||`;
    if (!this.verifyCadena(cadena, body.firma)) {
      return { estado: 6, mensaje: 'Firma invalida', datos: null };
    }
    const page = typeof body.page === 'number' ? body.page : 0;
    const all =
      tipoOrden === 'E'
        ? [...this.orders.values()]
            .filter((order) => order.fechaOperacion === fecha)
            .map((order) => ({
              claveRastreo: order.claveRastreo,
              monto: order.monto,
              estado: order.state === 'SETTLED' ? 'LQ' : order.state === 'RETURNED' ? 'D' : 'E',
              institucionContraparte: order.institucionContraparte,
              cuentaBeneficiario: order.cuentaBeneficiario,
              fechaOperacion: order.fechaOperacion,
            }))
        : this.abonos
            .filter((abono) => abono.fechaOperacion === fecha)
            .map((abono) => ({ ...abono, estado: 'LQ' }));
    return { estado: 0, mensaje: 'ok', datos: all.slice(page * 100, page * 100 + 100) };
  }

  private verifyCadena(cadena: string, firma: unknown): boolean {
    try {
      return createVerify('RSA-SHA256')
        .update(cadena, 'utf8')
        .verify(this.options.publicKey, typeof firma === 'string' ? firma : '', 'base64');
    } catch {
      return false;
    }
  }

  private consulta(body: Record<string, unknown>): unknown {
    const claveRastreo = String(body.claveRastreo ?? '');
    const firma = typeof body.firma === 'string' ? body.firma : '';
    const cadena = `||${String(body.empresa ?? '')}|${claveRastreo}|${String(body.tipoOrden ?? '')}|${String(body.fechaOperacion ?? '')}||`;
    const valid = (() => {
      try {
        return createVerify('RSA-SHA256')
          .update(cadena, 'utf8')
          .verify(this.options.publicKey, firma, 'base64');
      } catch {
        return false;
      }
    })();
    if (!valid) return { estado: 6, mensaje: 'Firma invalida', respuesta: null };
    const order = this.orders.get(claveRastreo);
    if (!order) return { estado: 6, mensaje: 'No se encontraron datos', respuesta: null };
    return {
      estado: 0,
      mensaje: 'Datos consultados correctamente',
      respuesta: {
        idEF: order.id,
        claveRastreo,
        monto: order.monto,
        estado: order.state === 'SENT' ? 'E' : order.state === 'SETTLED' ? 'LQ' : 'D',
        fechaOperacion: order.fechaOperacion,
      },
    };
  }

  private queue(path: string, body: unknown): void {
    this.pending.push({
      path,
      body,
      dueAt: Date.now() + (this.options.callbackDelayMs ?? 0),
      attempts: 0,
    });
  }

  private delivering = false;

  private async deliverDue(until: number): Promise<number> {
    if (this.delivering) return 0;
    this.delivering = true;
    let delivered = 0;
    try {
      const due = this.pending.filter((callback) => callback.dueAt <= until);
      for (const callback of due) {
        let status = 0;
        try {
          status = await this.options.deliver(callback.path, callback.body);
        } catch {
          status = 0;
        }
        callback.attempts += 1;
        if (status === 200 || callback.attempts >= MAX_ATTEMPTS) {
          this.pending.splice(this.pending.indexOf(callback), 1);
          if (status === 200) delivered += 1;
        } else {
          // STP calls again until it gets a 200 (the platform may not be listening yet).
          callback.dueAt = Date.now() + 1_000 * Math.min(callback.attempts, 10);
        }
      }
    } finally {
      this.delivering = false;
    }
    return delivered;
  }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
