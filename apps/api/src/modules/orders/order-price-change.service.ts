import { moneyToNumber, type Language } from '@app/domain';
import type { Db, Trx } from '../../db/database.js';
import type { OrderLinesTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import { AppError } from '../../errors.js';
import { journalText } from '../../ledger/journal-description.js';
import type { FinanceServices } from '../finance.js';
import { deliveredLineTotal } from './order-pricing.js';
import type { OrderReadsService } from './order-reads.service.js';
import { requireOrder, type Caller } from './order-records.js';
import * as priceRepo from './order-price-changes.repository.js';
import * as repo from './orders.repository.js';
import type { OrderParty, OrderRow } from './orders.repository.js';
import type { ApiOrder } from './order.view.js';

type OrderLine = Selectable<OrderLinesTable>;

/** The price a line was bought at: the checkout's, or a raise the buyer accepted since. */
export function agreedUnitPrice(line: OrderLine): bigint {
  return line.agreed_unit_price_cents ?? line.unit_price_cents;
}

/** A delivered unit price above the agreed one: not applied, it waits for the buyer. */
export interface PriceRaise {
  lineId: string;
  agreedCents: bigint;
  requestedCents: bigint;
}

/**
 * The price a delivery record sets on a line. A lower (or equal) price applies at once: it
 * only favours the buyer. A higher one never applies by itself: the line keeps its agreed
 * price and the raise becomes a request the buyer accepts or rejects.
 */
export function deliveredPriceOf(
  line: OrderLine,
  given: bigint | undefined,
): { unitPriceCents: bigint; raise: PriceRaise | null } {
  const agreed = agreedUnitPrice(line);
  if (given === undefined) {
    return { unitPriceCents: line.delivered_unit_price_cents ?? agreed, raise: null };
  }
  if (given > agreed) {
    return {
      unitPriceCents: agreed,
      raise: { lineId: line.id, agreedCents: agreed, requestedCents: given },
    };
  }
  return { unitPriceCents: given, raise: null };
}

/**
 * After a delivery record: a line given a price has its waiting request replaced (by the new
 * raise, or by nothing when the new price is within the agreed one).
 */
export async function recordPriceRequests(
  trx: Trx,
  orderId: string,
  pricedLineIds: string[],
  raises: PriceRaise[],
  userId: string,
  at: Date,
): Promise<void> {
  await priceRepo.withdrawPendingPriceChanges(trx, orderId, pricedLineIds, at);
  for (const raise of raises) {
    await priceRepo.insertPriceChange(trx, {
      orderId,
      lineId: raise.lineId,
      agreedUnitPriceCents: raise.agreedCents,
      requestedUnitPriceCents: raise.requestedCents,
      at,
      userId,
    });
  }
}

/** The order's final price: Σ (delivered boxes at the delivered price + per-box fees) + fees. */
export async function refreshFinalTotal(trx: Trx, order: OrderRow): Promise<void> {
  const lines = await repo.findLines(trx, order.id);
  let finalCents = order.fees_cents;
  for (const line of lines) {
    finalCents += deliveredLineTotal({
      deliveredBoxes: line.delivered_boxes ?? line.quantity_boxes,
      deliveredUnitPriceCents: line.delivered_unit_price_cents ?? agreedUnitPrice(line),
      logisticPerBoxCents: line.logistic_cost_per_box_cents,
      inOutPerBoxCents: line.in_out_per_box_cents,
    });
  }
  await repo.updateOrder(trx, order.id, { final_total_cents: finalCents });
}

/**
 * What accepting the waiting raises adds to the order's hold: the ordered boxes at the new
 * prices, less what is already held. Counting the ordered boxes (not the delivered ones)
 * keeps the hold enough for any count the grower records later; what is not delivered goes
 * back to the buyer at release, as for any short delivery.
 */
export function raiseTopUp(
  lines: OrderLine[],
  pending: Array<{ line_id: string; requested_unit_price_cents: bigint }>,
  heldCents: bigint,
): bigint {
  const requested = new Map(pending.map((row) => [row.line_id, row.requested_unit_price_cents]));
  let needed = 0n;
  for (const line of lines) {
    needed += BigInt(line.quantity_boxes) * (requested.get(line.id) ?? agreedUnitPrice(line));
  }
  return needed > heldCents ? needed - heldCents : 0n;
}

/** What the order page shows of a raise waiting for the buyer. */
export interface ApiPriceChange {
  requested_at: string;
  /** What accepting adds to the buyer's hold now (USD). */
  dAddedToHold: number;
  lines: Array<{
    sLineId: string;
    sProductName: string;
    iBoxes: number;
    dAgreedUnitPrice: number;
    dRequestedUnitPrice: number;
  }>;
}

/**
 * The buyer's answer to a price raise the grower recorded with the delivery: accept (the
 * difference is taken from the buyer's USD balance into the order's hold, and the new price
 * is the agreed one) or reject (the agreed price stays). Both are audited by the route.
 */
export class OrderPriceChangeService {
  constructor(
    private readonly db: Db,
    private readonly finance: FinanceServices,
    private readonly now: () => Date,
    private readonly reads: OrderReadsService,
  ) {}

  /** POST orders/:id/price-change/accept */
  async accept(caller: Caller, orderId: string, language: Language): Promise<ApiOrder> {
    const party: OrderParty = { side: 'buyer', enterpriseId: caller.enterpriseId };
    await this.db.transaction().execute(async (trx) => {
      const { order, pending } = await this.lockDecidable(trx, party, orderId);
      // The raise is money the buyer adds to what it paid: only onto a hold that exists.
      if (order.payment_status !== 'PAID' || order.released_at !== null) {
        throw new AppError('INVALID_STATE', { field: 'sPaymentStatus' });
      }
      const now = this.now();
      const lines = await repo.lockLines(trx, order.id);
      const topUp = raiseTopUp(lines, pending, order.held_cents);
      if (topUp > 0n) {
        await this.finance.ledger.post(trx, {
          enterpriseId: order.buyer_enterprise_id,
          kind: 'ORDER_HOLD',
          ...journalText({
            code: 'ORDER_PRICE_RAISE',
            params: { tracking: order.tracking_id.toString() },
          }),
          reference: `order:${order.id}`,
          rateMicro: order.rate_micro,
          createdAt: now,
          lines: [
            {
              account: { enterpriseId: order.buyer_enterprise_id, kind: 'USD_AVAILABLE' },
              amount: -topUp,
            },
            {
              account: { enterpriseId: order.buyer_enterprise_id, kind: 'USD_ORDER_HELD' },
              amount: topUp,
            },
          ],
        });
        await priceRepo.addToGoods(trx, order.id, topUp);
      }
      for (const row of pending) {
        await priceRepo.setAgreedPrice(trx, row.line_id, row.requested_unit_price_cents);
      }
      await priceRepo.decidePriceChanges(
        trx,
        pending.map((row) => row.id),
        { status: 'ACCEPTED', at: now, userId: caller.userId },
      );
      await refreshFinalTotal(trx, order);
    });
    return this.reads.get(party, orderId, language);
  }

  /** POST orders/:id/price-change/reject: the agreed price stays. */
  async reject(caller: Caller, orderId: string, language: Language): Promise<ApiOrder> {
    const party: OrderParty = { side: 'buyer', enterpriseId: caller.enterpriseId };
    await this.db.transaction().execute(async (trx) => {
      const { pending } = await this.lockDecidable(trx, party, orderId);
      await priceRepo.decidePriceChanges(
        trx,
        pending.map((row) => row.id),
        { status: 'REJECTED', at: this.now(), userId: caller.userId },
      );
    });
    return this.reads.get(party, orderId, language);
  }

  /** The order locked, delivered and not yet finished, with the raises waiting on it. */
  private async lockDecidable(trx: Trx, party: OrderParty, orderId: string) {
    const order = await requireOrder(trx, party, orderId, { forUpdate: true });
    if (order.status !== 'DELIVERED') throw new AppError('INVALID_STATE', { field: 'sOrderId' });
    const pending = await priceRepo.findPendingPriceChanges(trx, order.id, { forUpdate: true });
    if (pending.length === 0) throw new AppError('INVALID_STATE', { field: 'sOrderId' });
    return { order, pending };
  }
}

/**
 * The raise waiting for the buyer, as the order page shows it to both sides; none once the
 * order is finished (a raise nobody accepted before the end was never applied).
 */
export async function pendingPriceChangeOf(
  db: Db,
  order: { id: string; status: string; held_cents: bigint },
): Promise<ApiPriceChange | null> {
  if (order.status !== 'DELIVERED') return null;
  const pending = await priceRepo.findPendingPriceChanges(db, order.id);
  if (pending.length === 0) return null;
  const lines = await repo.findLines(db, order.id);
  return {
    requested_at: pending[0]!.requested_at.toISOString(),
    dAddedToHold: moneyToNumber(raiseTopUp(lines, pending, order.held_cents)),
    lines: pending.map((row) => ({
      sLineId: row.line_id,
      sProductName: row.product_name,
      iBoxes: row.delivered_boxes ?? row.quantity_boxes,
      dAgreedUnitPrice: moneyToNumber(row.agreed_unit_price_cents),
      dRequestedUnitPrice: moneyToNumber(row.requested_unit_price_cents),
    })),
  };
}
