import { randomUUID } from 'node:crypto';
import {
  convertUsdToMxn,
  forwardDateProblem,
  moneyToNumber,
  rateToNumber,
  todayInTimeZone,
  validateClabe,
  type Language,
} from '@app/domain';
import type { Config } from '../../config.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { runMoneyWrite } from '../../ledger/money-write.js';
import type { CartService } from '../cart/cart.service.js';
import type { FinanceServices } from '../finance.js';
import type { PayoutOrder } from '../payments/payout-rail.js';
import type { WarehousesService } from '../warehouses/warehouses.service.js';
import {
  freightPerPallet,
  PREVIEW_FEE_LABELS,
  priceOrder,
  warehouseKm,
  type PreviewFeeKey,
} from './order-pricing.js';
import * as repo from './orders.repository.js';
import type { OrderParty } from './orders.repository.js';
import { publishOrderStatusChanged } from '../events/event-sources.js';
import type { OrderSettlementService } from './order-settlement.service.js';
import type { OrderReadsService } from './order-reads.service.js';
import {
  HOUR_MS,
  RATE_LOCK_HOURS,
  requireOrder,
  requireVendor,
  withOrderFields,
  type Caller,
  type CheckoutInput,
} from './order-records.js';
import type { ApiOrder, ApiPreview } from './order.view.js';

/**
 * Checkout: the cart of one grower priced, stock taken, the order written and paid (or
 * booked how it will be paid) in one transaction through the finance money core; the
 * preview that prices the same way and writes nothing; and the later payment of a
 * deferred or forward order.
 */
export class OrderCheckoutService {
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
    private readonly settlement: OrderSettlementService,
    private readonly reads: OrderReadsService,
  ) {}

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
    return this.reads.get(
      { side: 'buyer', enterpriseId: caller.enterpriseId },
      result.body.sOrderId,
      language,
    );
  }

  /**
   * The checkout placed inside the caller's transaction, which the caller undoes: it throws
   * what `checkout` would now (cart, grower, quote, funds, the forward's limits), so that a
   * held checkout that could not run is refused when it is asked.
   */
  async checkInTransaction(
    trx: Trx,
    caller: Caller,
    input: CheckoutInput,
    now: Date,
  ): Promise<void> {
    await this.placeOrder(trx, caller, input, now);
  }

  /**
   * POST orders/:id/pay: pays an order whose payment is pending. DEFERRED pays now from
   * the USD balance at the locked rate while it holds (24 h), else at the given live
   * quote. FORWARD settles the forward (if the buyer has not already), on its day or
   * before it when the buyer pays the rest now, and holds the order's goods from its pesos.
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
        const order = await requireOrder(trx, party, orderId, { forUpdate: true });
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
          await this.settlement.hold(
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
            // Before the settlement day this is the buyer paying the rest now: the deposit
            // and the rest of the order's USD settle the forward early at its locked rate.
            conversion = await withOrderFields(() =>
              this.finance.conversions.closeForwardInTransaction(
                trx,
                caller.enterpriseId,
                conversionId,
                now,
                { early: true },
              ),
            );
          }
          // The forward's pesos are spent on the order: they go back through FX liquidity at
          // the forward's rate, and the order is held in USD at that locked rate.
          await withOrderFields(() =>
            this.finance.conversions.recordPaid(trx, conversionId, conversion.mxn_cents),
          );
          await this.settlement.hold(trx, order, {
            source: 'MXN',
            mxnCents: conversion.mxn_cents,
            quoteId: order.quote_id,
            now,
          });
          // Accepted before its forward settled: the hold is released at once.
          if (order.status === 'FINISHED')
            payout = await this.settlement.release(trx, order.id, now);
        } else {
          throw new AppError('INVALID_STATE', { field: 'sOrderId' });
        }
        return { status: 200, body: { sOrderId: order.id } };
      },
    );
    if (payout) await this.finance.payments.submitPayout(payout);
    return this.reads.get(party, orderId, language);
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
    const vendor = await requireVendor(db, input.vendorId);
    // A grower without a valid CLABE cannot be paid: refused before anything is written.
    if (!validateClabe(vendor.clabe?.trim() ?? '').ok) {
      throw new AppError('GROWER_NOT_PAYABLE', { field: 'sVendorId' });
    }
    // Only a grower the back office verified sells; its open orders are still paid.
    if (!vendor.verified) throw new AppError('GROWER_NOT_VERIFIED', { field: 'sVendorId' });
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
      await this.settlement.hold(trx, order, { source: 'USD', quoteId: pricing.quoteId, now });
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
}
