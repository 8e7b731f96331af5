import { randomInt } from 'node:crypto';
import { moneyToNumber } from '@app/domain';
import type { Db } from '../../../db/database.js';
import type { PayoutOrder, PayoutRail } from '../../payments/payout-rail.js';
import type { PaymentsService } from '../../payments/payments.service.js';
import type { StpClient, StpRegistraResult } from './stp-client.js';
import * as repo from './stp-orders.repository.js';
import type { StpOrden } from './stp-signature.js';
import type { StpStatusService } from './stp-status.service.js';

/** STP's own institution code (`institucionOperante`). */
export const STP_INSTITUTION = '90646';
/** `tipoCuenta` 40: a CLABE. */
const TIPO_CUENTA_CLABE = 40;
/** STP's limits for the beneficiary's name and the concept (DOMAIN.md §STP). */
const NAME_MAX = 39;
const CONCEPT_MAX = 39;
/** Payouts looked at per sweep. */
const SWEEP_BATCH = 50;

/**
 * What SPEI takes in names and concepts: unaccented letters, digits, spaces and a little
 * punctuation. Accents are taken off (Ñ becomes N) rather than the letter dropped.
 */
export function speiText(value: string, max: number): string {
  const cleaned = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.slice(0, max).trim();
}

/** "40" + the CLABE's bank code: the receiving institution of a transfer to it. */
export function institucionOf(clabe: string): string {
  return `40${clabe.slice(0, 3)}`;
}

/**
 * STP's refusals that mean "not now" rather than "not this order": the order stays
 * PENDING and is looked up, then sent again, by the sweep.
 */
function isRetryableRefusal(descripcion: string): boolean {
  return /no disponible|intente|tiempo de espera|timeout|servicio/i.test(descripcion);
}

/** STP already holds an order under this tracking key: look it up instead of failing it. */
function isDuplicateKey(descripcion: string): boolean {
  return /rastreo/i.test(descripcion) && /(utilizad|duplicad|existe)/i.test(descripcion);
}

export interface StpRailSettings {
  /** The company's own CLABE at STP (`cuentaOrdenante`). */
  account: string;
  /** An order unanswered for this long is looked up by its tracking key. */
  recoverAfterMs: number;
}

/**
 * The SPEI payout rail through STP. Each payout gets its `stp_orders` row before the call,
 * so an order whose answer never came (a timeout after STP accepted it, a process killed
 * mid-call) is looked up by its tracking key before it is sent again, and never twice.
 * STP's later word (settled, returned, cancelled) arrives through the `orden-estado`
 * webhook (StpStatusService).
 */
export type StpFaultPoint = 'before-hand-over' | 'after-accepted';

export class StpPayoutRail implements PayoutRail {
  readonly reportsBack = true;
  /** Test-only: stops the process at a point of a hand-over (config STP_FAULT_EXIT). */
  faultAt: ((point: StpFaultPoint) => void) | undefined;
  /** Payments older than this were the sandbox's (made before this process chose STP). */
  private readonly since: Date;

  constructor(
    private readonly db: Db,
    private readonly client: StpClient,
    private readonly payments: PaymentsService,
    /** Applies what STP says of an order it already has (its callback may have been missed). */
    private readonly status: StpStatusService,
    private readonly settings: StpRailSettings,
    private readonly now: () => Date,
  ) {
    this.since = new Date(now().getTime() - 24 * 3600_000);
  }

  async submit(order: PayoutOrder): Promise<void> {
    this.faultAt?.('before-hand-over');
    const row = await repo.insertOrder(this.db, {
      paymentId: order.paymentId,
      claveRastreo: order.trackingKey,
      referenciaNumerica: randomInt(1, 10_000_000),
      now: this.now(),
    });
    // Another hand-over of the same payout (a replay, the sweep) already owns it.
    if (!row) return;
    await this.send(order, row.referencia_numerica);
  }

  /** The body STP takes for a payout (signed by the client). */
  ordenOf(order: PayoutOrder, referenciaNumerica: number): StpOrden {
    return {
      institucionContraparte: institucionOf(order.clabe),
      empresa: this.client.empresa,
      claveRastreo: order.trackingKey,
      institucionOperante: STP_INSTITUTION,
      monto: moneyToNumber(order.amountMxn),
      tipoPago: 1,
      tipoCuentaOrdenante: TIPO_CUENTA_CLABE,
      cuentaOrdenante: this.settings.account,
      tipoCuentaBeneficiario: TIPO_CUENTA_CLABE,
      nombreBeneficiario: speiText(order.beneficiaryName, NAME_MAX) || 'ND',
      cuentaBeneficiario: order.clabe,
      rfcCurpBeneficiario: 'ND',
      conceptoPago: speiText(order.concept, CONCEPT_MAX) || 'Pago',
      referenciaNumerica,
      topologia: 'T',
      medioEntrega: 3,
      prioridad: 1,
    };
  }

  /**
   * Looks again at payouts STP may not have: each is claimed, looked up by its tracking
   * key, and sent only when STP does not know it. Answers how many were looked at.
   */
  async recover(): Promise<number> {
    const now = this.now();
    const cutoff = new Date(now.getTime() - this.settings.recoverAfterMs);
    const candidates = await repo.findPayoutsToRecover(this.db, cutoff, this.since, SWEEP_BATCH);
    let looked = 0;
    for (const { payment, order } of candidates) {
      const payout = payoutOf(payment);
      let referencia: number;
      if (order) {
        const claimed = await repo.claimPendingOrder(this.db, payment.id, cutoff, this.now());
        if (!claimed) continue;
        referencia = claimed.referencia_numerica;
      } else {
        if (payment.status !== 'PROCESSING') continue;
        const inserted = await repo.insertOrder(this.db, {
          paymentId: payment.id,
          claveRastreo: payment.tracking_key,
          referenciaNumerica: randomInt(1, 10_000_000),
          now: this.now(),
        });
        if (!inserted) continue;
        referencia = inserted.referencia_numerica;
      }
      looked += 1;
      let known: Awaited<ReturnType<StpClient['consultaOrden']>>;
      try {
        known = await this.client.consultaOrden(payment.tracking_key);
      } catch (error) {
        await repo.recordOrderError(this.db, payment.id, messageOf(error), this.now());
        continue;
      }
      if (known.found) {
        await repo.setOrderState(this.db, payment.id, {
          state: 'SENT',
          stpId: known.id,
          lastError: null,
          now: this.now(),
        });
        // STP may have called back while the order was not known here by its id (the
        // process died before recording STP's answer): its state now is the word it sent.
        if (known.estado)
          await this.status.apply({ id: known.id.toString(), estado: known.estado });
        continue;
      }
      await this.send(payout, referencia).catch(() => {
        // Recorded on the row by send; the next sweep tries again.
      });
    }
    return looked;
  }

  private async send(order: PayoutOrder, referenciaNumerica: number): Promise<void> {
    let result: StpRegistraResult;
    try {
      result = await this.client.registra(this.ordenOf(order, referenciaNumerica));
    } catch (error) {
      await repo.recordOrderError(this.db, order.paymentId, messageOf(error), this.now());
      throw error;
    }
    if (result.kind === 'accepted') {
      this.faultAt?.('after-accepted');
      await repo.setOrderState(this.db, order.paymentId, {
        state: 'SENT',
        stpId: result.id,
        lastError: null,
        now: this.now(),
      });
      return;
    }
    const descripcion = result.descripcionError || `STP refused the order (${result.id ?? '?'})`;
    if (isRetryableRefusal(descripcion) || isDuplicateKey(descripcion)) {
      // Left PENDING: the sweep looks the key up (a duplicate is found there) or resends.
      await repo.recordOrderError(this.db, order.paymentId, descripcion, this.now());
      return;
    }
    await this.refuse(order.paymentId, descripcion);
  }

  /** STP refused the order for good: the money goes back to the company with the reason. */
  private async refuse(paymentId: string, descripcion: string): Promise<void> {
    await repo.setOrderState(this.db, paymentId, {
      state: 'REFUSED',
      lastError: descripcion.slice(0, 500),
      now: this.now(),
    });
    await this.payments.returnPayout(paymentId, `STP: ${descripcion}`);
  }
}

function payoutOf(payment: repo.PayoutSource): PayoutOrder {
  return {
    paymentId: payment.id,
    enterpriseId: payment.enterprise_id,
    trackingKey: payment.tracking_key,
    amountMxn: payment.amount_mxn,
    beneficiaryName: payment.paid_beneficiary_name,
    clabe: payment.paid_clabe,
    concept: payment.concept,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
