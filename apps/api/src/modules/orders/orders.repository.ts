import type { Insertable, Selectable } from 'kysely';
import type { Executor, Trx } from '../../db/database.js';
import type {
  OrderFeesTable,
  OrderLinesTable,
  OrdersTable,
  OrderStatusEventsTable,
} from '../../db/schema.js';
import type { OrderStatus, OrderTab } from './order-statuses.js';

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type OrderFeeRow = Selectable<OrderFeesTable>;
export type OrderEventRow = Selectable<OrderStatusEventsTable>;

/** Which side of an order the caller is on; every order query is scoped by one. */
export type OrderParty = { side: 'buyer' | 'vendor'; enterpriseId: string };

function partyColumn(party: OrderParty) {
  return party.side === 'buyer'
    ? ('o.buyer_enterprise_id' as const)
    : ('o.vendor_enterprise_id' as const);
}

/** A vendor enterprise with what paying it needs. */
export async function findVendor(db: Executor, vendorId: string) {
  return db
    .selectFrom('enterprises')
    .select(['id', 'name', 'verified', 'tax_id', 'clabe', 'bank_name_mxn', 'payouts_held_until'])
    .where('id', '=', vendorId)
    .where('type', '=', 'vendor')
    .executeTakeFirst();
}

/** The e-mail of the enterprise's first manager (the payee's contact). */
export async function findManagerEmail(db: Executor, enterpriseId: string) {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('enterprise_id', '=', enterpriseId)
    .where('active', '=', true)
    .orderBy('is_manager', 'desc')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.email;
}

/**
 * Locks the buyer's enterprise row: cart writes take the same lock first, so the cart
 * read at checkout cannot change before the order is written. NO KEY UPDATE, like the cart's:
 * a checkout with an Idempotency-Key has already inserted its key row, whose foreign key
 * holds KEY SHARE on this row, and two such checkouts each asking FOR UPDATE over the
 * other's KEY SHARE deadlocked (PostgreSQL then killed all but one with a 500).
 */
export async function lockBuyer(trx: Trx, buyerEnterpriseId: string): Promise<void> {
  await trx
    .selectFrom('enterprises')
    .select('id')
    .where('id', '=', buyerEnterpriseId)
    .forNoKeyUpdate()
    .execute();
}

/** The articles of an order, locked in id order (the order every stock writer uses). */
export async function lockArticles(trx: Trx, articleIds: string[]) {
  return readArticles(trx, articleIds, { forUpdate: true });
}

/** The cart's articles as checkout checks them; `forUpdate` locks them (in id order). */
export async function readArticles(
  db: Executor,
  articleIds: string[],
  options: { forUpdate: boolean },
) {
  if (articleIds.length === 0) return [];
  const query = db
    .selectFrom('articles')
    .select([
      'id',
      'vendor_enterprise_id',
      'name',
      'price_per_box_cents',
      'boxes_per_pallet',
      'min_boxes',
      'stock_boxes',
      'active',
    ])
    .where('id', 'in', articleIds)
    .orderBy('id');
  return options.forUpdate ? query.forUpdate().execute() : query.execute();
}

export async function takeStock(
  trx: Trx,
  articleId: string,
  boxes: number,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('articles')
    .set((eb) => ({ stock_boxes: eb('stock_boxes', '-', boxes), updated_at: now }))
    .where('id', '=', articleId)
    .where('stock_boxes', '>=', boxes)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertOrder(trx: Trx, row: Insertable<OrdersTable>): Promise<OrderRow> {
  return trx.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertLines(trx: Trx, rows: Insertable<OrderLinesTable>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('order_lines').values(rows).execute();
}

export async function insertFees(trx: Trx, rows: Insertable<OrderFeesTable>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('order_fees').values(rows).execute();
}

export async function insertEvent(
  trx: Trx,
  event: { orderId: string; status: OrderStatus; at: Date; actorUserId: string | null },
): Promise<void> {
  await trx
    .insertInto('order_status_events')
    .values({
      order_id: event.orderId,
      status: event.status,
      created_at: event.at,
      actor_user_id: event.actorUserId,
    })
    .execute();
}

export async function updateOrder(
  trx: Trx,
  orderId: string,
  fields: Partial<
    Pick<
      OrderRow,
      | 'status'
      | 'payment_status'
      | 'payment_id'
      | 'conversion_id'
      | 'rate_micro'
      | 'quote_id'
      | 'rate_locked_at'
      | 'paid_at'
      | 'final_total_cents'
      | 'delivered_at'
      | 'finished_at'
      | 'disputed_at'
      | 'held_cents'
    >
  >,
): Promise<void> {
  await trx.updateTable('orders').set(fields).where('id', '=', orderId).execute();
}

/** One order of the party; `forUpdate` locks it. */
export async function findOrder(
  db: Executor,
  party: OrderParty,
  orderId: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | undefined> {
  let query = db
    .selectFrom('orders as o')
    .selectAll('o')
    .where('o.id', '=', orderId)
    .where(partyColumn(party), '=', party.enterpriseId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** What a summary or a detail shows beside the order row: names and the warehouse. */
function orderViewQuery(db: Executor) {
  return db
    .selectFrom('orders as o')
    .innerJoin('enterprises as b', 'b.id', 'o.buyer_enterprise_id')
    .innerJoin('enterprises as v', 'v.id', 'o.vendor_enterprise_id')
    .innerJoin('warehouses as w', 'w.id', 'o.warehouse_id')
    .selectAll('o')
    .select([
      'b.name as buyer_name',
      'v.name as vendor_name',
      'w.name as warehouse_name',
      'w.address as warehouse_address',
      'w.city as warehouse_city',
      'w.state as warehouse_state',
      'w.country as warehouse_country',
      'w.postal_code as warehouse_postal_code',
      'w.phone as warehouse_phone',
      'w.email as warehouse_email',
      'w.manager as warehouse_manager',
      'w.comments as warehouse_notes',
    ])
    .select((eb) => [
      eb
        .selectFrom('order_lines as l')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('l.order_id', '=', 'o.id')
        .as('line_count'),
      eb
        .selectFrom('ratings as r')
        .select('r.stars')
        .whereRef('r.order_id', '=', 'o.id')
        .as('rating_stars'),
      eb
        .selectFrom('disputes as d')
        .select('d.id')
        .whereRef('d.order_id', '=', 'o.id')
        .orderBy('d.created_at', 'desc')
        .limit(1)
        .as('dispute_id'),
      eb
        .selectFrom('disputes as d')
        .select('d.status')
        .whereRef('d.order_id', '=', 'o.id')
        .orderBy('d.created_at', 'desc')
        .limit(1)
        .as('dispute_status'),
    ]);
}

export type OrderView = Awaited<ReturnType<typeof findOrderView>> & object;

export async function findOrderView(db: Executor, party: OrderParty, orderId: string) {
  return orderViewQuery(db)
    .where('o.id', '=', orderId)
    .where(partyColumn(party), '=', party.enterpriseId)
    .executeTakeFirst();
}

/** A page of the party's orders in one tab, newest first (orders_buyer / orders_vendor). */
export async function listOrderViews(
  db: Executor,
  party: OrderParty,
  tab: OrderTab,
  page: { offset: number; limit: number },
) {
  let query = orderViewQuery(db).where(partyColumn(party), '=', party.enterpriseId);
  if (tab === 'disputed') query = query.where('o.disputed_at', 'is not', null);
  else {
    query = query
      .where('o.disputed_at', 'is', null)
      .where('o.status', tab === 'finalized' ? '=' : '<>', 'FINISHED');
  }
  return query
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countOrders(db: Executor, party: OrderParty, tab: OrderTab): Promise<number> {
  let query = db
    .selectFrom('orders as o')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(partyColumn(party), '=', party.enterpriseId);
  if (tab === 'disputed') query = query.where('o.disputed_at', 'is not', null);
  else {
    query = query
      .where('o.disputed_at', 'is', null)
      .where('o.status', tab === 'finalized' ? '=' : '<>', 'FINISHED');
  }
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findLines(db: Executor, orderId: string): Promise<OrderLineRow[]> {
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('product_name')
    .orderBy('id')
    .execute();
}

export async function lockLines(trx: Trx, orderId: string): Promise<OrderLineRow[]> {
  return trx
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setDelivered(
  trx: Trx,
  lineId: string,
  deliveredBoxes: number,
  deliveredUnitPriceCents: bigint,
): Promise<void> {
  await trx
    .updateTable('order_lines')
    .set({ delivered_boxes: deliveredBoxes, delivered_unit_price_cents: deliveredUnitPriceCents })
    .where('id', '=', lineId)
    .execute();
}

export async function findFees(db: Executor, orderId: string): Promise<OrderFeeRow[]> {
  return db
    .selectFrom('order_fees')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('name')
    .execute();
}

export async function findEvents(db: Executor, orderId: string): Promise<OrderEventRow[]> {
  return db
    .selectFrom('order_status_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/**
 * Delivered orders whose dispute window has closed with no dispute opened, of the party
 * (or of every party, for the release job): locked (skipping rows another request holds)
 * so they can be finished.
 */
export async function lockDeliveredBefore(
  trx: Trx,
  party: OrderParty | undefined,
  deliveredBefore: Date,
  limit: number,
) {
  let query = trx
    .selectFrom('orders as o')
    .select(['o.id', 'o.delivered_at', 'o.vendor_enterprise_id'])
    .where('o.status', '=', 'DELIVERED')
    .where('o.delivered_at', '<=', deliveredBefore)
    .where('o.disputed_at', 'is', null);
  if (party) query = query.where(partyColumn(party), '=', party.enterpriseId);
  return query.orderBy('o.delivered_at').limit(limit).forUpdate().skipLocked().execute();
}

export async function findRating(db: Executor, orderId: string) {
  return db.selectFrom('ratings').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Inserts the order's rating; false when it was rated already. */
export async function insertRating(
  trx: Trx,
  rating: {
    orderId: string;
    buyerEnterpriseId: string;
    vendorEnterpriseId: string;
    stars: number;
    comment: string | null;
    createdAt: Date;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('ratings')
    .values({
      order_id: rating.orderId,
      buyer_enterprise_id: rating.buyerEnterpriseId,
      vendor_enterprise_id: rating.vendorEnterpriseId,
      stars: rating.stars,
      comment: rating.comment,
      created_at: rating.createdAt,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Claims the release of an order's hold: only the first of two concurrent releases (an
 * acceptance and the dispute window's close) finds the hold still there. False otherwise.
 */
export async function claimRelease(
  trx: Trx,
  orderId: string,
  input: { heldCents: bigint; refundedCents: bigint; payoutUsdCents: bigint; at: Date },
): Promise<boolean> {
  const claimed = await trx
    .updateTable('orders')
    .set({
      held_cents: 0n,
      refunded_cents: input.refundedCents,
      payout_usd_cents: input.payoutUsdCents,
      released_at: input.at,
    })
    .where('id', '=', orderId)
    .where('released_at', 'is', null)
    .where('payment_status', '=', 'PAID')
    .where('held_cents', '=', input.heldCents)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * A release whose payout waits for the grower's cooling-off: the refund part is claimed now
 * (`refunded_cents`), the payout stays held (`held_cents` becomes the payout) until
 * `holdUntil`. Guarded like `claimRelease`, so only one caller claims it.
 */
export async function claimReleaseWithPayoutHeld(
  trx: Trx,
  orderId: string,
  input: { heldCents: bigint; refundedCents: bigint; payoutUsdCents: bigint; holdUntil: Date },
): Promise<boolean> {
  const claimed = await trx
    .updateTable('orders')
    .set({
      held_cents: input.payoutUsdCents,
      refunded_cents: input.refundedCents,
      payout_usd_cents: input.payoutUsdCents,
      payout_held_until: input.holdUntil,
    })
    .where('id', '=', orderId)
    .where('released_at', 'is', null)
    .where('payout_held_until', 'is', null)
    .where('payment_status', '=', 'PAID')
    .where('held_cents', '=', input.heldCents)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Orders whose held payout's cooling-off has ended, locked `for update skip locked` so
 * processes sweeping side by side take each once (index orders_payout_held).
 */
export async function lockHeldPayoutsDue(trx: Trx, now: Date, limit: number) {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('payout_held_until', '<=', now)
    .where('released_at', 'is', null)
    .orderBy('payout_held_until')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Moves a held payout's end (its grower changed its account again meanwhile). */
export async function setPayoutHeldUntil(trx: Trx, orderId: string, until: Date): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ payout_held_until: until })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Claims a held payout for payment, once: the hold is emptied and the order released. A
 * second claim (another process, a replay) finds `payout_held_until` cleared.
 */
export async function claimHeldPayout(
  trx: Trx,
  orderId: string,
  input: { payoutUsdCents: bigint; at: Date },
): Promise<boolean> {
  const claimed = await trx
    .updateTable('orders')
    .set({ held_cents: 0n, released_at: input.at, payout_held_until: null })
    .where('id', '=', orderId)
    .where('released_at', 'is', null)
    .where('payout_held_until', 'is not', null)
    .where('held_cents', '=', input.payoutUsdCents)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** An order by id, locked (for a release, whose caller has scoped it already). */
export async function findOrderById(trx: Trx, orderId: string) {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Released orders with their payout payment: the grower's payouts. */
function releasedPayouts(db: Executor) {
  return db
    .selectFrom('orders as o')
    .innerJoin('payments as p', 'p.id', 'o.payment_id')
    .select([
      'o.id as order_id',
      'o.tracking_id',
      'p.amount_usd',
      'p.amount_mxn',
      'p.rate_micro',
      'p.status',
      'p.tracking_key',
      'p.created_at',
      // The account the payout went to then, not the grower's current one.
      'p.paid_clabe as clabe',
    ])
    .where('o.released_at', 'is not', null);
}

/** A grower's payouts, newest first. */
export async function listVendorPayouts(db: Executor, vendorEnterpriseId: string, limit: number) {
  return releasedPayouts(db)
    .where('o.vendor_enterprise_id', '=', vendorEnterpriseId)
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** One order's payout to its grower, once released and paid out; undefined before. */
export async function findVendorPayout(db: Executor, orderId: string) {
  return releasedPayouts(db).where('o.id', '=', orderId).executeTakeFirst();
}

/** The held order funds: every order still holding money, for the back office. */
export async function listHeldOrders(db: Executor, limit: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('enterprises as b', 'b.id', 'o.buyer_enterprise_id')
    .innerJoin('enterprises as v', 'v.id', 'o.vendor_enterprise_id')
    .select([
      'o.id',
      'o.tracking_id',
      'o.status',
      'o.held_cents',
      'o.disputed_at',
      'o.created_at',
      'b.name as buyer_name',
      'v.name as vendor_name',
    ])
    .where('o.held_cents', '>', 0n)
    .orderBy('o.created_at')
    .limit(limit)
    .execute();
}

export async function sumHeld(db: Executor): Promise<{ total: bigint; count: number }> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.sum<string | null>('held_cents').as('total'),
      eb.fn.countAll<string>().as('n'),
    ])
    .where('held_cents', '>', 0n)
    .executeTakeFirstOrThrow();
  return { total: BigInt(row.total ?? '0'), count: Number(row.n) };
}
