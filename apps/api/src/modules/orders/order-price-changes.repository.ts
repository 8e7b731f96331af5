import { randomUUID } from 'node:crypto';
import type { Executor, Trx } from '../../db/database.js';
import type { PriceChangeStatus } from '../../db/schema.js';

export interface PriceChangeRow {
  id: string;
  line_id: string;
  product_name: string;
  quantity_boxes: number;
  delivered_boxes: number | null;
  agreed_unit_price_cents: bigint;
  requested_unit_price_cents: bigint;
  requested_at: Date;
}

/** The raises of an order waiting for the buyer, line by line (at most one per line). */
export async function findPendingPriceChanges(
  db: Executor,
  orderId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PriceChangeRow[]> {
  let query = db
    .selectFrom('order_price_changes as c')
    .innerJoin('order_lines as l', 'l.id', 'c.line_id')
    .select([
      'c.id',
      'c.line_id',
      'l.product_name',
      'l.quantity_boxes',
      'l.delivered_boxes',
      'c.agreed_unit_price_cents',
      'c.requested_unit_price_cents',
      'c.requested_at',
    ])
    .where('c.order_id', '=', orderId)
    .where('c.status', '=', 'PENDING')
    .orderBy('l.product_name')
    .orderBy('c.line_id');
  if (options.forUpdate) query = query.forUpdate('c');
  return query.execute();
}

/** Closes the pending request of each line (a newer delivery record replaced it). */
export async function withdrawPendingPriceChanges(
  trx: Trx,
  orderId: string,
  lineIds: string[],
  at: Date,
): Promise<void> {
  if (lineIds.length === 0) return;
  await trx
    .updateTable('order_price_changes')
    .set({ status: 'WITHDRAWN', decided_at: at })
    .where('order_id', '=', orderId)
    .where('line_id', 'in', lineIds)
    .where('status', '=', 'PENDING')
    .execute();
}

export async function insertPriceChange(
  trx: Trx,
  input: {
    orderId: string;
    lineId: string;
    agreedUnitPriceCents: bigint;
    requestedUnitPriceCents: bigint;
    at: Date;
    userId: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('order_price_changes')
    .values({
      id: randomUUID(),
      order_id: input.orderId,
      line_id: input.lineId,
      agreed_unit_price_cents: input.agreedUnitPriceCents,
      requested_unit_price_cents: input.requestedUnitPriceCents,
      status: 'PENDING',
      requested_at: input.at,
      requested_by: input.userId,
    })
    .execute();
}

/** The buyer's answer to every pending raise of an order. */
export async function decidePriceChanges(
  trx: Trx,
  ids: string[],
  input: { status: Extract<PriceChangeStatus, 'ACCEPTED' | 'REJECTED'>; at: Date; userId: string },
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('order_price_changes')
    .set({ status: input.status, decided_at: input.at, decided_by: input.userId })
    .where('id', 'in', ids)
    .where('status', '=', 'PENDING')
    .execute();
}

/** A raise the buyer accepted becomes the line's agreed price and its delivered price. */
export async function setAgreedPrice(trx: Trx, lineId: string, priceCents: bigint): Promise<void> {
  await trx
    .updateTable('order_lines')
    .set({ agreed_unit_price_cents: priceCents, delivered_unit_price_cents: priceCents })
    .where('id', '=', lineId)
    .execute();
}

/** The buyer's count of a line, and the count paid (the lower of the two). */
export async function setReceived(
  trx: Trx,
  lineId: string,
  input: { receivedBoxes: number; paidBoxes: number; vendorBoxes: number | null },
): Promise<void> {
  await trx
    .updateTable('order_lines')
    .set({
      received_boxes: input.receivedBoxes,
      delivered_boxes: input.paidBoxes,
      vendor_delivered_boxes: input.vendorBoxes,
    })
    .where('id', '=', lineId)
    .execute();
}

/** A raise accepted: the order's goods, total and hold grow by what the buyer added. */
export async function addToGoods(trx: Trx, orderId: string, cents: bigint): Promise<void> {
  await trx
    .updateTable('orders')
    .set((eb) => ({
      goods_cents: eb('goods_cents', '+', cents),
      subtotal_cents: eb('subtotal_cents', '+', cents),
      total_cents: eb('total_cents', '+', cents),
      held_cents: eb('held_cents', '+', cents),
    }))
    .where('id', '=', orderId)
    .execute();
}
