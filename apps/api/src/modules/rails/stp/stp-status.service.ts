import { todayInTimeZone } from '@app/domain';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import type { PaymentsService } from '../../payments/payments.service.js';
import * as repo from './stp-orders.repository.js';

/** A status change as STP sends it (newer accounts lower-case, older ones capitalised). */
export interface StpOrdenEstado {
  id?: number | string | undefined;
  empresa?: string | undefined;
  folioOrigen?: string | undefined;
  claveRastreo?: string | undefined;
  estado?: string | undefined;
  Estado?: string | undefined;
  causaDevolucion?: string | undefined;
  Detalle?: string | undefined;
  tsLiquidacion?: number | string | undefined;
}

export type StpStatusKind = 'SETTLED' | 'RETURNED' | 'CANCELLED';

/**
 * STP's names for an order's outcome. Accounts and STP's own documents spell them several
 * ways (`Exito`/`LIQUIDACION`/`Liquidada`, `Devuelta`/`DEVOLUCION`, `Cancelada`/`CANCELACION`),
 * so each is read by its stem.
 */
export function statusKindOf(estado: string | undefined): StpStatusKind | undefined {
  const value = (estado ?? '').trim().toLowerCase();
  if (/^(exito|éxito|liquid|lq$|success)/.test(value)) return 'SETTLED';
  if (/^(devol|devuel|d$)/.test(value)) return 'RETURNED';
  if (/^(cancel|c$)/.test(value)) return 'CANCELLED';
  return undefined;
}

export type StpStatusOutcome =
  | { outcome: 'APPLIED'; paymentId: string; kind: StpStatusKind }
  | { outcome: 'ALREADY_APPLIED'; paymentId: string; kind: StpStatusKind }
  | { outcome: 'UNKNOWN_ORDER' }
  | { outcome: 'UNKNOWN_STATUS' };

/**
 * STP's word on an order sent: settled completes the payment; returned or cancelled gives
 * the MXN back with one reversing journal, and the user is told why (e-mail and the
 * `payment.returned` webhook, from the payment's event). The same call twice changes
 * nothing the second time: the payment's own state decides.
 */
export class StpStatusService {
  constructor(
    private readonly db: Db,
    private readonly payments: PaymentsService,
    private readonly now: () => Date,
  ) {}

  async apply(change: StpOrdenEstado): Promise<StpStatusOutcome> {
    const kind = statusKindOf(change.estado ?? change.Estado);
    if (!kind) return { outcome: 'UNKNOWN_STATUS' };
    const order = await this.findOrder(change);
    if (!order) return { outcome: 'UNKNOWN_ORDER' };
    const paymentId = order.payment_id;
    const reason = (change.causaDevolucion ?? change.Detalle ?? '').trim();
    let applied = true;
    try {
      if (kind === 'SETTLED') await this.payments.completePayout(paymentId);
      else {
        await this.payments.returnPayout(
          paymentId,
          reason || (kind === 'CANCELLED' ? 'Cancelada por STP' : 'Devuelta'),
        );
      }
    } catch (error) {
      // Already in that state (a replay), or past it (a settle after a return): no change.
      if (!(error instanceof AppError && error.code === 'INVALID_STATE')) throw error;
      applied = false;
    }
    const settledAt = kind === 'SETTLED' ? instantOf(change.tsLiquidacion, this.now()) : undefined;
    if (applied) {
      await repo.setOrderState(this.db, paymentId, {
        state: kind,
        now: this.now(),
        ...(settledAt
          ? { settledAt, fechaOperacion: todayInTimeZone(settledAt).replaceAll('-', '') }
          : {}),
      });
    }
    return { outcome: applied ? 'APPLIED' : 'ALREADY_APPLIED', paymentId, kind };
  }

  private async findOrder(change: StpOrdenEstado): Promise<repo.StpOrderRow | undefined> {
    const id = typeof change.id === 'string' ? change.id.trim() : change.id;
    if (id !== undefined && /^\d{1,18}$/.test(String(id))) {
      const byId = await repo.findOrderByStpId(this.db, BigInt(id));
      if (byId) return byId;
    }
    // STP settled an order whose registra answer never reached us: its key still names it.
    if (change.claveRastreo) return repo.findOrderByClaveRastreo(this.db, change.claveRastreo);
    return undefined;
  }
}

/** `tsLiquidacion` is STP's epoch in milliseconds; anything else is the time it arrived. */
function instantOf(value: number | string | undefined, fallback: Date): Date {
  const ms = typeof value === 'string' && /^\d{10,14}$/.test(value) ? Number(value) : value;
  return typeof ms === 'number' && Number.isSafeInteger(ms) && ms > 0 ? new Date(ms) : fallback;
}
