import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { StpOrdersTable, StpOrderState } from '../../../db/schema.js';

export type StpOrderRow = Selectable<StpOrdersTable>;

/**
 * The payout's row, written once: the first writer gets it back; a second (a replica's
 * sweep, a retried hand-over) gets undefined and leaves the order alone.
 */
export async function insertOrder(
  db: Executor,
  row: { paymentId: string; claveRastreo: string; referenciaNumerica: number; now: Date },
): Promise<StpOrderRow | undefined> {
  return db
    .insertInto('stp_orders')
    .values({
      payment_id: row.paymentId,
      clave_rastreo: row.claveRastreo,
      referencia_numerica: row.referenciaNumerica,
      attempts: 1,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findOrderByPayment(
  db: Executor,
  paymentId: string,
): Promise<StpOrderRow | undefined> {
  return db
    .selectFrom('stp_orders')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

/** The payments module's own locks keep a status change to one at a time; this only finds. */
export async function findOrderByStpId(
  db: Executor,
  stpId: bigint,
): Promise<StpOrderRow | undefined> {
  return db.selectFrom('stp_orders').selectAll().where('stp_id', '=', stpId).executeTakeFirst();
}

export async function findOrderByClaveRastreo(
  db: Executor,
  claveRastreo: string,
): Promise<StpOrderRow | undefined> {
  return db
    .selectFrom('stp_orders')
    .selectAll()
    .where('clave_rastreo', '=', claveRastreo)
    .executeTakeFirst();
}

/**
 * Claims a PENDING order untouched since `cutoff` for one more attempt: the conditional
 * update lets one process win, so two sweeps never send one order twice.
 */
export async function claimPendingOrder(
  db: Executor,
  paymentId: string,
  cutoff: Date,
  now: Date,
): Promise<StpOrderRow | undefined> {
  return db
    .updateTable('stp_orders')
    .set({ updated_at: now, attempts: sql<number>`attempts + 1` })
    .where('payment_id', '=', paymentId)
    .where('state', '=', 'PENDING')
    .where('updated_at', '<', cutoff)
    .returningAll()
    .executeTakeFirst();
}

export async function setOrderState(
  db: Executor,
  paymentId: string,
  change: {
    state: StpOrderState;
    now: Date;
    stpId?: bigint;
    lastError?: string | null;
    fechaOperacion?: string;
    settledAt?: Date;
  },
): Promise<void> {
  await db
    .updateTable('stp_orders')
    .set({
      state: change.state,
      updated_at: change.now,
      ...(change.stpId !== undefined ? { stp_id: change.stpId } : {}),
      ...(change.lastError !== undefined ? { last_error: change.lastError } : {}),
      ...(change.fechaOperacion !== undefined ? { fecha_operacion: change.fechaOperacion } : {}),
      ...(change.settledAt !== undefined ? { settled_at: change.settledAt } : {}),
    })
    .where('payment_id', '=', paymentId)
    .execute();
}

/** An unanswered attempt: the order stays PENDING, the sweep looks it up later. */
export async function recordOrderError(
  db: Executor,
  paymentId: string,
  message: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('stp_orders')
    .set({ last_error: message.slice(0, 500), updated_at: now })
    .where('payment_id', '=', paymentId)
    .where('state', '=', 'PENDING')
    .execute();
}

/** What the rail needs to (re)build a payout's order from its payment. */
export interface PayoutSource {
  id: string;
  enterprise_id: string;
  tracking_key: string;
  amount_mxn: bigint;
  concept: string;
  paid_clabe: string;
  paid_beneficiary_name: string;
  status: 'PROCESSING' | 'COMPLETED' | 'RETURNED';
}

const PAYOUT_COLUMNS = [
  'payments.id',
  'payments.enterprise_id',
  'payments.tracking_key',
  'payments.amount_mxn',
  'payments.concept',
  'payments.paid_clabe',
  'payments.paid_beneficiary_name',
  'payments.status',
] as const;

export async function findPayoutSource(
  db: Executor,
  paymentId: string,
): Promise<PayoutSource | undefined> {
  return db
    .selectFrom('payments')
    .select(PAYOUT_COLUMNS)
    .where('payments.id', '=', paymentId)
    .executeTakeFirst();
}

/**
 * Payouts that may not have reached STP: PENDING orders untouched since `cutoff`, and
 * PROCESSING payments made before `cutoff` that have no order row at all (the process died
 * between the ledger write and the hand-over). Payments made before `since` (the sandbox's,
 * before the rail was switched to STP) are left alone.
 */
export async function findPayoutsToRecover(
  db: Executor,
  cutoff: Date,
  since: Date,
  limit: number,
): Promise<{ payment: PayoutSource; order: StpOrderRow | null }[]> {
  const pending = await db
    .selectFrom('stp_orders')
    .innerJoin('payments', 'payments.id', 'stp_orders.payment_id')
    .select(PAYOUT_COLUMNS)
    .where('stp_orders.state', '=', 'PENDING')
    .where('stp_orders.updated_at', '<', cutoff)
    .orderBy('stp_orders.updated_at')
    .limit(limit)
    .execute();
  const orphans = await db
    .selectFrom('payments')
    .leftJoin('stp_orders', 'stp_orders.payment_id', 'payments.id')
    .select(PAYOUT_COLUMNS)
    .where('payments.status', '=', 'PROCESSING')
    .where('stp_orders.payment_id', 'is', null)
    .where('payments.created_at', '<', cutoff)
    .where('payments.created_at', '>=', since)
    .orderBy('payments.created_at')
    .limit(limit)
    .execute();
  const orders = await Promise.all(pending.map((row) => findOrderByPayment(db, row.id)));
  return [
    ...pending.map((payment, index) => ({ payment, order: orders[index] ?? null })),
    ...orphans.map((payment) => ({ payment, order: null })),
  ];
}
