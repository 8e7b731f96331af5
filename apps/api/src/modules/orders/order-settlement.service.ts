import { bankNameFromClabe, convertUsdToMxn, validateRfc } from '@app/domain';
import type { Config } from '../../config.js';
import type { Db, Trx } from '../../db/database.js';
import type { PostingLine } from '../../ledger/ledger.service.js';
import { AppError } from '../../errors.js';
import { journalText } from '../../ledger/journal-description.js';
import type { FinanceServices } from '../finance.js';
import type { PayoutOrder } from '../payments/payout-rail.js';
import type { PaymentRecipientRow } from '../suppliers/suppliers.service.js';
import {
  chargeTotal,
  holdLines,
  refundJournal,
  releaseAmounts,
  type ReleaseAmounts,
  type DisputeSplit,
  type OrderCharge,
} from './order-money.js';
import * as repo from './orders.repository.js';
import type { OrderParty, OrderRow } from './orders.repository.js';
import { publishOrderStatusChanged } from '../events/event-sources.js';
import { publishOrderPayoutSent } from './order-payout-notice.js';
import {
  FINISH_BATCH,
  HOUR_MS,
  isPayable,
  requireOrder,
  requireVendor,
  requireVendorClabe,
} from './order-records.js';

/** The RFC a foreign or unregistered grower is paid under (SAT's generic foreign RFC). */
const GENERIC_FOREIGN_RFC = 'XEXX010101000';

/**
 * The money of an order after checkout: the hold of its total, its release to the grower
 * (at acceptance, at the dispute window's close, after a dispute) with the buyer's refund,
 * payouts that wait out a grower's cooling-off, and the hooks the disputes module calls in
 * its own transaction.
 */
export class OrderSettlementService {
  constructor(
    private readonly db: Db,
    private readonly finance: FinanceServices,
    private readonly config: Pick<
      Config,
      | 'TRUCK_PALLETS'
      | 'DISPUTE_WINDOW_HOURS'
      | 'FREIGHT_BASE_PER_PALLET_CENTS'
      | 'FREIGHT_PER_100KM_PER_PALLET_CENTS'
    >,
    private readonly now: () => Date,
  ) {}

  /**
   * The ORDER_HOLD journal (docs/MONEY.md): the order's total leaves the buyer (its USD, or
   * for a settled forward its MXN through FX liquidity at the forward's rate), the goods
   * are held for the order and the fees go to the house. The order is then paid.
   */
  async hold(
    trx: Trx,
    order: OrderRow,
    input: { source: 'USD' | 'MXN'; mxnCents?: bigint; quoteId: string | null; now: Date },
  ): Promise<void> {
    const buyerId = order.buyer_enterprise_id;
    const fees = await repo.findFees(trx, order.id);
    const feeOf = (key: string) =>
      fees.filter((fee) => fee.name === key).reduce((sum, fee) => sum + fee.total_cents, 0n);
    const charge: OrderCharge = {
      goodsCents: order.goods_cents,
      logisticsCents: order.subtotal_cents - order.goods_cents,
      borderCrossingCents: feeOf('BORDER_CROSSING'),
      insuranceCents: feeOf('CARGO_INSURANCE'),
    };
    if (chargeTotal(charge) !== order.total_cents) {
      throw new Error(`Order ${order.id} charge does not add up to its total`);
    }
    const source: PostingLine[] =
      input.source === 'USD'
        ? [
            {
              account: { enterpriseId: buyerId, kind: 'USD_AVAILABLE' },
              amount: -order.total_cents,
            },
          ]
        : [
            { account: { enterpriseId: buyerId, kind: 'MXN_AVAILABLE' }, amount: -input.mxnCents! },
            { account: { house: 'HOUSE_FX_MXN' }, amount: input.mxnCents! },
            { account: { house: 'HOUSE_FX_USD' }, amount: -order.total_cents },
          ];
    await this.finance.ledger.post(trx, {
      enterpriseId: buyerId,
      kind: 'ORDER_HOLD',
      ...journalText({ code: 'ORDER_HOLD', params: { tracking: order.tracking_id.toString() } }),
      reference: `order:${order.id}`,
      quoteId: input.quoteId,
      rateMicro: order.rate_micro,
      createdAt: input.now,
      lines: [...source, ...holdLines(buyerId, charge)],
    });
    await repo.updateOrder(trx, order.id, {
      payment_status: 'PAID',
      paid_at: input.now,
      held_cents: order.goods_cents,
    });
  }

  /**
   * Releases an order's hold (docs/MONEY.md), in the caller's transaction with the order
   * locked: the grower is paid the accepted goods (or the split's release) in MXN at the
   * rate locked at checkout, through the payout rail; the rest goes back to the buyer's
   * USD balance in a refund journal of its own. Exactly once: the hold is claimed by a
   * guarded update, so a second release of the same order finds nothing to release.
   * Answers the payout to submit once the transaction has committed.
   */
  async release(
    trx: Trx,
    orderId: string,
    at: Date,
    split?: DisputeSplit,
  ): Promise<PayoutOrder | undefined> {
    const order = await repo.findOrderById(trx, orderId);
    if (order.payment_status !== 'PAID' || order.released_at !== null) return undefined;
    // Its payout already waits for the grower's cooling-off: `releaseHeldPayouts` pays it.
    if (order.payout_held_until !== null) return undefined;
    if (order.rate_micro === null) throw new Error(`Order ${order.id} has no locked rate`);
    const lines = await repo.findLines(trx, order.id);
    const amounts = releaseAmounts(
      order.held_cents,
      lines.map((line) => ({
        quantityBoxes: line.quantity_boxes,
        unitPriceCents: line.unit_price_cents,
        perBoxFeesCents: line.logistic_cost_per_box_cents + line.in_out_per_box_cents,
        deliveredBoxes: line.delivered_boxes,
        deliveredUnitPriceCents: line.delivered_unit_price_cents,
      })),
      split,
    );
    if (amounts === 'SPLIT_MISMATCH') throw new AppError('INVALID_INPUT', { field: 'dRefund' });
    const claim = {
      heldCents: order.held_cents,
      refundedCents: amounts.goodsRefundCents + amounts.feesRefundCents,
      payoutUsdCents: amounts.payoutUsdCents,
    };
    if (amounts.payoutUsdCents > 0n) {
      // The grower's payout account changed recently: the payout waits out the cooling-off
      // (held, and shown as held) instead of going at once to an account nobody has checked;
      // the buyer's refund part is not the grower's money and goes back now.
      const vendor = await requireVendor(trx, order.vendor_enterprise_id);
      const heldUntil = vendor.payouts_held_until;
      if (heldUntil !== null && heldUntil > this.now()) {
        const held = await repo.claimReleaseWithPayoutHeld(trx, order.id, {
          ...claim,
          holdUntil: heldUntil,
        });
        if (held) await this.refundBuyer(trx, order, amounts, at);
        return undefined;
      }
    }
    if (!(await repo.claimRelease(trx, order.id, { ...claim, at }))) return undefined;
    const payout =
      amounts.payoutUsdCents > 0n
        ? await this.payGrower(trx, order, amounts.payoutUsdCents, at)
        : undefined;
    await this.refundBuyer(trx, order, amounts, at);
    return payout;
  }

  /**
   * Pays a released order's grower `amountUsd` in MXN at the order's locked rate, to the
   * grower's current CLABE (the payment keeps a copy of it). The caller has claimed the
   * release; answers the payout to submit once the transaction has committed.
   */
  async payGrower(trx: Trx, order: OrderRow, amountUsd: bigint, at: Date): Promise<PayoutOrder> {
    if (order.rate_micro === null) throw new Error(`Order ${order.id} has no locked rate`);
    const vendor = await requireVendor(trx, order.vendor_enterprise_id);
    await repo.lockBuyer(trx, order.buyer_enterprise_id);
    const recipient = await this.vendorRecipient(trx, order.buyer_enterprise_id, vendor);
    const made = await this.finance.payments.payOrderPayoutInTransaction(
      trx,
      order.buyer_enterprise_id,
      {
        recipient,
        amountUsd,
        rateMicro: order.rate_micro,
        quoteId: order.quote_id,
        concept: conceptOf(order),
        orderTracking: order.tracking_id.toString(),
        now: at,
      },
    );
    await repo.updateOrder(trx, order.id, { payment_id: made.payment.sPaymentId });
    await publishOrderPayoutSent(trx, {
      orderId: order.id,
      trackingId: order.tracking_id,
      vendorEnterpriseId: vendor.id,
      amountUsdCents: amountUsd,
      amountMxnCents: convertUsdToMxn(amountUsd, order.rate_micro),
      rateMicro: order.rate_micro,
      clabe: recipient.clabe,
      trackingKey: made.payment.sTrackingKey,
      at,
    });
    return made.order;
  }

  /** The release's refund to the buyer (goods not accepted, fees of boxes not delivered). */
  async refundBuyer(trx: Trx, order: OrderRow, amounts: ReleaseAmounts, at: Date): Promise<void> {
    if (amounts.goodsRefundCents + amounts.feesRefundCents === 0n) return;
    await this.finance.ledger.post(
      trx,
      refundJournal(order.buyer_enterprise_id, {
        orderId: order.id,
        trackingId: order.tracking_id,
        amounts,
        at,
      }),
    );
  }

  /**
   * Pays the payouts that waited for their grower's cooling-off once it has ended, to the
   * grower's account as it is then; a grower that changed its account again meanwhile
   * pushes its payouts to the new end. Each order is claimed `for update skip locked` and
   * paid once, so processes running this side by side never pay one twice. Answers how
   * many it paid.
   */
  async releaseHeldPayouts(): Promise<number> {
    const now = this.now();
    let paid = 0;
    for (;;) {
      const payouts: PayoutOrder[] = [];
      const done = await this.db.transaction().execute(async (trx) => {
        const due = await repo.lockHeldPayoutsDue(trx, now, FINISH_BATCH);
        let progressed = 0;
        for (const order of due) {
          const vendor = await requireVendor(trx, order.vendor_enterprise_id);
          if (vendor.payouts_held_until !== null && vendor.payouts_held_until > now) {
            await repo.setPayoutHeldUntil(trx, order.id, vendor.payouts_held_until);
            progressed += 1;
            continue;
          }
          // Without a valid CLABE the payout stays held until the grower registers one.
          if (!(await isPayable(trx, order.vendor_enterprise_id))) continue;
          const amountUsd = order.payout_usd_cents ?? 0n;
          const claimed = await repo.claimHeldPayout(trx, order.id, {
            payoutUsdCents: amountUsd,
            at: now,
          });
          if (!claimed) continue;
          if (amountUsd > 0n) payouts.push(await this.payGrower(trx, order, amountUsd, now));
          paid += 1;
          progressed += 1;
        }
        return { seen: due.length, progressed };
      });
      for (const payout of payouts) await this.finance.payments.submitPayout(payout);
      if (done.seen < FINISH_BATCH || done.progressed === 0) return paid;
    }
  }
  /**
   * The buyer's payee for the grower (made on first use): the grower's name and CLABE,
   * its RFC (or the generic foreign one), its manager's e-mail. Paying through a payee
   * of the buyer's own enterprise puts the payment in the buyer's finance history.
   */
  async vendorRecipient(
    trx: Trx,
    buyerId: string,
    vendor: NonNullable<Awaited<ReturnType<typeof repo.findVendor>>>,
  ): Promise<PaymentRecipientRow> {
    const clabe = requireVendorClabe(vendor);
    const rfc = vendor.tax_id ? validateRfc(vendor.tax_id) : undefined;
    return this.finance.suppliers.ensureRecipient(trx, buyerId, {
      name: vendor.name,
      email: (await repo.findManagerEmail(trx, vendor.id)) ?? '',
      bankName: vendor.bank_name_mxn?.trim() || bankNameFromClabe(clabe) || 'SPEI',
      clabe,
      taxId: rfc?.ok ? rfc.normalized : GENERIC_FOREIGN_RFC,
      entityBusiness: 'COMPANY',
    });
  }
  // -------------------------------------------------------------------------------------
  // For the disputes module (its transaction, the order locked)

  /**
   * The buyer's order a dispute is opened on, locked: delivered, not finished, within the
   * dispute window of its delivery, not disputed already.
   */
  async lockOrderToDispute(
    trx: Trx,
    buyerEnterpriseId: string,
    orderId: string,
  ): Promise<OrderRow> {
    const order = await requireOrder(
      trx,
      { side: 'buyer', enterpriseId: buyerEnterpriseId },
      orderId,
      { forUpdate: true },
    );
    const now = this.now();
    if (order.disputed_at !== null) {
      throw new AppError('DISPUTE_ALREADY_OPENED', { field: 'sOrderId' });
    }
    if (order.status !== 'DELIVERED' || order.delivered_at === null) {
      throw new AppError('INVALID_STATE', { field: 'sOrderId' });
    }
    const hours = this.config.DISPUTE_WINDOW_HOURS;
    if (now.getTime() >= order.delivered_at.getTime() + hours * HOUR_MS) {
      throw new AppError('DISPUTE_WINDOW_CLOSED', { field: 'sOrderId', params: { hours } });
    }
    return order;
  }

  /** The order moves to the disputed tab and waits for the dispute's resolution. */
  async markDisputed(trx: Trx, orderId: string, at: Date): Promise<void> {
    await repo.updateOrder(trx, orderId, { disputed_at: at });
  }

  /**
   * A resolved dispute finishes its delivered order and releases its hold: the split when
   * the operator gave one, else as an acceptance (the accepted goods to the grower).
   * Answers the payout to submit once the caller's transaction has committed.
   */
  async finishAfterDispute(
    trx: Trx,
    party: OrderParty,
    orderId: string,
    at: Date,
    split?: DisputeSplit,
  ): Promise<PayoutOrder | undefined> {
    const order = await requireOrder(trx, party, orderId, { forUpdate: true });
    if (split && order.payment_status === 'PAID' && order.released_at === null) {
      // Checked before anything is written, so a bad split leaves the dispute open.
      if (split.refundCents + split.releaseCents !== order.held_cents) {
        throw new AppError('INVALID_INPUT', { field: 'dRefund' });
      }
    }
    if (order.status === 'DELIVERED') await this.finish(trx, order.id, at, null);
    return this.release(trx, order.id, at, split);
  }

  /** Submits a payout made in a committed transaction to the payout rail. */
  async submitPayout(payout: PayoutOrder | undefined): Promise<void> {
    if (payout) await this.finance.payments.submitPayout(payout);
  }

  /** The goods money an order holds (for the dispute screen's split), 0 when none. */
  async heldOf(trx: Trx, party: OrderParty, orderId: string): Promise<bigint> {
    const order = await requireOrder(trx, party, orderId);
    return order.held_cents;
  }

  /** Locks the order of a party (404 otherwise), for a caller that then locks its dispute. */
  async lockOrder(trx: Trx, party: OrderParty, orderId: string): Promise<OrderRow> {
    return requireOrder(trx, party, orderId, { forUpdate: true });
  }
  async finish(trx: Trx, orderId: string, at: Date, actorUserId: string | null): Promise<void> {
    await repo.updateOrder(trx, orderId, { status: 'FINISHED', finished_at: at });
    await repo.insertEvent(trx, { orderId, status: 'FINISHED', at, actorUserId });
    await publishOrderStatusChanged(trx, orderId, 'FINISHED', at);
  }

  /**
   * Delivered orders finish by themselves once the dispute window has closed with no
   * dispute (PACA: the load is accepted when not rejected in time), and their holds are
   * released to the grower. Run lazily when a party reads its orders, and for every party
   * by `releaseDueOrders` (the app's timer, or a job); the event carries the time the
   * window closed.
   */
  async finishDue(party: OrderParty | undefined): Promise<{ seen: number; finished: number }> {
    const windowMs = this.config.DISPUTE_WINDOW_HOURS * HOUR_MS;
    const cutoff = new Date(this.now().getTime() - windowMs);
    const payouts: PayoutOrder[] = [];
    let finished = 0;
    const done = await this.db.transaction().execute(async (trx) => {
      const due = await repo.lockDeliveredBefore(trx, party, cutoff, FINISH_BATCH);
      for (const order of due) {
        if (!order.delivered_at) continue;
        // A grower that cannot be paid (its CLABE removed) keeps the order delivered and its
        // money held: it is released once the grower can be paid, without blocking the rest.
        if (!(await isPayable(trx, order.vendor_enterprise_id))) continue;
        const closedAt = new Date(order.delivered_at.getTime() + windowMs);
        await this.finish(trx, order.id, closedAt, null);
        const payout = await this.release(trx, order.id, closedAt);
        if (payout) payouts.push(payout);
        finished += 1;
      }
      return { seen: due.length, finished };
    });
    for (const payout of payouts) await this.finance.payments.submitPayout(payout);
    return done;
  }

  /**
   * The dispute window's close for every order: finishes and releases (pays the grower,
   * refunds the buyer) each delivered order whose window closed with no dispute. Safe to
   * run from several processes and beside acceptances: each order is released once.
   * Answers how many orders it finished.
   */
  async releaseDueOrders(): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.finishDue(undefined);
      total += done.finished;
      // A batch of orders that all wait for their grower's CLABE would come back as it is.
      if (done.seen < FINISH_BATCH || done.finished === 0) return total;
    }
  }
}

function conceptOf(order: { tracking_id: bigint }): string {
  return `Pedido marketplace #${order.tracking_id.toString()}`;
}
