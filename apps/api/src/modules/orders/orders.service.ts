import { randomUUID } from 'node:crypto';
import {
  bankNameFromClabe,
  convertUsdToMxn,
  forwardDateProblem,
  moneyToDecimalString,
  moneyToNumber,
  rateToNumber,
  todayInTimeZone,
  validateClabe,
  validateRfc,
  type CalendarDate,
  type Language,
} from '@app/domain';
import type { Config } from '../../config.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { PostingLine } from '../../ledger/ledger.service.js';
import { AppError, isAppError } from '../../errors.js';
import { journalText } from '../../ledger/journal-description.js';
import { runMoneyWrite } from '../../ledger/money-write.js';
import type { CartService } from '../cart/cart.service.js';
import type { FinanceServices } from '../finance.js';
import type { PayoutOrder } from '../payments/payout-rail.js';
import { isUuid } from '../rates/rates.service.js';
import type { PaymentRecipientRow } from '../suppliers/suppliers.service.js';
import type { WarehousesService } from '../warehouses/warehouses.service.js';
import {
  chargeTotal,
  holdLines,
  refundJournal,
  releaseAmounts,
  type ReleaseAmounts,
  type DisputeSplit,
  type OrderCharge,
} from './order-money.js';
import {
  deliveredLineTotal,
  feeLabel,
  freightPerPallet,
  loadTransports,
  palletsFor,
  PREVIEW_FEE_LABELS,
  priceOrder,
  warehouseKm,
  type PreviewFeeKey,
} from './order-pricing.js';
import {
  isDelivered,
  isOrderStatus,
  nextVendorStatus,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_METHOD_LABELS,
  type OrderPaymentStatus,
  type OrderStatus,
  type OrderTab,
  type PaymentMethod,
} from './order-statuses.js';
import * as repo from './orders.repository.js';
import type { OrderParty, OrderRow } from './orders.repository.js';
import { publishOrderStatusChanged } from '../events/event-sources.js';

export type { OrderParty } from './orders.repository.js';

/** A deferred payment keeps the checkout quote's rate this long. */
export const RATE_LOCK_HOURS = 24;
/** The RFC a foreign or unregistered grower is paid under (SAT's generic foreign RFC). */
const GENERIC_FOREIGN_RFC = 'XEXX010101000';
const HOUR_MS = 3_600_000;
/** Orders one read finishes at most when their dispute windows have closed. */
const FINISH_BATCH = 200;
export const ORDER_PAGE_MAX = 100;
const PAYOUT_LIST_MAX = 500;
const HELD_LIST_MAX = 500;

export interface CheckoutInput {
  vendorId: string;
  warehouseId: string;
  paymentMethod: PaymentMethod;
  /** A spot quote id (PAY_NOW, CONVERT_MXN, DEFERRED) or a forward quote id (FORWARD). */
  quoteId: string;
  /** The rate the buyer was shown; when sent it must equal the quote's. */
  statedRateMicro?: bigint | undefined;
  forwardDate?: CalendarDate | undefined;
}

export interface Caller {
  enterpriseId: string;
  userId: string;
}

export interface ApiOrderLine {
  sLineId: string;
  sProductId: string;
  sProductName: string;
  /** The grower the line is bought from. */
  sName: string;
  dQuantity: number;
  dBoxesPerPallet: number;
  dPallets: number;
  dUnitPriceUSD: number;
  /** Freight per box, a decimal string (a pallet's freight shared over its boxes). */
  sLogisticCost: string;
  /** The border cold storage's in/out charge per box. */
  dTotalInOutPerBox: number;
  /** Unit price + freight + in/out, per box, a decimal string. */
  sTotalPerBox: string;
  /** Boxes × total per box, a decimal string. */
  sTotal: string;
  dDeliveredQuantity: number | null;
  dDeliveredUnitPrice: number | null;
  /** Delivered boxes × (delivered unit price + freight + in/out); null until delivered. */
  dFinalPrice: number | null;
}

export interface ApiOrderFee {
  sFeeId: string;
  sFeeKey: string;
  sFeeName: string;
  dTotal: number;
}

export interface ApiTimelineStep {
  sStatus: OrderStatus;
  sName: string;
  sNameEn: string;
  sNameSp: string;
  /** When the order reached the step; null when it has not. */
  created_at: string | null;
  bReached: boolean;
  bCurrent: boolean;
}

export interface ApiTransport {
  iNumber: number;
  iPallets: number;
  lines: Array<{ sLineId: string; sProductName: string; iPallets: number }>;
}

export interface ApiOrderPayment {
  sMethod: PaymentMethod;
  sMethodName: string;
  sStatus: OrderPaymentStatus;
  /** The finance payment to the grower (GET payments/ of the buyer), once paid. */
  sPaymentId: string | null;
  /** The conversion (CONVERT_MXN, FORWARD) the pesos came from. */
  sTransactionId: string | null;
  dAmountUsd: number;
  dAmountMxn: number | null;
  dExchangeRate: number | null;
  sExchangeRateReference: string | null;
  /** DEFERRED: until when the locked rate holds. */
  rate_locked_until: string | null;
  /** FORWARD: the forward's settlement date. */
  dForwardDate: string | null;
  paid_at: string | null;
}

export interface ApiOrderSummary {
  sOrderId: string;
  iTrackingId: number;
  created_at: string;
  sStatus: OrderStatus;
  sStatusName: string;
  sBuyerId: string;
  sBuyerName: string;
  sVendorId: string;
  sVendorName: string;
  sWarehouseId: string;
  sWarehouseName: string;
  dSubtotal: number;
  dFees: number;
  dTotal: number;
  /** Σ delivered lines + fees, once delivered. */
  dFinalPrice: number | null;
  iPallets: number;
  iTransports: number;
  iLines: number;
  sPaymentMethod: PaymentMethod;
  sPaymentStatus: OrderPaymentStatus;
  sDisputeId: string | null;
  sDisputeStatus: 'IN_PROCESS' | 'FINALIZED' | null;
  bRated: boolean;
  delivered_at: string | null;
  finished_at: string | null;
}

export interface ApiOrder extends ApiOrderSummary {
  warehouse: {
    sWarehouseId: string;
    sName: string;
    sAddress: string;
    sCity: string;
    sState: string;
    sCountry: string;
    sPostalCode: string;
    /** The dock contact the grower's carrier calls, and the receiving hours and notes. */
    sPhone: string;
    sEmail: string;
    sManager: string;
    sNotes: string | null;
  };
  lines: ApiOrderLine[];
  fees: ApiOrderFee[];
  timeline: ApiTimelineStep[];
  transports: ApiTransport[];
  payment: ApiOrderPayment;
  iOrderedBoxes: number;
  iDeliveredBoxes: number | null;
  rating: { iStars: number; sComment: string | null; created_at: string } | null;
  /** The status the vendor may move the order to next; null when none. */
  sNextStatus: OrderStatus | null;
  /** Until when the buyer may open a dispute (delivery + the PACA window). */
  dispute_deadline: string | null;
  bCanAccept: boolean;
  bCanRate: boolean;
  bCanDispute: boolean;
  money: ApiOrderMoney;
}

export interface ApiPreview {
  dGoods: number;
  fees: Array<{ sFeeKey: string; sFeeName: string; dTotal: number }>;
  dTotal: number;
  dTotalMxn: number;
  dExchangeRate: number;
  iPallets: number;
  iTransports: number;
  /** Great-circle kilometres from the crossing (McAllen) to the warehouse. */
  iDistanceKm: number;
}

export interface ApiVendorPayout {
  sOrderId: string;
  iTrackingId: number;
  dAmountUsd: number;
  dAmountMxn: number;
  dExchangeRate: number;
  sStatus: 'PROCESSING' | 'COMPLETED' | 'RETURNED';
  sTrackingKey: string;
  sClabeMasked: string;
  created_at: string;
}

export interface ApiHeldFunds {
  dTotal: number;
  iOrders: number;
  orders: Array<{
    sOrderId: string;
    iTrackingId: number;
    sStatus: OrderStatus;
    sStatusName: string;
    sBuyerName: string;
    sVendorName: string;
    dHeld: number;
    bDisputed: boolean;
    created_at: string;
  }>;
}

/** An order's three-party money: what is held, refunded and paid out to the grower. */
export interface ApiOrderMoney {
  dGoods: number;
  dHeld: number;
  dRefunded: number;
  dPayoutUsd: number | null;
  dPayoutMxn: number | null;
  released_at: string | null;
  /** The payout waits until then: the grower's payout account changed (cooling-off). */
  dPayoutHeldUntil: string | null;
  /** Paid and held, or for a forward, booked: the grower may start preparing it. */
  bSecured: boolean;
}

export interface DeliveredLineInput {
  lineId: string;
  deliveredBoxes: number;
  deliveredUnitPriceCents?: bigint | undefined;
}

/** Field names of finance refusals, as the checkout and pay bodies name them. */
const FINANCE_FIELDS: Record<string, string> = {
  referenceExchangeRate: 'sExchangeRateReference',
  dForwardTransactionDate: 'dForwardDate',
  sTransactionId: 'sOrderId',
  sPaymentRecipientId: 'sVendorId',
};

async function withOrderFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.field !== undefined) {
      const field = FINANCE_FIELDS[error.field];
      if (field) throw new AppError(error.code, { field, cause: error });
    }
    throw error;
  }
}

/**
 * Marketplace orders: checkout (stock, transports, fees and the payment to the grower in
 * one transaction through the finance money core), tracking through the ten statuses,
 * delivered quantities, acceptance and ratings.
 */
export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly finance: FinanceServices,
    private readonly cart: CartService,
    private readonly warehouses: WarehousesService,
    private readonly config: Pick<
      Config,
      | 'TRUCK_PALLETS'
      | 'DISPUTE_WINDOW_HOURS'
      | 'FREIGHT_BASE_PER_PALLET_CENTS'
      | 'FREIGHT_PER_100KM_PER_PALLET_CENTS'
    >,
    private readonly now: () => Date,
  ) {}

  // -------------------------------------------------------------------------------------
  // Checkout and payment

  /**
   * POST orders/checkout: turns the buyer's cart of one vendor into an order and pays it
   * (or books how it will be paid), all in one transaction. A refusal writes nothing.
   */
  async checkout(
    caller: Caller,
    input: CheckoutInput,
    idempotencyKey: string | undefined,
    language: Language,
  ): Promise<ApiOrder> {
    const now = this.now();
    let payout: PayoutOrder | undefined;
    const result = await runMoneyWrite(
      this.db,
      {
        enterpriseId: caller.enterpriseId,
        idempotencyKey,
        operation: 'orders/checkout',
        body: input,
        now,
      },
      async (trx) => {
        const placed = await this.placeOrder(trx, caller, input, now);
        payout = placed.payout;
        return { status: 201, body: { sOrderId: placed.orderId } };
      },
    );
    if (payout) await this.finance.payments.submitPayout(payout);
    return this.get(
      { side: 'buyer', enterpriseId: caller.enterpriseId },
      result.body.sOrderId,
      language,
    );
  }

  /**
   * POST orders/:id/pay: pays an order whose payment is pending. DEFERRED pays now from
   * the USD balance at the locked rate while it holds (24 h), else at the given live
   * quote. FORWARD settles the forward when due (if the buyer has not already) and pays
   * the grower from its pesos.
   */
  async pay(
    caller: Caller,
    orderId: string,
    input: { quoteId?: string | undefined },
    idempotencyKey: string | undefined,
    language: Language,
  ): Promise<ApiOrder> {
    const party: OrderParty = { side: 'buyer', enterpriseId: caller.enterpriseId };
    const now = this.now();
    let payout: PayoutOrder | undefined;
    await runMoneyWrite(
      this.db,
      {
        enterpriseId: caller.enterpriseId,
        idempotencyKey,
        operation: 'orders/pay',
        body: { orderId, ...input },
        now,
      },
      async (trx) => {
        const order = await this.requireOrder(trx, party, orderId, { forUpdate: true });
        if (order.payment_status === 'PAID') {
          throw new AppError('INVALID_STATE', { field: 'sOrderId' });
        }
        if (order.payment_method === 'DEFERRED') {
          const lockedUntil =
            order.rate_locked_at === null
              ? 0
              : order.rate_locked_at.getTime() + RATE_LOCK_HOURS * HOUR_MS;
          let rateMicro: bigint;
          let quoteId: string;
          if (now.getTime() < lockedUntil && order.rate_micro !== null && order.quote_id !== null) {
            rateMicro = order.rate_micro;
            quoteId = order.quote_id;
          } else {
            if (!input.quoteId)
              throw new AppError('QUOTE_EXPIRED', { field: 'sExchangeRateReference' });
            const quote = await this.finance.rates.requireSpotQuote(
              trx,
              caller.enterpriseId,
              input.quoteId,
              {
                field: 'sExchangeRateReference',
              },
            );
            rateMicro = quote.rateMicro;
            quoteId = quote.id;
          }
          await repo.updateOrder(trx, order.id, { rate_micro: rateMicro, quote_id: quoteId });
          await this.hold(
            trx,
            { ...order, rate_micro: rateMicro },
            { source: 'USD', quoteId, now },
          );
        } else if (order.payment_method === 'FORWARD' && order.conversion_id) {
          const conversionId = order.conversion_id;
          let conversion = await this.finance.conversions.requireConversion(
            trx,
            caller.enterpriseId,
            conversionId,
            { field: 'sOrderId', forUpdate: true },
          );
          if (conversion.status === 'ACTIVE') {
            conversion = await withOrderFields(() =>
              this.finance.conversions.closeForwardInTransaction(
                trx,
                caller.enterpriseId,
                conversionId,
                now,
              ),
            );
          }
          // The forward's pesos are spent on the order: they go back through FX liquidity at
          // the forward's rate, and the order is held in USD at that locked rate.
          await withOrderFields(() =>
            this.finance.conversions.recordPaid(trx, conversionId, conversion.mxn_cents),
          );
          await this.hold(trx, order, {
            source: 'MXN',
            mxnCents: conversion.mxn_cents,
            quoteId: order.quote_id,
            now,
          });
          // Accepted before its forward settled: the hold is released at once.
          if (order.status === 'FINISHED') payout = await this.release(trx, order.id, now);
        } else {
          throw new AppError('INVALID_STATE', { field: 'sOrderId' });
        }
        return { status: 200, body: { sOrderId: order.id } };
      },
    );
    if (payout) await this.finance.payments.submitPayout(payout);
    return this.get(party, orderId, language);
  }

  /**
   * POST orders/checkout/preview: what `checkout` with the same body would charge, priced
   * by the same code from the same cart, warehouse and quote. It writes nothing.
   */
  async preview(caller: Caller, input: CheckoutInput, language: Language): Promise<ApiPreview> {
    const quoted = await this.quoteCart(this.db, caller.enterpriseId, input, this.now(), {
      lock: false,
    });
    const { priced, pricing } = quoted;
    const fees: Array<{ key: PreviewFeeKey; cents: bigint }> = [
      { key: 'LOGISTICS', cents: priced.logisticsCents },
      { key: 'IN_OUT', cents: priced.inOutCents },
      ...priced.fees.map((fee) => ({ key: fee.key, cents: fee.totalCents })),
    ];
    return {
      dGoods: moneyToNumber(priced.goodsCents),
      fees: fees.map((fee) => ({
        sFeeKey: fee.key,
        sFeeName: PREVIEW_FEE_LABELS[language][fee.key],
        dTotal: moneyToNumber(fee.cents),
      })),
      dTotal: moneyToNumber(priced.totalCents),
      dTotalMxn: moneyToNumber(convertUsdToMxn(priced.totalCents, pricing.rateMicro)),
      dExchangeRate: rateToNumber(pricing.rateMicro),
      iPallets: priced.pallets,
      iTransports: priced.transports,
      iDistanceKm: quoted.km,
    };
  }

  /**
   * The cart of one grower priced for a checkout: warehouse, grower, stock and prices
   * checked, the quote checked for the method, freight by the warehouse's distance from
   * the crossing. With `lock` (checkout) the buyer and the articles are locked first.
   */
  private async quoteCart(
    db: Executor,
    buyerId: string,
    input: CheckoutInput,
    now: Date,
    options: { lock: boolean },
  ) {
    if ((await this.warehouses.countWarehouses(db, buyerId)) === 0) {
      throw new AppError('INVALID_STATE', { field: 'sWarehouseId' });
    }
    const warehouse = await this.warehouses.requireWarehouse(db, buyerId, input.warehouseId);
    const vendor = await this.requireVendor(db, input.vendorId);
    // A grower without a valid CLABE cannot be paid: refused before anything is written.
    if (!validateClabe(vendor.clabe?.trim() ?? '').ok) {
      throw new AppError('GROWER_NOT_PAYABLE', { field: 'sVendorId' });
    }
    if (options.lock) await repo.lockBuyer(db as Trx, buyerId);
    const cartLines = await this.cart.vendorCart(db, buyerId, vendor.id);
    if (cartLines.length === 0) throw new AppError('INVALID_STATE', { field: 'sVendorId' });
    const articles = new Map(
      (
        await repo.readArticles(db, [...new Set(cartLines.map((line) => line.articleId))].sort(), {
          forUpdate: options.lock,
        })
      ).map((article) => [article.id, article]),
    );
    const checked = cartLines.map((line, index) => {
      const article = articles.get(line.articleId);
      if (!article || !article.active || article.vendor_enterprise_id !== vendor.id) {
        throw new AppError('INVALID_STATE', { field: `aProducts.${index}.sProductId` });
      }
      // Never charge a price the buyer has not seen: the cart must be reviewed first.
      if (article.price_per_box_cents !== line.pricePerBoxCentsSeen) {
        throw new AppError('INVALID_STATE', { field: `aProducts.${index}.dPricePerBox` });
      }
      const field = `aProducts.${index}.dQuantity`;
      if (line.quantityBoxes > article.stock_boxes) {
        throw new AppError('OVER_STOCK', { field, params: { available: article.stock_boxes } });
      }
      if (line.quantityBoxes < article.min_boxes) {
        throw new AppError('UNDER_MINIMUM', { field, params: { minimum: article.min_boxes } });
      }
      return { article, quantityBoxes: line.quantityBoxes };
    });
    const pricing = await this.pricingOf(db, buyerId, input, now);
    const km = warehouseKm(warehouse);
    const priced = priceOrder(
      checked.map(({ article, quantityBoxes }) => ({
        quantityBoxes,
        boxesPerPallet: article.boxes_per_pallet,
        unitPriceCents: article.price_per_box_cents,
      })),
      this.config.TRUCK_PALLETS,
      freightPerPallet(km, {
        basePerPalletCents: BigInt(this.config.FREIGHT_BASE_PER_PALLET_CENTS),
        per100KmPerPalletCents: BigInt(this.config.FREIGHT_PER_100KM_PER_PALLET_CENTS),
      }),
    );
    return { warehouse, vendor, checked, pricing, priced, km };
  }

  private async placeOrder(
    trx: Trx,
    caller: Caller,
    input: CheckoutInput,
    now: Date,
  ): Promise<{ orderId: string; payout: PayoutOrder | undefined }> {
    const buyerId = caller.enterpriseId;
    const { warehouse, vendor, checked, pricing, priced, km } = await this.quoteCart(
      trx,
      buyerId,
      input,
      now,
      { lock: true },
    );
    for (const { article, quantityBoxes } of checked) {
      if (!(await repo.takeStock(trx, article.id, quantityBoxes, now))) {
        throw new AppError('INVALID_STATE', { field: 'sVendorId' });
      }
    }
    const order = await repo.insertOrder(trx, {
      id: randomUUID(),
      buyer_enterprise_id: buyerId,
      vendor_enterprise_id: vendor.id,
      warehouse_id: warehouse.id,
      status: 'ORDER_RECEIVED',
      payment_method: input.paymentMethod,
      payment_status: 'PENDING',
      subtotal_cents: priced.subtotalCents,
      fees_cents: priced.feesCents,
      total_cents: priced.totalCents,
      goods_cents: priced.goodsCents,
      freight_km: km,
      pallets: priced.pallets,
      transports: priced.transports,
      rate_micro: pricing.rateMicro,
      quote_id: pricing.quoteId,
      rate_locked_at: input.paymentMethod === 'DEFERRED' ? now : null,
      buyer_user_id: caller.userId,
      created_at: now,
    });
    await repo.insertLines(
      trx,
      priced.lines.map((line, index) => ({
        id: randomUUID(),
        order_id: order.id,
        article_id: checked[index]!.article.id,
        product_name: checked[index]!.article.name,
        quantity_boxes: line.quantityBoxes,
        boxes_per_pallet: line.boxesPerPallet,
        unit_price_cents: line.unitPriceCents,
        logistic_cost_per_box_cents: line.logisticPerBoxCents,
        in_out_per_box_cents: line.inOutPerBoxCents,
      })),
    );
    await repo.insertFees(
      trx,
      priced.fees.map((fee) => ({
        id: randomUUID(),
        order_id: order.id,
        name: fee.key,
        total_cents: fee.totalCents,
      })),
    );
    await repo.insertEvent(trx, {
      orderId: order.id,
      status: 'ORDER_RECEIVED',
      at: now,
      actorUserId: caller.userId,
    });
    await publishOrderStatusChanged(trx, order.id, 'ORDER_RECEIVED', now);
    await this.cart.clearVendorCart(trx, buyerId, vendor.id);

    if (input.paymentMethod === 'PAY_NOW' || input.paymentMethod === 'CONVERT_MXN') {
      // The previewed total leaves the USD balance: goods held for the order, fees to the house.
      await this.hold(trx, order, { source: 'USD', quoteId: pricing.quoteId, now });
    } else if (input.paymentMethod === 'FORWARD') {
      // The forward secures the money: its deposit is held now, the rest at settlement.
      const conversion = await withOrderFields(() =>
        this.finance.conversions.convertUsdInTransaction(
          trx,
          buyerId,
          {
            kind: 'FORWARD',
            quoteId: pricing.quoteId,
            statedRateMicro: pricing.rateMicro,
            external: false,
            forwardDate: input.forwardDate,
            amountUsd: order.total_cents,
          },
          now,
        ),
      );
      await repo.updateOrder(trx, order.id, { conversion_id: conversion.id });
    }
    return { orderId: order.id, payout: undefined };
  }

  /**
   * The ORDER_HOLD journal (docs/MONEY.md): the order's total leaves the buyer (its USD, or
   * for a settled forward its MXN through FX liquidity at the forward's rate), the goods
   * are held for the order and the fees go to the house. The order is then paid.
   */
  private async hold(
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
  private async release(
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
      const vendor = await this.requireVendor(trx, order.vendor_enterprise_id);
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
  private async payGrower(
    trx: Trx,
    order: OrderRow,
    amountUsd: bigint,
    at: Date,
  ): Promise<PayoutOrder> {
    if (order.rate_micro === null) throw new Error(`Order ${order.id} has no locked rate`);
    const vendor = await this.requireVendor(trx, order.vendor_enterprise_id);
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
    return made.order;
  }

  /** The release's refund to the buyer (goods not accepted, fees of boxes not delivered). */
  private async refundBuyer(
    trx: Trx,
    order: OrderRow,
    amounts: ReleaseAmounts,
    at: Date,
  ): Promise<void> {
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
          const vendor = await this.requireVendor(trx, order.vendor_enterprise_id);
          if (vendor.payouts_held_until !== null && vendor.payouts_held_until > now) {
            await repo.setPayoutHeldUntil(trx, order.id, vendor.payouts_held_until);
            progressed += 1;
            continue;
          }
          // Without a valid CLABE the payout stays held until the grower registers one.
          if (!(await this.isPayable(trx, order.vendor_enterprise_id))) continue;
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

  /** The quote of a checkout, checked for its method: a live spot or forward quote. */
  private async pricingOf(
    trx: Executor,
    buyerId: string,
    input: CheckoutInput,
    now: Date,
  ): Promise<{ quoteId: string; rateMicro: bigint }> {
    const options = {
      field: 'sExchangeRateReference',
      statedRateMicro: input.statedRateMicro,
      rateField: 'dExchangeRate',
    };
    if (input.paymentMethod !== 'FORWARD') {
      const quote = await this.finance.rates.requireSpotQuote(trx, buyerId, input.quoteId, options);
      return { quoteId: quote.id, rateMicro: quote.rateMicro };
    }
    const forwardDate = input.forwardDate;
    if (!forwardDate || forwardDateProblem(forwardDate, todayInTimeZone(now))) {
      throw new AppError('INVALID_INPUT', { field: 'dForwardDate' });
    }
    const quote = await withOrderFields(() =>
      this.finance.rates.requireForwardQuote(trx, buyerId, input.quoteId, {
        ...options,
        forwardDate,
      }),
    );
    return { quoteId: quote.id, rateMicro: quote.rateMicro };
  }

  private async requireVendor(trx: Executor, vendorId: string) {
    const vendor = isUuid(vendorId)
      ? await repo.findVendor(trx, vendorId.toLowerCase())
      : undefined;
    if (!vendor) throw new AppError('NOT_FOUND', { field: 'sVendorId' });
    return vendor;
  }

  private async isPayable(trx: Executor, vendorId: string): Promise<boolean> {
    const vendor = await repo.findVendor(trx, vendorId);
    return vendor !== undefined && validateClabe(vendor.clabe?.trim() ?? '').ok;
  }

  /** The grower's CLABE (its bank registration); without a valid one it cannot be paid. */
  private requireVendorClabe(vendor: { clabe: string | null }): string {
    const clabe = vendor.clabe?.trim() ?? '';
    if (!validateClabe(clabe).ok) throw new AppError('GROWER_NOT_PAYABLE', { field: 'sVendorId' });
    return clabe;
  }

  /**
   * The buyer's payee for the grower (made on first use): the grower's name and CLABE,
   * its RFC (or the generic foreign one), its manager's e-mail. Paying through a payee
   * of the buyer's own enterprise puts the payment in the buyer's finance history.
   */
  private async vendorRecipient(
    trx: Trx,
    buyerId: string,
    vendor: NonNullable<Awaited<ReturnType<typeof repo.findVendor>>>,
  ): Promise<PaymentRecipientRow> {
    const clabe = this.requireVendorClabe(vendor);
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
  // Reads

  async list(
    party: OrderParty,
    tab: OrderTab,
    page: { page: number; limit: number },
    language: Language,
  ): Promise<{ orders: ApiOrderSummary[]; total: number; page: number; limit: number }> {
    await this.finishDue(party);
    const limit = Math.min(page.limit, ORDER_PAGE_MAX);
    const [views, total] = await Promise.all([
      repo.listOrderViews(this.db, party, tab, { offset: (page.page - 1) * limit, limit }),
      repo.countOrders(this.db, party, tab),
    ]);
    return {
      orders: views.map((view) => toSummary(view, language)),
      total,
      page: page.page,
      limit,
    };
  }

  async get(party: OrderParty, orderId: string, language: Language): Promise<ApiOrder> {
    await this.finishDue(party);
    if (!isUuid(orderId)) throw new AppError('NOT_FOUND', { field: 'sOrderId' });
    const view = await repo.findOrderView(this.db, party, orderId.toLowerCase());
    if (!view) throw new AppError('NOT_FOUND', { field: 'sOrderId' });
    const [lines, fees, events, rating] = await Promise.all([
      repo.findLines(this.db, view.id),
      repo.findFees(this.db, view.id),
      repo.findEvents(this.db, view.id),
      repo.findRating(this.db, view.id),
    ]);
    let forwardDate: string | null = null;
    if (view.payment_method === 'FORWARD' && view.conversion_id) {
      const conversion = await this.finance.conversions.requireConversion(
        this.db,
        view.buyer_enterprise_id,
        view.conversion_id,
      );
      forwardDate = conversion.forward_date;
    }
    const status = view.status as OrderStatus;
    const reachedAt = new Map<string, Date>();
    for (const event of events)
      if (!reachedAt.has(event.status)) reachedAt.set(event.status, event.created_at);
    const summary = toSummary(view, language);
    const apiLines: ApiOrderLine[] = lines.map((line) => {
      const totalPerBox =
        line.unit_price_cents + line.logistic_cost_per_box_cents + line.in_out_per_box_cents;
      const delivered =
        line.delivered_boxes !== null && line.delivered_unit_price_cents !== null
          ? deliveredLineTotal({
              deliveredBoxes: line.delivered_boxes,
              deliveredUnitPriceCents: line.delivered_unit_price_cents,
              logisticPerBoxCents: line.logistic_cost_per_box_cents,
              inOutPerBoxCents: line.in_out_per_box_cents,
            })
          : null;
      return {
        sLineId: line.id,
        sProductId: line.article_id,
        sProductName: line.product_name,
        sName: view.vendor_name,
        dQuantity: line.quantity_boxes,
        dBoxesPerPallet: line.boxes_per_pallet,
        dPallets: palletsFor(line.quantity_boxes, line.boxes_per_pallet),
        dUnitPriceUSD: moneyToNumber(line.unit_price_cents),
        sLogisticCost: moneyToDecimalString(line.logistic_cost_per_box_cents),
        dTotalInOutPerBox: moneyToNumber(line.in_out_per_box_cents),
        sTotalPerBox: moneyToDecimalString(totalPerBox),
        sTotal: moneyToDecimalString(totalPerBox * BigInt(line.quantity_boxes)),
        dDeliveredQuantity: line.delivered_boxes,
        dDeliveredUnitPrice:
          line.delivered_unit_price_cents === null
            ? null
            : moneyToNumber(line.delivered_unit_price_cents),
        dFinalPrice: delivered === null ? null : moneyToNumber(delivered),
      };
    });
    const loads = loadTransports(
      lines.map((line) => palletsFor(line.quantity_boxes, line.boxes_per_pallet)),
      this.config.TRUCK_PALLETS,
    );
    const windowEnd =
      view.delivered_at === null
        ? null
        : new Date(view.delivered_at.getTime() + this.config.DISPUTE_WINDOW_HOURS * HOUR_MS);
    const now = this.now();
    const openToDispute =
      status === 'DELIVERED' && view.disputed_at === null && windowEnd !== null && now < windowEnd;
    const deliveredBoxes = lines.every((line) => line.delivered_boxes !== null)
      ? lines.reduce((sum, line) => sum + (line.delivered_boxes ?? 0), 0)
      : null;
    return {
      ...summary,
      warehouse: {
        sWarehouseId: view.warehouse_id,
        sName: view.warehouse_name,
        sAddress: view.warehouse_address,
        sCity: view.warehouse_city,
        sState: view.warehouse_state,
        sCountry: view.warehouse_country,
        sPostalCode: view.warehouse_postal_code,
        sPhone: view.warehouse_phone,
        sEmail: view.warehouse_email,
        sManager: view.warehouse_manager,
        sNotes: view.warehouse_notes,
      },
      lines: apiLines,
      fees: fees.map((fee) => ({
        sFeeId: fee.id,
        sFeeKey: fee.name,
        sFeeName: feeLabel(fee.name, language),
        dTotal: moneyToNumber(fee.total_cents),
      })),
      timeline: ORDER_STATUSES.map((step) => {
        const at = reachedAt.get(step);
        return {
          sStatus: step,
          sName: ORDER_STATUS_LABELS[language][step],
          sNameEn: ORDER_STATUS_LABELS.en[step],
          sNameSp: ORDER_STATUS_LABELS.sp[step],
          created_at: at ? at.toISOString() : null,
          bReached: at !== undefined,
          bCurrent: step === status,
        };
      }),
      transports: loads.map((load) => ({
        iNumber: load.number,
        iPallets: load.pallets,
        lines: load.lines.map((part) => ({
          sLineId: lines[part.index]!.id,
          sProductName: lines[part.index]!.product_name,
          iPallets: part.pallets,
        })),
      })),
      payment: {
        sMethod: view.payment_method as PaymentMethod,
        sMethodName: PAYMENT_METHOD_LABELS[language][view.payment_method as PaymentMethod],
        sStatus: view.payment_status,
        sPaymentId: view.payment_id,
        sTransactionId: view.conversion_id,
        dAmountUsd: moneyToNumber(view.total_cents),
        dAmountMxn:
          view.rate_micro === null
            ? null
            : moneyToNumber(convertUsdToMxn(view.total_cents, view.rate_micro)),
        dExchangeRate: view.rate_micro === null ? null : rateToNumber(view.rate_micro),
        sExchangeRateReference: view.quote_id,
        rate_locked_until:
          view.payment_method === 'DEFERRED' && view.rate_locked_at !== null
            ? new Date(view.rate_locked_at.getTime() + RATE_LOCK_HOURS * HOUR_MS).toISOString()
            : null,
        dForwardDate: forwardDate,
        paid_at: view.paid_at?.toISOString() ?? null,
      },
      iOrderedBoxes: lines.reduce((sum, line) => sum + line.quantity_boxes, 0),
      iDeliveredBoxes: deliveredBoxes,
      rating: rating
        ? {
            iStars: rating.stars,
            sComment: rating.comment,
            created_at: rating.created_at.toISOString(),
          }
        : null,
      sNextStatus: isOrderStatus(status) ? nextVendorStatus(status) : null,
      dispute_deadline: windowEnd?.toISOString() ?? null,
      bCanAccept: status === 'DELIVERED' && view.disputed_at === null,
      bCanRate: isDelivered(status) && !rating,
      bCanDispute: openToDispute,
      money: {
        dGoods: moneyToNumber(view.goods_cents),
        dHeld: moneyToNumber(view.held_cents),
        dRefunded: moneyToNumber(view.refunded_cents),
        dPayoutUsd: view.payout_usd_cents === null ? null : moneyToNumber(view.payout_usd_cents),
        dPayoutMxn:
          view.payout_usd_cents === null || view.rate_micro === null
            ? null
            : moneyToNumber(convertUsdToMxn(view.payout_usd_cents, view.rate_micro)),
        released_at: view.released_at?.toISOString() ?? null,
        dPayoutHeldUntil: view.payout_held_until?.toISOString() ?? null,
        bSecured: isMoneySecured(view),
      },
    };
  }

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
      const order = await this.requireOrder(trx, party, orderId, { forUpdate: true });
      const next = nextVendorStatus(order.status as OrderStatus);
      if (next === null || input.status !== next) {
        throw new AppError('INVALID_STATE', { field: 'sStatus' });
      }
      if (input.lines !== undefined && next !== 'DELIVERED') {
        throw new AppError('INVALID_INPUT', { field: 'lines' });
      }
      // Nothing leaves the packhouse before its money is secured: paid and held, or for a
      // forward, the forward booked.
      if (order.status === 'ORDER_RECEIVED' && !isMoneySecured(order)) {
        throw new AppError('INVALID_STATE', { field: 'sPaymentStatus' });
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
      if (next === 'DELIVERED') await this.recordDelivered(trx, order, input.lines ?? []);
    });
    return this.get(party, orderId, language);
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
      const order = await this.requireOrder(trx, party, orderId, { forUpdate: true });
      if (order.status !== 'DELIVERED') throw new AppError('INVALID_STATE', { field: 'sOrderId' });
      await this.recordDelivered(trx, order, lines);
    });
    return this.get(party, orderId, language);
  }

  /** Writes delivered quantities and the order's final price: Σ delivered lines + fees. */
  private async recordDelivered(
    trx: Trx,
    order: OrderRow,
    input: DeliveredLineInput[],
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
    let finalCents = order.fees_cents;
    for (const line of lines) {
      const change = given.get(line.id);
      // A line not given keeps what was recorded, or what was ordered at the ordered price.
      const boxes = change?.deliveredBoxes ?? line.delivered_boxes ?? line.quantity_boxes;
      const unitPrice =
        change?.deliveredUnitPriceCents ?? line.delivered_unit_price_cents ?? line.unit_price_cents;
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
  }

  /** POST orders/:id/accept: the buyer accepts the delivered load; the order is finished. */
  async accept(caller: Caller, orderId: string, language: Language): Promise<ApiOrder> {
    const party: OrderParty = { side: 'buyer', enterpriseId: caller.enterpriseId };
    const payout = await this.db.transaction().execute(async (trx) => {
      const order = await this.requireOrder(trx, party, orderId, { forUpdate: true });
      if (order.status !== 'DELIVERED' || order.disputed_at !== null) {
        throw new AppError('INVALID_STATE', { field: 'sOrderId' });
      }
      const now = this.now();
      await this.finish(trx, order.id, now, caller.userId);
      return this.release(trx, order.id, now);
    });
    if (payout) await this.finance.payments.submitPayout(payout);
    return this.get(party, orderId, language);
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
      const order = await this.requireOrder(trx, party, orderId, { forUpdate: true });
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
    const order = await this.requireOrder(
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
    const order = await this.requireOrder(trx, party, orderId, { forUpdate: true });
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
    const order = await this.requireOrder(trx, party, orderId);
    return order.held_cents;
  }

  /** Locks the order of a party (404 otherwise), for a caller that then locks its dispute. */
  async lockOrder(trx: Trx, party: OrderParty, orderId: string): Promise<OrderRow> {
    return this.requireOrder(trx, party, orderId, { forUpdate: true });
  }

  // -------------------------------------------------------------------------------------

  private async requireOrder(
    trx: Trx,
    party: OrderParty,
    orderId: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<OrderRow> {
    const order = isUuid(orderId)
      ? await repo.findOrder(trx, party, orderId.toLowerCase(), options)
      : undefined;
    if (!order) throw new AppError('NOT_FOUND', { field: 'sOrderId' });
    return order;
  }

  private async finish(
    trx: Trx,
    orderId: string,
    at: Date,
    actorUserId: string | null,
  ): Promise<void> {
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
  private async finishDue(
    party: OrderParty | undefined,
  ): Promise<{ seen: number; finished: number }> {
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
        if (!(await this.isPayable(trx, order.vendor_enterprise_id))) continue;
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

  /** GET vendor/payouts: the grower's payouts, newest first. */
  async vendorPayouts(vendorEnterpriseId: string): Promise<{ payouts: ApiVendorPayout[] }> {
    await this.finishDue({ side: 'vendor', enterpriseId: vendorEnterpriseId });
    const rows = await repo.listVendorPayouts(this.db, vendorEnterpriseId, PAYOUT_LIST_MAX);
    return {
      payouts: rows.map((row) => ({
        sOrderId: row.order_id,
        iTrackingId: Number(row.tracking_id),
        dAmountUsd: moneyToNumber(row.amount_usd),
        dAmountMxn: moneyToNumber(row.amount_mxn),
        dExchangeRate: rateToNumber(row.rate_micro),
        sStatus: row.status as ApiVendorPayout['sStatus'],
        sTrackingKey: row.tracking_key,
        sClabeMasked: maskClabe(row.clabe),
        created_at: row.created_at.toISOString(),
      })),
    };
  }

  /** POST ops/enterprises/:id/verified: only the operator sets a company's verified flag. */
  async setVerified(
    enterpriseId: string,
    verified: boolean,
  ): Promise<{ sEnterpriseId: string; bVerified: boolean }> {
    const id = isUuid(enterpriseId) ? enterpriseId.toLowerCase() : undefined;
    if (!id || !(await repo.setVerified(this.db, id, verified))) {
      throw new AppError('NOT_FOUND', { field: 'sEnterpriseId' });
    }
    return { sEnterpriseId: id, bVerified: verified };
  }

  /** The back office's held order funds: the total and each order still holding money. */
  async heldFunds(language: Language): Promise<ApiHeldFunds> {
    const [sum, rows] = await Promise.all([
      repo.sumHeld(this.db),
      repo.listHeldOrders(this.db, HELD_LIST_MAX),
    ]);
    return {
      dTotal: moneyToNumber(sum.total),
      iOrders: sum.count,
      orders: rows.map((row) => ({
        sOrderId: row.id,
        iTrackingId: Number(row.tracking_id),
        sStatus: row.status as OrderStatus,
        sStatusName: ORDER_STATUS_LABELS[language][row.status as OrderStatus],
        sBuyerName: row.buyer_name,
        sVendorName: row.vendor_name,
        dHeld: moneyToNumber(row.held_cents),
        bDisputed: row.disputed_at !== null,
        created_at: row.created_at.toISOString(),
      })),
    };
  }
}

/** Whether an order's money is secured: paid and held, or for a forward, the forward booked. */
export function isMoneySecured(order: {
  payment_status: string;
  payment_method: string;
  conversion_id: string | null;
}): boolean {
  return (
    order.payment_status === 'PAID' ||
    (order.payment_method === 'FORWARD' && order.conversion_id !== null)
  );
}

/** A CLABE shown with only its last four digits. */
export function maskClabe(clabe: string): string {
  return clabe.length <= 4 ? clabe : `${'•'.repeat(clabe.length - 4)}${clabe.slice(-4)}`;
}

function conceptOf(order: { tracking_id: bigint }): string {
  return `Pedido marketplace #${order.tracking_id.toString()}`;
}

function toSummary(view: repo.OrderView, language: Language): ApiOrderSummary {
  const status = view.status as OrderStatus;
  return {
    sOrderId: view.id,
    iTrackingId: Number(view.tracking_id),
    created_at: view.created_at.toISOString(),
    sStatus: status,
    sStatusName: ORDER_STATUS_LABELS[language][status],
    sBuyerId: view.buyer_enterprise_id,
    sBuyerName: view.buyer_name,
    sVendorId: view.vendor_enterprise_id,
    sVendorName: view.vendor_name,
    sWarehouseId: view.warehouse_id,
    sWarehouseName: view.warehouse_name,
    dSubtotal: moneyToNumber(view.subtotal_cents),
    dFees: moneyToNumber(view.fees_cents),
    dTotal: moneyToNumber(view.total_cents),
    dFinalPrice: view.final_total_cents === null ? null : moneyToNumber(view.final_total_cents),
    iPallets: view.pallets,
    iTransports: view.transports,
    iLines: Number(view.line_count ?? 0),
    sPaymentMethod: view.payment_method as PaymentMethod,
    sPaymentStatus: view.payment_status,
    sDisputeId: view.dispute_id ?? null,
    sDisputeStatus: (view.dispute_status as 'IN_PROCESS' | 'FINALIZED' | null) ?? null,
    bRated: view.rating_stars !== null && view.rating_stars !== undefined,
    delivered_at: view.delivered_at?.toISOString() ?? null,
    finished_at: view.finished_at?.toISOString() ?? null,
  };
}
