import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor, Trx } from '../../db/database.js';
import type { RateOrderStatus, RateOrdersTable } from '../../db/schema.js';

/** Rate orders. Reads `invoices` (name, state) and `users` (the e-mail); writes only `rate_orders`. */

export type RateOrderRow = Selectable<RateOrdersTable>;

export interface RateOrderListRow extends RateOrderRow {
  invoice_name: string;
  total_mxn: bigint;
}

export async function insertRateOrder(trx: Trx, row: Insertable<RateOrdersTable>): Promise<void> {
  await trx.insertInto('rate_orders').values(row).execute();
}

/** An order still open: waiting for its rate, or for the approval of its fill. */
export const OPEN_RATE_ORDER_STATUSES = ['ACTIVE', 'AWAITING_APPROVAL'] as const;

/** The invoice's open order, locked (waits for a fill in progress). */
export async function lockActiveOrderOfInvoice(
  trx: Trx,
  enterpriseId: string,
  invoiceId: string,
): Promise<RateOrderRow | undefined> {
  return trx
    .selectFrom('rate_orders')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('invoice_id', '=', invoiceId)
    .where('status', 'in', OPEN_RATE_ORDER_STATUSES)
    .forUpdate()
    .executeTakeFirst();
}

export async function closeOrder(
  trx: Trx,
  orderId: string,
  outcome: {
    status: Exclude<RateOrderStatus, (typeof OPEN_RATE_ORDER_STATUSES)[number]>;
    reason: string | null;
    closedAt: Date;
    conversionId?: string;
    fillRateMicro?: bigint;
  },
): Promise<void> {
  await trx
    .updateTable('rate_orders')
    .set({
      status: outcome.status,
      reason: outcome.reason,
      closed_at: outcome.closedAt,
      conversion_id: outcome.conversionId ?? null,
      fill_rate_micro: outcome.fillRateMicro ?? null,
    })
    .where('id', '=', orderId)
    .where('status', 'in', OPEN_RATE_ORDER_STATUSES)
    .execute();
}

/** An ACTIVE order the market reached, above the approval threshold: it waits for `approvalId`. */
export async function awaitApproval(trx: Trx, orderId: string, approvalId: string): Promise<void> {
  await trx
    .updateTable('rate_orders')
    .set({ status: 'AWAITING_APPROVAL', approval_id: approvalId })
    .where('id', '=', orderId)
    .where('status', '=', 'ACTIVE')
    .execute();
}

/** The company's order waiting for an approval, locked; undefined when it is not waiting. */
export async function lockAwaitingOrder(
  trx: Trx,
  enterpriseId: string,
  orderId: string,
): Promise<RateOrderRow | undefined> {
  return trx
    .selectFrom('rate_orders')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', orderId)
    .where('status', '=', 'AWAITING_APPROVAL')
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Orders waiting for an approval that was rejected, expired or failed, with how it ended;
 * served by the partial index on open orders' invoices (few rows wait at once).
 */
export async function findOrdersWithClosedApproval(
  db: Executor,
  limit: number,
): Promise<Array<{ id: string; approval_status: string; failure_code: string | null }>> {
  return db
    .selectFrom('rate_orders as o')
    .innerJoin('approvals as a', 'a.id', 'o.approval_id')
    .select(['o.id', 'a.status as approval_status', 'a.failure_code'])
    .where('o.status', '=', 'AWAITING_APPROVAL')
    .where('a.status', 'in', ['REJECTED', 'EXPIRED', 'FAILED'])
    .orderBy('o.created_at')
    .limit(limit)
    .execute();
}

/** Claims an order waiting for an approval (skipping one another run holds). */
export async function claimAwaitingOrder(
  trx: Trx,
  orderId: string,
): Promise<RateOrderRow | undefined> {
  return trx
    .selectFrom('rate_orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('status', '=', 'AWAITING_APPROVAL')
    .modifyEnd(sql`for update skip locked`)
    .executeTakeFirst();
}

/**
 * Active orders the job must look at now: the market reached their target, their last day
 * passed, or their invoice is no longer To pay (converted, paid or removed meanwhile).
 * Oldest first; served by the partial index on active targets.
 */
export async function findOrdersToSettle(
  db: Executor,
  marketRateMicro: bigint,
  today: string,
  limit: number,
): Promise<Array<{ id: string; enterprise_id: string; target_rate_micro: bigint }>> {
  return db
    .selectFrom('rate_orders as o')
    .innerJoin('invoices as i', 'i.id', 'o.invoice_id')
    .select(['o.id', 'o.enterprise_id', 'o.target_rate_micro'])
    .where('o.status', '=', 'ACTIVE')
    .where((eb) =>
      eb.or([
        eb('o.target_rate_micro', '<=', marketRateMicro),
        eb('o.expires_on', '<', today),
        eb('i.status', '<>', 'TO_PAY'),
        eb('i.deleted_at', 'is not', null),
      ]),
    )
    .orderBy('o.created_at')
    .orderBy('o.seq')
    .limit(limit)
    .execute();
}

/**
 * Claims an ACTIVE order for this transaction: a row another run holds is skipped (that run
 * settles it), and one it settled is no longer ACTIVE. Either way each order fills once.
 */
export async function claimActiveOrder(
  trx: Trx,
  orderId: string,
): Promise<RateOrderRow | undefined> {
  return trx
    .selectFrom('rate_orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('status', '=', 'ACTIVE')
    .modifyEnd(sql`for update skip locked`)
    .executeTakeFirst();
}

/** The company's orders, newest first, with their invoice's number and total. */
export async function listOrders(
  db: Executor,
  enterpriseId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: RateOrderListRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('rate_orders as o')
      .innerJoin('invoices as i', 'i.id', 'o.invoice_id')
      .selectAll('o')
      .select(['i.invoice_name', 'i.total_mxn'])
      .where('o.enterprise_id', '=', enterpriseId)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.seq', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('rate_orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** What the e-mail needs: the user's address and the invoice's number and total. */
export async function findNotificationFacts(
  db: Executor,
  order: Pick<RateOrderRow, 'created_by' | 'invoice_id'>,
): Promise<
  { email: string; first_name: string; invoice_name: string; total_mxn: bigint } | undefined
> {
  return db
    .selectFrom('users as u')
    .innerJoin('invoices as i', (join) => join.on('i.id', '=', order.invoice_id))
    .select(['u.email', 'u.first_name', 'i.invoice_name', 'i.total_mxn'])
    .where('u.id', '=', order.created_by)
    .where('u.active', '=', true)
    .executeTakeFirst();
}
