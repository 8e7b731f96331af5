import type { KeyObject } from 'node:crypto';
import { createSign } from 'node:crypto';
import { signOrden, type StpOrden } from './stp-signature.js';

/** STP did not answer (timeout, connection refused, a 5xx): the order may or may not be there. */
export class StpUnansweredError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StpUnansweredError';
  }
}

/** STP's answer to `ordenPago/registra`. */
export type StpRegistraResult =
  | { kind: 'accepted'; id: bigint }
  | { kind: 'refused'; id: number | null; descripcionError: string };

/** What `consultaOrden` says of a tracking key. */
export type StpConsultaResult =
  { found: true; id: bigint; estado: string | null } | { found: false; mensaje: string };

/** One order of STP's conciliation of a day. */
export interface StpConciliacionEntry {
  claveRastreo: string;
  /** Pesos, as STP lists them. */
  monto: number;
  estado: string;
  /** The other bank: the receiving one of an order sent, the sending one of a transfer received. */
  institucion: string;
  cuenta: string;
  fechaOperacion: string;
}

export interface StpClientSettings {
  url: string;
  empresa: string;
  privateKey: KeyObject;
  timeoutMs: number;
}

/**
 * STP's JSON API, as small as the protocol (DOMAIN.md §STP, docs/RAILS.md): register an
 * order, and look one up by its tracking key. Every body carries its `firma`.
 */
export class StpClient {
  constructor(private readonly settings: StpClientSettings) {}

  get empresa(): string {
    return this.settings.empresa;
  }

  /** `PUT /speiws/rest/ordenPago/registra`; throws StpUnansweredError when STP did not answer. */
  async registra(orden: StpOrden): Promise<StpRegistraResult> {
    const body = { ...orden, firma: signOrden(orden, this.settings.privateKey) };
    const answer = await this.call('PUT', '/speiws/rest/ordenPago/registra', body);
    const resultado = (answer as { resultado?: { id?: unknown; descripcionError?: unknown } })
      ?.resultado;
    if (!resultado || typeof resultado !== 'object') {
      throw new StpUnansweredError('STP answered without a resultado');
    }
    const { id, descripcionError } = resultado;
    if (typeof descripcionError === 'string' && descripcionError !== '') {
      return { kind: 'refused', id: typeof id === 'number' ? id : null, descripcionError };
    }
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) {
      return { kind: 'accepted', id: BigInt(id) };
    }
    return { kind: 'refused', id: typeof id === 'number' ? id : null, descripcionError: '' };
  }

  /**
   * `POST /efws/API/consultaOrden`: an order sent (`tipoOrden` E) by its tracking key. The
   * firma covers `||empresa|claveRastreo|tipoOrden|fechaOperacion||`.
   */
  async consultaOrden(claveRastreo: string, fechaOperacion?: string): Promise<StpConsultaResult> {
    const fields = {
      empresa: this.settings.empresa,
      claveRastreo,
      tipoOrden: 'E',
      ...(fechaOperacion ? { fechaOperacion } : {}),
    };
    const cadena = `||${fields.empresa}|${claveRastreo}|E|${fechaOperacion ?? ''}||`;
    const firma = createSign('RSA-SHA256')
      .update(cadena, 'utf8')
      .sign(this.settings.privateKey, 'base64');
    const answer = (await this.call('POST', '/efws/API/consultaOrden', { ...fields, firma })) as {
      estado?: unknown;
      mensaje?: unknown;
      respuesta?: { idEF?: unknown; estado?: unknown } | null;
    };
    const mensaje = typeof answer?.mensaje === 'string' ? answer.mensaje : '';
    const idEF = answer?.respuesta?.idEF;
    if (answer?.estado === 0 && (typeof idEF === 'number' || typeof idEF === 'string')) {
      const estado = answer.respuesta?.estado;
      return {
        found: true,
        id: BigInt(idEF),
        estado: typeof estado === 'string' ? estado : null,
      };
    }
    if (typeof answer?.estado === 'number') return { found: false, mensaje };
    throw new StpUnansweredError('STP answered consultaOrden without an estado');
  }

  /**
   * `POST /efws/API/V3/conciliacion`: the day's orders sent (`tipoOrden` E) or received (R).
   * The firma covers `||empresa|tipoOrden|fechaOperacion||`; pages of 100 are read to the end.
   */
  async conciliacion(
    tipoOrden: 'E' | 'R',
    fechaOperacion: string,
  ): Promise<StpConciliacionEntry[]> {
    const entries: StpConciliacionEntry[] = [];
    const cadena = `||${this.settings.empresa}|${tipoOrden}|${fechaOperacion}||`;
    const firma = createSign('RSA-SHA256')
      .update(cadena, 'utf8')
      .sign(this.settings.privateKey, 'base64');
    for (let page = 0; page < 1_000; page += 1) {
      const answer = (await this.call('POST', '/efws/API/V3/conciliacion', {
        empresa: this.settings.empresa,
        tipoOrden,
        fechaOperacion,
        page,
        firma,
      })) as { estado?: unknown; datos?: unknown; total?: unknown };
      if (answer?.estado !== 0 || !Array.isArray(answer.datos)) {
        throw new StpUnansweredError('STP answered conciliacion without datos');
      }
      for (const raw of answer.datos as Record<string, unknown>[]) {
        const monto = raw.monto;
        if (typeof raw.claveRastreo !== 'string' || typeof monto !== 'number') continue;
        entries.push({
          claveRastreo: raw.claveRastreo,
          monto,
          estado: typeof raw.estado === 'string' ? raw.estado : '',
          institucion: String(
            (tipoOrden === 'E' ? raw.institucionContraparte : raw.institucionOrdenante) ?? '',
          ),
          cuenta: String(
            (tipoOrden === 'E' ? raw.cuentaBeneficiario : raw.cuentaBeneficiario) ?? '',
          ),
          fechaOperacion: String(raw.fechaOperacion ?? fechaOperacion),
        });
      }
      if (answer.datos.length < 100) break;
    }
    return entries;
  }

  private async call(method: 'PUT' | 'POST', path: string, body: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.url.replace(/\/$/, '')}${path}`, {
        method,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new StpUnansweredError(`STP did not answer ${path}`, { cause: error });
    }
    if (response.status >= 500) {
      throw new StpUnansweredError(`STP answered ${path} with ${response.status}`);
    }
    try {
      return await response.json();
    } catch (error) {
      throw new StpUnansweredError(`STP answered ${path} with no JSON`, { cause: error });
    }
  }
}
