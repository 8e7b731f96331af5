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
import type { Db, Trx } from '../../db/database.js';
import { AppError, isAppError } from '../../errors.js';
import { runMoneyWrite } from '../../ledger/money-write.js';
import type { CartService } from '../cart/cart.service.js';
import type { FinanceServices } from '../finance.js';
import type { PayoutOrder } from '../payments/payout-rail.js';
import { isUuid } from '../rates/rates.service.js';
import type { PaymentRecipientRow } from '../suppliers/suppliers.service.js';
import type { WarehousesService } from '../warehouses/warehouses.service.js';
import {
  deliveredLineTotal,
  feeLabel,
  loadTransports,
  palletsFor,
  priceOrder,
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

export type { OrderParty } from './orders.repository.js';

/** A deferred payment keeps the checkout quote's rate this long. */
export const RATE_LOCK_HOURS = 24;
/** The RFC a foreign or unregistered grower is paid under (SAT's generic foreign RFC). */
const GENERIC_FOREIGN_RFC = 'XEXX010101000';
const HOUR_MS = 3_600_000;
/** Orders one read finishes at most when their dispute windows have closed. */
const FINISH_BATCH = 200;
export const ORDER_PAGE_MAX = 100;

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
    private readonly config: Pick<Config, 'TRUCK_PALLETS' | 'DISPUTE_WINDOW_HOURS'>,
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
        const vendor = await this.requireVendor(trx, order.vendor_enterprise_id);
        // As at checkout: one buyer's writes that may make the grower's payee run one at a time.
        await repo.lockBuyer(trx, caller.enterpriseId);
        const recipient = await this.vendorRecipient(trx, caller.enterpriseId, vendor);
        const concept = conceptOf(order);
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
          const made = await this.finance.payments.payNowInTransaction(trx, caller.enterpriseId, {
            recipient,
            amountUsd: order.total_cents,
            rateMicro,
            quoteId,
            concept,
          });
          payout = made.order;
          await repo.updateOrder(trx, order.id, {
            payment_status: 'PAID',
            payment_id: made.payment.sPaymentId,
            rate_micro: rateMicro,
            quote_id: quoteId,
            paid_at: now,
          });
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
          const made = await withOrderFields(() =>
            this.finance.payments.payFromConversionInTransaction(trx, caller.enterpriseId, {
              conversionId,
              recipientId: recipient.id,
              amountMxn: conversion.mxn_cents,
              comment: concept,
            }),
          );
          payout = made.order;
          await repo.updateOrder(trx, order.id, {
            payment_status: 'PAID',
            payment_id: made.payment.sPaymentId,
            paid_at: now,
          });
        } else {
          throw new AppError('INVALID_STATE', { field: 'sOrderId' });
        }
        return { status: 200, body: { sOrderId: order.id } };
      },
    );
    if (payout) await this.finance.payments.submitPayout(payout);
    return this.get(party, orderId, language);
  }

  private async placeOrder(
    trx: Trx,
    caller: Caller,
    input: CheckoutInput,
    now: Date,
  ): Promise<{ orderId: string; payout: PayoutOrder | undefined }> {
    const buyerId = caller.enterpriseId;
    if ((await this.warehouses.countWarehouses(trx, buyerId)) === 0) {
      throw new AppError('INVALID_STATE', { field: 'sWarehouseId' });
    }
    const warehouse = await this.warehouses.requireWarehouse(trx, buyerId, input.warehouseId);
    const vendor = await this.requireVendor(trx, input.vendorId);

    await repo.lockBuyer(trx, buyerId);
    const cartLines = await this.cart.vendorCart(trx, buyerId, vendor.id);
    if (cartLines.length === 0) throw new AppError('INVALID_STATE', { field: 'sVendorId' });
    const articles = new Map(
      (
        await repo.lockArticles(trx, [...new Set(cartLines.map((line) => line.articleId))].sort())
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
      if (line.quantityBoxes < article.min_boxes || line.quantityBoxes > article.stock_boxes) {
        throw new AppError('INVALID_STATE', { field: `aProducts.${index}.dQuantity` });
      }
      return { article, quantityBoxes: line.quantityBoxes };
    });

    // The rate and the grower's account are checked before anything is written.
    const pricing = await this.pricingOf(trx, buyerId, input, now);
    const recipient =
      input.paymentMethod === 'PAY_NOW' || input.paymentMethod === 'CONVERT_MXN'
        ? await this.vendorRecipient(trx, buyerId, vendor)
        : undefined;
    if (!recipient) this.requireVendorClabe(vendor);

    const priced = priceOrder(
      checked.map(({ article, quantityBoxes }) => ({
        quantityBoxes,
        boxesPerPallet: article.boxes_per_pallet,
        unitPriceCents: article.price_per_box_cents,
      })),
      this.config.TRUCK_PALLETS,
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
    await this.cart.clearVendorCart(trx, buyerId, vendor.id);

    const concept = conceptOf(order);
    let payout: PayoutOrder | undefined;
    if (input.paymentMethod === 'PAY_NOW' && recipient) {
      const made = await this.finance.payments.payNowInTransaction(trx, buyerId, {
        recipient,
        amountUsd: order.total_cents,
        rateMicro: pricing.rateMicro,
        quoteId: pricing.quoteId,
        concept,
      });
      payout = made.order;
      await repo.updateOrder(trx, order.id, {
        payment_status: 'PAID',
        payment_id: made.payment.sPaymentId,
        paid_at: now,
      });
    } else if (input.paymentMethod === 'CONVERT_MXN' && recipient) {
      const conversion = await withOrderFields(() =>
        this.finance.conversions.convertUsdInTransaction(
          trx,
          buyerId,
          {
            kind: 'FOREX',
            quoteId: pricing.quoteId,
            statedRateMicro: pricing.rateMicro,
            external: false,
            amountUsd: order.total_cents,
          },
          now,
        ),
      );
      const made = await withOrderFields(() =>
        this.finance.payments.payFromConversionInTransaction(trx, buyerId, {
          conversionId: conversion.id,
          recipientId: recipient.id,
          amountMxn: conversion.mxn_cents,
          comment: concept,
        }),
      );
      payout = made.order;
      await repo.updateOrder(trx, order.id, {
        payment_status: 'PAID',
        payment_id: made.payment.sPaymentId,
        conversion_id: conversion.id,
        paid_at: now,
      });
    } else if (input.paymentMethod === 'FORWARD') {
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
    return { orderId: order.id, payout };
  }

  /** The quote of a checkout, checked for its method: a live spot or forward quote. */
  private async pricingOf(
    trx: Trx,
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

  private async requireVendor(trx: Trx, vendorId: string) {
    const vendor = isUuid(vendorId)
      ? await repo.findVendor(trx, vendorId.toLowerCase())
      : undefined;
    if (!vendor) throw new AppError('NOT_FOUND', { field: 'sVendorId' });
    return vendor;
  }

  /** The grower's CLABE (its bank registration); without a valid one it cannot be paid. */
  private requireVendorClabe(vendor: { clabe: string | null }): string {
    const clabe = vendor.clabe?.trim() ?? '';
    if (!validateClabe(clabe).ok) throw new AppError('INVALID_STATE', { field: 'sVendorId' });
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
    await this.db.transaction().execute(async (trx) => {
      const order = await this.requireOrder(trx, party, orderId, { forUpdate: true });
      if (order.status !== 'DELIVERED' || order.disputed_at !== null) {
        throw new AppError('INVALID_STATE', { field: 'sOrderId' });
      }
      await this.finish(trx, order.id, this.now(), caller.userId);
    });
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
    if (
      order.status !== 'DELIVERED' ||
      order.delivered_at === null ||
      order.disputed_at !== null ||
      now.getTime() >= order.delivered_at.getTime() + this.config.DISPUTE_WINDOW_HOURS * HOUR_MS
    ) {
      throw new AppError('INVALID_STATE', { field: 'sOrderId' });
    }
    return order;
  }

  /** The order moves to the disputed tab and waits for the dispute's resolution. */
  async markDisputed(trx: Trx, orderId: string, at: Date): Promise<void> {
    await repo.updateOrder(trx, orderId, { disputed_at: at });
  }

  /** A resolved dispute finishes its delivered order. */
  async finishAfterDispute(trx: Trx, party: OrderParty, orderId: string, at: Date): Promise<void> {
    const order = await this.requireOrder(trx, party, orderId, { forUpdate: true });
    if (order.status === 'DELIVERED') await this.finish(trx, order.id, at, null);
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
  }

  /**
   * Delivered orders finish by themselves once the dispute window has closed with no
   * dispute (PACA: the load is accepted when not rejected in time). Done lazily when the
   * party reads its orders; the event carries the time the window closed.
   */
  private async finishDue(party: OrderParty): Promise<void> {
    const windowMs = this.config.DISPUTE_WINDOW_HOURS * HOUR_MS;
    const cutoff = new Date(this.now().getTime() - windowMs);
    await this.db.transaction().execute(async (trx) => {
      const due = await repo.lockDeliveredBefore(trx, party, cutoff, FINISH_BATCH);
      for (const order of due) {
        if (!order.delivered_at) continue;
        await this.finish(trx, order.id, new Date(order.delivered_at.getTime() + windowMs), null);
      }
    });
  }
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
