import type { Language } from '@app/domain';
import type { Db, Trx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FinanceServices } from '../finance.js';
import { isUuid } from '../rates/rates.service.js';
import { deliveredLineTotal } from './order-pricing.js';
import { isDelivered, nextVendorStatus, type OrderStatus } from './order-statuses.js';
import * as repo from './orders.repository.js';
import type { OrderParty, OrderRow } from './orders.repository.js';
import { publishOrderStatusChanged } from '../events/event-sources.js';
import type { OrderSettlementService } from './order-settlement.service.js';
import type { OrderReadsService } from './order-reads.service.js';
import { requireOrder, type Caller, type DeliveredLineInput } from './order-records.js';
import { isMoneySecured, type ApiOrder } from './order.view.js';
import {
  deliveredPriceOf,
  recordPriceRequests,
  type PriceRaise,
} from './order-price-change.service.js';
import { findPendingPriceChanges } from './order-price-changes.repository.js';
import {
  countDisputeDescription,
  recordReceived,
  type DisputeOpener,
  type ReceivedLineInput,
} from './order-receiving.js';

/**
 * An order's trip: the grower moves it along the statuses and records what was delivered;
 * the buyer accepts the load (which releases its money) and rates it.
 */
export class OrderFulfilmentService {
  constructor(
    private readonly db: Db,
    private readonly finance: FinanceServices,
    private readonly now: () => Date,
    private readonly settlement: OrderSettlementService,
    private readonly reads: OrderReadsService,
  ) {}

  /** The disputes module's creation path, for counts that differ at acceptance. */
  disputes: DisputeOpener | undefined;

  // -------------------------------------------------------------------------------------
  // Tracking

  /** POST vendor/orders/:id/status: the vendor moves the order one step along the trip. */
  async advance(
    caller: Caller,
    orderId: string,
    input: { status: string; lines?: DeliveredLineInput[] | undefined },
    language: Language,
  ): Promise<ApiOrder> {
    const party: OrderParty = { side: 'vendor', enterpriseId: caller.enterpriseId };
    await this.db.transaction().execute(async (trx) => {
      const now = this.now();
      const order = await requireOrder(trx, party, orderId, { forUpdate: true });
      const next = nextVendorStatus(order.status as OrderStatus);
      if (next === null || input.status !== next) {
        throw new AppError('INVALID_STATE', { field: 'sStatus' });
      }
      if (input.lines !== undefined && next !== 'DELIVERED') {
        throw new AppError('INVALID_INPUT', { field: 'lines' });
      }
      // Nothing leaves the packhouse before the goods are paid for and held: a booked
      // forward holds only its deposit until its settlement day (or the buyer pays the rest).
      if (order.status === 'ORDER_RECEIVED' && !isMoneySecured(order)) {
        throw new AppError('ORDER_NOT_PAID', { field: 'sPaymentStatus' });
      }
      await repo.updateOrder(trx, order.id, {
        status: next,
        ...(next === 'DELIVERED' ? { delivered_at: now } : {}),
      });
      await repo.insertEvent(trx, {
        orderId: order.id,
        status: next,
        at: now,
        actorUserId: caller.userId,
      });
      await publishOrderStatusChanged(trx, order.id, next, now);
      if (next === 'DELIVERED') {
        await this.recordDelivered(trx, order, input.lines ?? [], caller.userId, now);
      }
    });
    return this.reads.get(party, orderId, language);
  }

  /**
   * POST vendor/orders/:id/delivery: the boxes delivered per line (at most the boxes
   * ordered) and, when the price was adjusted, the delivered unit price. Only while the
   * order is DELIVERED (before the buyer accepts it).
   */
  async recordDelivery(
    caller: Caller,
    orderId: string,
    lines: DeliveredLineInput[],
    language: Language,
  ): Promise<ApiOrder> {
    const party: OrderParty = { side: 'vendor', enterpriseId: caller.enterpriseId };
    await this.db.transaction().execute(async (trx) => {
      const order = await requireOrder(trx, party, orderId, { forUpdate: true });
      if (order.status !== 'DELIVERED') throw new AppError('INVALID_STATE', { field: 'sOrderId' });
      // Once the buyer has answered with its own count, the grower's record is closed (a
      // difference is the dispute's to settle); a dispute about something else leaves it open.
      const recorded = await repo.lockLines(trx, order.id);
      if (recorded.some((line) => line.received_boxes !== null)) {
        throw new AppError('INVALID_STATE', { field: 'sOrderId' });
      }
      await this.recordDelivered(trx, order, lines, caller.userId, this.now());
    });
    return this.reads.get(party, orderId, language);
  }

  /**
   * Writes delivered quantities and the order's final price: Σ delivered lines + fees. A
   * delivered price above the agreed one is not written: it waits for the buyer's answer.
   */
  private async recordDelivered(
    trx: Trx,
    order: OrderRow,
    input: DeliveredLineInput[],
    actorUserId: string,
    now: Date,
  ): Promise<void> {
    const lines = await repo.lockLines(trx, order.id);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const given = new Map<string, DeliveredLineInput>();
    for (const [index, line] of input.entries()) {
      const id = line.lineId.toLowerCase();
      const existing = isUuid(line.lineId) ? byId.get(id) : undefined;
      if (!existing) throw new AppError('NOT_FOUND', { field: `lines.${index}.sLineId` });
      if (given.has(id)) throw new AppError('INVALID_INPUT', { field: `lines.${index}.sLineId` });
      if (line.deliveredBoxes > existing.quantity_boxes) {
        throw new AppError('INVALID_INPUT', { field: `lines.${index}.dDeliveredQuantity` });
      }
      given.set(id, line);
    }
    const raises: PriceRaise[] = [];
    const priced: string[] = [];
    let finalCents = order.fees_cents;
    for (const line of lines) {
      const change = given.get(line.id);
      // A line not given keeps what was recorded, or what was ordered at the agreed price.
      const boxes = change?.deliveredBoxes ?? line.delivered_boxes ?? line.quantity_boxes;
      const price = deliveredPriceOf(line, change?.deliveredUnitPriceCents);
      if (change?.deliveredUnitPriceCents !== undefined) priced.push(line.id);
      if (price.raise) raises.push(price.raise);
      const unitPrice = price.unitPriceCents;
      if (boxes !== line.delivered_boxes || unitPrice !== line.delivered_unit_price_cents) {
        await repo.setDelivered(trx, line.id, boxes, unitPrice);
      }
      finalCents += deliveredLineTotal({
        deliveredBoxes: boxes,
        deliveredUnitPriceCents: unitPrice,
        logisticPerBoxCents: line.logistic_cost_per_box_cents,
        inOutPerBoxCents: line.in_out_per_box_cents,
      });
    }
    await repo.updateOrder(trx, order.id, { final_total_cents: finalCents });
    await recordPriceRequests(trx, order.id, priced, raises, actorUserId, now);
  }

  /**
   * POST orders/:id/accept: the buyer accepts the delivered load, with its own count per
   * line. Equal counts finish the order and release its money; a different count pays the
   * lower one and opens a dispute on the difference (its resolution releases the money).
   */
  async accept(
    caller: Caller,
    orderId: string,
    received: ReceivedLineInput[],
    language: Language,
  ): Promise<ApiOrder> {
    const party: OrderParty = { side: 'buyer', enterpriseId: caller.enterpriseId };
    const payout = await this.db.transaction().execute(async (trx) => {
      const order = await requireOrder(trx, party, orderId, { forUpdate: true });
      if (order.status !== 'DELIVERED' || order.disputed_at !== null) {
        throw new AppError('INVALID_STATE', { field: 'sOrderId' });
      }
      if ((await findPendingPriceChanges(trx, order.id)).length > 0) {
        throw new AppError('PRICE_CHANGE_PENDING', { field: 'sOrderId' });
      }
      const now = this.now();
      const differences = await recordReceived(trx, order, received);
      if (differences.length > 0) {
        if (!this.disputes) throw new Error('No dispute opener was given to the orders module');
        await this.disputes.openOnLockedOrder(
          trx,
          order,
          {
            category: 'QUANTITY',
            subcategory: 'SHORT_BOXES',
            description: countDisputeDescription(differences, language),
          },
          now,
        );
        return undefined;
      }
      await this.settlement.finish(trx, order.id, now, caller.userId);
      return this.settlement.release(trx, order.id, now);
    });
    if (payout) await this.finance.payments.submitPayout(payout);
    return this.reads.get(party, orderId, language);
  }

  /** POST orders/:id/rating: once per order, after delivery; it counts in the grower's rating. */
  async rate(
    caller: Caller,
    orderId: string,
    input: { stars: number; comment: string | null },
  ): Promise<{ sOrderId: string; iStars: number; sComment: string | null; created_at: string }> {
    const party: OrderParty = { side: 'buyer', enterpriseId: caller.enterpriseId };
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const order = await requireOrder(trx, party, orderId, { forUpdate: true });
      if (!isDelivered(order.status as OrderStatus)) {
        throw new AppError('INVALID_STATE', { field: 'sOrderId' });
      }
      const inserted = await repo.insertRating(trx, {
        orderId: order.id,
        buyerEnterpriseId: order.buyer_enterprise_id,
        vendorEnterpriseId: order.vendor_enterprise_id,
        stars: input.stars,
        comment: input.comment,
        createdAt: now,
      });
      if (!inserted) throw new AppError('INVALID_STATE', { field: 'sOrderId' });
      return {
        sOrderId: order.id,
        iStars: input.stars,
        sComment: input.comment,
        created_at: now.toISOString(),
      };
    });
  }
}
