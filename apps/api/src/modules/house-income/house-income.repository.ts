import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { HouseAccountKind } from '../../ledger/accounts.js';

/** SQL of the house's fee income: the postings on its fee accounts, and the orders behind them. */

/** The house accounts marketplace fees are credited to. */
export const HOUSE_FEE_ACCOUNTS = [
  'HOUSE_FEE_LOGISTICS_USD',
  'HOUSE_FEE_BORDER_CROSSING_USD',
  'HOUSE_FEE_INSURANCE_USD',
] as const satisfies readonly HouseAccountKind[];

/** Per journal in [start, end): what it credited to each fee account (a refund is negative). */
export async function feeJournals(db: Executor, start: Date, end: Date) {
  const amountOn = (kind: (typeof HOUSE_FEE_ACCOUNTS)[number]) =>
    sql<string>`coalesce(sum(p.amount) filter (where la.kind = ${kind}), 0)`;
  const rows = await db
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as la', 'la.id', 'p.account_id')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .select([
      'j.id as journal_id',
      'j.kind',
      'j.reference',
      'j.created_at',
      amountOn('HOUSE_FEE_LOGISTICS_USD').as('logistics'),
      amountOn('HOUSE_FEE_BORDER_CROSSING_USD').as('crossing'),
      amountOn('HOUSE_FEE_INSURANCE_USD').as('insurance'),
    ])
    .where('la.enterprise_id', 'is', null)
    .where('la.kind', 'in', HOUSE_FEE_ACCOUNTS)
    .where('p.created_at', '>=', start)
    .where('p.created_at', '<', end)
    .groupBy(['j.id', 'j.kind', 'j.reference', 'j.created_at'])
    .orderBy('j.created_at')
    .orderBy('j.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    logistics: BigInt(row.logistics),
    crossing: BigInt(row.crossing),
    insurance: BigInt(row.insurance),
  }));
}

/** What each fee account holds in [start, end), straight from its postings. */
export async function feeAccountSums(db: Executor, start: Date, end: Date) {
  const rows = await db
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as la', 'la.id', 'p.account_id')
    .select(['la.kind', (eb) => eb.fn.sum<string>('p.amount').as('total')])
    .where('la.enterprise_id', 'is', null)
    .where('la.kind', 'in', HOUSE_FEE_ACCOUNTS)
    .where('p.created_at', '>=', start)
    .where('p.created_at', '<', end)
    .groupBy('la.kind')
    .execute();
  return new Map(rows.map((row) => [row.kind, BigInt(row.total)]));
}

/** The orders named, with their parties and the per-box freight and cold storage of each line. */
export async function ordersWithLines(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const orders = await db
    .selectFrom('orders as o')
    .innerJoin('enterprises as b', 'b.id', 'o.buyer_enterprise_id')
    .innerJoin('enterprises as v', 'v.id', 'o.vendor_enterprise_id')
    .select(['o.id', 'o.tracking_id', 'b.name as buyer_name', 'v.name as vendor_name'])
    .where('o.id', 'in', orderIds)
    .execute();
  const lines = await db
    .selectFrom('order_lines')
    .select([
      'order_id',
      'quantity_boxes',
      'delivered_boxes',
      'logistic_cost_per_box_cents',
      'in_out_per_box_cents',
    ])
    .where('order_id', 'in', orderIds)
    .execute();
  return orders.map((order) => ({
    ...order,
    lines: lines.filter((line) => line.order_id === order.id),
  }));
}
