import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { convertUsdToMxn, moneyToNumber, parseMoney, rateToNumber } from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  moneyTableCounts,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { expectError, type Company } from '../../test/marketplace-fixtures.js';
import {
  advanceTo,
  checkout,
  checkoutBody,
  logInAgain,
  newGrower,
  newOperator,
  newOrderBuyer,
  placedOrder,
  putInCart,
  VENDOR_CLABE,
  type ArticleSpec,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { releaseAmounts, chargeTotal, type ReleaseLine } from './order-money.js';
import { freightPerPallet, greatCircleKm } from './order-pricing.js';
import type { ApiOrder, ApiPreview, ApiVendorPayout } from './order.view.js';

let t: TestApp;

/** 140 boxes at $25.00, 70 a pallet (2 pallets, 1 truck); freight 180/70 = 2.57 per box at 0 km. */
const MANGO: ArticleSpec = {
  name: 'Ataulfo mango 12ct',
  price: '25.00',
  boxesPerPallet: 70,
  minBoxes: 10,
  stock: 1000,
};
const BOXES = 140;
const GOODS = parseMoney('3500.00');
const PER_BOX_FEES = parseMoney('2.92'); // freight 2.57 + in/out 0.35
const LOGISTICS = PER_BOX_FEES * BigInt(BOXES); // 408.80
const CROSSING = parseMoney('450.00');
const INSURANCE = parseMoney('8.75'); // 0.25 % of 3,500.00
const TOTAL = GOODS + LOGISTICS + CROSSING + INSURANCE; // 4,367.55

async function houseBalance(kind: string): Promise<bigint> {
  return t.app.finance.ledger.houseBalance(
    t.db,
    kind as Parameters<typeof t.app.finance.ledger.houseBalance>[1],
  );
}

async function setWarehouseAt(warehouseId: string, latitude: string, longitude: string) {
  await t.db
    .updateTable('warehouses')
    .set({ latitude, longitude })
    .where('id', '=', warehouseId)
    .execute();
}

async function market(usd = '10000.00') {
  const { vendor, articleIds } = await newGrower(t, [MANGO]);
  const { buyer, warehouseId } = await newOrderBuyer(t, { usd });
  await putInCart(t, buyer, articleIds[0]!, BOXES);
  return { vendor, buyer, warehouseId, articleId: articleIds[0]! };
}

async function preview(buyer: Customer, body: Record<string, unknown>): Promise<ApiPreview> {
  const response = await buyer.call('POST', 'orders/checkout/preview', body);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ preview: ApiPreview }>(response).preview;
}

async function orderOf(buyer: Customer, orderId: string): Promise<ApiOrder> {
  const response = await buyer.call('GET', `orders/${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ order: ApiOrder }>(response).order;
}

async function payoutsOf(vendor: Company): Promise<ApiVendorPayout[]> {
  const response = await vendor.call('GET', 'vendor/payouts');
  expect(response.statusCode, response.body).toBe(200);
  return json<{ payouts: ApiVendorPayout[] }>(response).payouts;
}

/** An order paid now and delivered, `delivered` boxes of the 140. */
async function deliveredOrder(delivered = BOXES) {
  const m = await market();
  const quote = await spotQuote(t, m.buyer.enterpriseId);
  const order = await placedOrder(m.buyer, await checkoutBody(t, m.buyer, m.vendor, m.warehouseId));
  const onRoute = await advanceTo(m.vendor, order, 'ON_DELIVERY_ROUTE');
  const done = await m.vendor.call('POST', `vendor/orders/${order.sOrderId}/status`, {
    sStatus: 'DELIVERED',
    lines: [{ sLineId: onRoute.lines[0]!.sLineId, dDeliveredQuantity: delivered }],
  });
  expect(done.statusCode, done.body).toBe(200);
  return { ...m, order: json<{ order: ApiOrder }>(done).order, rateMicro: quote.rateMicro };
}

async function openDispute(buyer: Customer, orderId: string): Promise<string> {
  const response = await buyer.call('POST', 'disputes', {
    sOrderId: orderId,
    sCategory: 'QUALITY_CONDITION',
    sSubcategory: 'DECAY',
    sDescription: 'Ten boxes arrived with decay.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ dispute: { sDisputeId: string } }>(response).dispute.sDisputeId;
}

describe('marketplace money (pure)', () => {
  it('measures freight from McAllen: Chicago costs more than Laredo', () => {
    const laredo = greatCircleKm(
      { latitude: 26.2034, longitude: -98.23 },
      { latitude: 27.5306, longitude: -99.4803 },
    );
    const chicago = greatCircleKm(
      { latitude: 26.2034, longitude: -98.23 },
      { latitude: 41.8781, longitude: -87.6298 },
    );
    expect(laredo).toBeGreaterThan(180);
    expect(laredo).toBeLessThan(200);
    expect(chicago).toBeGreaterThan(1950);
    expect(chicago).toBeLessThan(2050);
    const rates = { basePerPalletCents: 18_000n, per100KmPerPalletCents: 900n };
    expect(freightPerPallet(0, rates)).toBe(18_000n);
    expect(freightPerPallet(chicago, rates)).toBeGreaterThan(freightPerPallet(laredo, rates));
  });

  it('conserves money to the cent over random deliveries and dispute splits', () => {
    const line = fc.record({
      quantityBoxes: fc.integer({ min: 1, max: 2000 }),
      unitPriceCents: fc.bigInt({ min: 1n, max: 100_000n }),
      perBoxFeesCents: fc.bigInt({ min: 0n, max: 5_000n }),
      deliveredShare: fc.integer({ min: 0, max: 100 }),
      priceCut: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.bigInt({ min: 0n, max: 50_000n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        fc.bigInt({ min: 14_000_000n, max: 25_000_000n }),
        (specs, crossing, insurance, refundShare, rateMicro) => {
          const lines: ReleaseLine[] = specs.map((spec) => {
            const delivered = Math.floor((spec.quantityBoxes * spec.deliveredShare) / 100);
            return {
              quantityBoxes: spec.quantityBoxes,
              unitPriceCents: spec.unitPriceCents,
              perBoxFeesCents: spec.perBoxFeesCents,
              deliveredBoxes: delivered,
              deliveredUnitPriceCents:
                spec.unitPriceCents - (spec.unitPriceCents * BigInt(spec.priceCut)) / 100n,
            };
          });
          const goods = lines.reduce(
            (sum, l) => sum + l.unitPriceCents * BigInt(l.quantityBoxes),
            0n,
          );
          const logistics = lines.reduce(
            (sum, l) => sum + l.perBoxFeesCents * BigInt(l.quantityBoxes),
            0n,
          );
          const paid = chargeTotal({
            goodsCents: goods,
            logisticsCents: logistics,
            borderCrossingCents: crossing,
            insuranceCents: insurance,
          });
          const refund =
            refundShare === undefined ? undefined : (goods * BigInt(refundShare)) / 100n;
          const amounts = releaseAmounts(
            goods,
            lines,
            refund === undefined
              ? undefined
              : { refundCents: refund, releaseCents: goods - refund },
          );
          if (amounts === 'SPLIT_MISMATCH') throw new Error('a valid split was refused');
          const feesKept = logistics - amounts.feesRefundCents + crossing + insurance;
          // Buyer paid = grower payout (USD) + refunds + fees the house keeps, to the cent.
          expect(paid).toBe(
            amounts.payoutUsdCents + amounts.goodsRefundCents + amounts.feesRefundCents + feesKept,
          );
          expect(amounts.payoutUsdCents).toBeGreaterThanOrEqual(0n);
          expect(amounts.goodsRefundCents).toBeGreaterThanOrEqual(0n);
          expect(amounts.feesRefundCents).toBeLessThanOrEqual(logistics);
          // The payout in MXN is the USD payout at the locked rate, half-up.
          const mxn = convertUsdToMxn(amounts.payoutUsdCents, rateMicro);
          expect(mxn * 1_000_000n).toBeLessThanOrEqual(
            amounts.payoutUsdCents * rateMicro + 500_000n,
          );
        },
      ),
      { numRuns: 300 },
    );
    expect(releaseAmounts(100n, [], { refundCents: 60n, releaseCents: 50n })).toBe(
      'SPLIT_MISMATCH',
    );
  });
});

describe(`marketplace money on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('previews the total, writes nothing, and the checkout with the same quote charges exactly it', async () => {
    const { vendor, buyer, warehouseId } = await market();
    const body = await checkoutBody(t, buyer, vendor, warehouseId);
    const quote = await spotQuote(t, buyer.enterpriseId);
    const before = await moneyTableCounts(t);
    const shown = await preview(buyer, body);
    expect(await moneyTableCounts(t)).toEqual(before);
    expect(shown).toEqual({
      dGoods: 3500,
      fees: [
        { sFeeKey: 'LOGISTICS', sFeeName: 'Freight to your warehouse', dTotal: 359.8 },
        { sFeeKey: 'IN_OUT', sFeeName: 'Border cold storage (in/out)', dTotal: 49 },
        { sFeeKey: 'BORDER_CROSSING', sFeeName: expect.any(String), dTotal: 450 },
        { sFeeKey: 'CARGO_INSURANCE', sFeeName: expect.any(String), dTotal: 8.75 },
      ],
      dTotal: moneyToNumber(TOTAL),
      dTotalMxn: moneyToNumber(convertUsdToMxn(TOTAL, quote.rateMicro)),
      dExchangeRate: rateToNumber(quote.rateMicro),
      iPallets: 2,
      iTransports: 1,
      iDistanceKm: 0,
    });
    const sp = json<{ preview: ApiPreview }>(
      await buyer.call('POST', 'orders/checkout/preview', body, { lang: 'sp' }),
    ).preview;
    expect(sp.fees[0]!.sFeeName).toBe('Flete a tu bodega');

    const usdBefore = (await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE;
    const order = await placedOrder(buyer, body);
    expect(order.dTotal).toBe(shown.dTotal);
    expect(usdBefore - (await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE).toBe(
      parseMoney(shown.dTotal),
    );
  });

  it('prices freight by the warehouse distance from McAllen: two warehouses, two freights', async () => {
    const { vendor, buyer, warehouseId } = await market();
    await setWarehouseAt(warehouseId, '41.878100', '-87.629800'); // Chicago
    const far = await preview(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    await setWarehouseAt(warehouseId, '27.530600', '-99.480300'); // Laredo
    const near = await preview(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    expect(far.iDistanceKm).toBeGreaterThan(1900);
    expect(near.iDistanceKm).toBeLessThan(250);
    expect(far.dGoods).toBe(near.dGoods);
    expect(far.fees[0]!.dTotal).toBeGreaterThan(near.fees[0]!.dTotal);
    expect(far.dTotal).toBeGreaterThan(near.dTotal);
    // The checkout charges the far freight the preview showed.
    await setWarehouseAt(warehouseId, '41.878100', '-87.629800');
    const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    expect(order.dTotal).toBe(far.dTotal);
  });

  it('holds the goods for the order and sends the fees to the house accounts, none to the grower', async () => {
    const { vendor, buyer, warehouseId } = await market();
    const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    expect(order.money).toMatchObject({ dGoods: 3500, dHeld: 3500, bSecured: true });
    expect(await houseBalance('HOUSE_FEE_LOGISTICS_USD')).toBe(LOGISTICS);
    expect(await houseBalance('HOUSE_FEE_BORDER_CROSSING_USD')).toBe(CROSSING);
    expect(await houseBalance('HOUSE_FEE_INSURANCE_USD')).toBe(INSURANCE);
    expect(await houseBalance('HOUSE_PAYOUT_CLEARING_MXN')).toBe(0n);
    expect(await payoutsOf(vendor)).toEqual([]);
    const held = await t.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('enterprise_id', '=', buyer.enterpriseId)
      .where('kind', '=', 'USD_ORDER_HELD')
      .executeTakeFirstOrThrow();
    expect(held.balance).toBe(GOODS);
  });

  it('pays the grower the accepted goods at the locked rate and refunds the shortfall in its own journal', async () => {
    const { buyer, vendor, order, rateMicro } = await deliveredOrder(130);
    const usdBefore = (await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE;
    const accepted = await buyer.call('POST', `orders/${order.sOrderId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const finished = json<{ order: ApiOrder }>(accepted).order;

    const payoutUsd = parseMoney('3250.00'); // 130 × 25.00
    const refund = parseMoney('250.00') + 10n * PER_BOX_FEES; // goods + freight of 10 boxes
    expect(refund).toBe(parseMoney('279.20'));
    expect(finished.money).toMatchObject({
      dHeld: 0,
      dRefunded: moneyToNumber(refund),
      dPayoutUsd: 3250,
      dPayoutMxn: moneyToNumber(convertUsdToMxn(payoutUsd, rateMicro)),
    });
    expect(finished.dFinalPrice).toBe(moneyToNumber(TOTAL - refund));
    expect((await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE - usdBefore).toBe(refund);

    const [payout, ...others] = await payoutsOf(vendor);
    expect(others).toEqual([]);
    expect(payout).toMatchObject({
      sOrderId: order.sOrderId,
      iTrackingId: order.iTrackingId,
      dAmountUsd: 3250,
      dAmountMxn: moneyToNumber(convertUsdToMxn(payoutUsd, rateMicro)),
      dExchangeRate: rateToNumber(rateMicro),
      sStatus: 'PROCESSING',
      sClabeMasked: expect.stringMatching(/^•{14}\d{4}$/),
    });
    expect(payout!.sTrackingKey).toMatch(/^PP\d{8}/);
    expect(await houseBalance('HOUSE_PAYOUT_CLEARING_MXN')).toBe(
      convertUsdToMxn(payoutUsd, rateMicro),
    );
    // The refund is a journal of its own, on the buyer's USD statement.
    const refunds = await t.db
      .selectFrom('journals')
      .select(['id', 'enterprise_id'])
      .where('kind', '=', 'ORDER_REFUND')
      .execute();
    expect(refunds).toEqual([{ id: expect.any(String), enterprise_id: buyer.enterpriseId }]);
    const statement = json<{
      entries: Array<{ sType: string; dCredit: number; sDescription: string }>;
    }>(await buyer.call('GET', 'statement?currency=USD'));
    expect(statement.entries).toContainEqual(
      expect.objectContaining({
        sType: 'ORDER_REFUND',
        dCredit: moneyToNumber(refund),
        sDescription: `Refund of marketplace order #${order.iTrackingId}`,
      }),
    );
    // The buyer's statement in Spanish describes the hold and the refund in Spanish (the
    // payout moves the held account, not the available balance the statement shows).
    const spanish = json<{ entries: Array<{ sType: string; sDescription: string }> }>(
      await buyer.call('GET', 'statement?currency=USD', undefined, { lang: 'sp' }),
    );
    const tracking = order.iTrackingId;
    expect(
      spanish.entries
        .filter((entry) => entry.sType.startsWith('ORDER_'))
        .map((entry) => entry.sDescription),
    ).toEqual([
      `Pedido del marketplace #${tracking}: mercancía retenida hasta la aceptación, y sus cargos`,
      `Reembolso del pedido del marketplace #${tracking}`,
    ]);
    // The rail settles the payout; accepting twice moves nothing more.
    await t.app.finance.payments.completePayout(
      (await t.db
        .selectFrom('orders')
        .select('payment_id')
        .where('id', '=', order.sOrderId)
        .executeTakeFirstOrThrow())!.payment_id!,
    );
    expect((await payoutsOf(vendor))[0]!.sStatus).toBe('COMPLETED');
    expectError(await buyer.call('POST', `orders/${order.sOrderId}/accept`), 409, 'INVALID_STATE');
  });

  it("answers the grower its own money only: goods and payout, never the buyer's fees or total", async () => {
    const { buyer, vendor, order, rateMicro } = await deliveredOrder(130);
    expect((await buyer.call('POST', `orders/${order.sOrderId}/accept`)).statusCode).toBe(200);
    const bought = await orderOf(buyer, order.sOrderId);
    // The buyer's answer still carries its fees, total and payment.
    expect(bought.dTotal).toBe(moneyToNumber(TOTAL));
    expect(bought.fees.map((fee) => fee.dTotal)).toContain(moneyToNumber(CROSSING));
    expect(bought.payment?.dAmountUsd).toBe(moneyToNumber(TOTAL));
    expect(bought.vendorMoney).toBeNull();

    const detail = await vendor.call('GET', `vendor/orders/${order.sOrderId}`);
    const list = await vendor.call('GET', 'vendor/orders?tab=finalized');
    expect(detail.statusCode, detail.body).toBe(200);
    expect(list.statusCode, list.body).toBe(200);
    // Every number that carries the buyer's fees is absent from the grower's JSON.
    const buyerNumbers = [
      bought.dSubtotal,
      bought.dTotal,
      bought.dFees,
      bought.dFinalPrice,
      bought.payment!.dAmountMxn,
      ...bought.fees.map((fee) => fee.dTotal),
      ...bought.lines.flatMap((line) => [
        line.sLogisticCost,
        line.dTotalInOutPerBox,
        line.sTotalPerBox,
        line.sTotal,
        line.dFinalPrice,
      ]),
    ];
    expect(buyerNumbers.every((value) => value !== null)).toBe(true);
    for (const body of [detail.body, list.body]) {
      for (const value of buyerNumbers) {
        expect(body).not.toMatch(
          new RegExp(`[:\\[,]"?${String(value).replace('.', '\\.')}"?[,}\\]]`),
        );
      }
    }
    const seen = json<{ order: ApiOrder }>(detail).order;
    expect(seen).toMatchObject({
      dSubtotal: null,
      dFees: null,
      dTotal: null,
      dFinalPrice: null,
      sPaymentMethod: null,
      payment: null,
      fees: [],
      dGrowerUsd: 3250,
    });
    // The payout equals the ledger's, to the cent, in USD and MXN at the locked rate.
    const payoutRow = await t.db
      .selectFrom('orders as o')
      .innerJoin('payments as p', 'p.id', 'o.payment_id')
      .select(['o.payout_usd_cents', 'p.amount_mxn', 'p.tracking_key'])
      .where('o.id', '=', order.sOrderId)
      .executeTakeFirstOrThrow();
    expect(payoutRow.payout_usd_cents).toBe(parseMoney('3250.00'));
    expect(await houseBalance('HOUSE_PAYOUT_CLEARING_MXN')).toBe(payoutRow.amount_mxn);
    expect(seen.vendorMoney).toEqual({
      dGoodsUsd: 3500,
      dGoodsMxn: moneyToNumber(convertUsdToMxn(GOODS, rateMicro)),
      dExchangeRate: rateToNumber(rateMicro),
      lines: [
        {
          sLineId: seen.lines[0]!.sLineId,
          dGoodsUsd: 3500,
          dGoodsMxn: moneyToNumber(convertUsdToMxn(GOODS, rateMicro)),
        },
      ],
      payout: {
        dAmountUsd: moneyToNumber(payoutRow.payout_usd_cents!),
        dAmountMxn: moneyToNumber(payoutRow.amount_mxn),
        dExchangeRate: rateToNumber(rateMicro),
        sStatus: 'PROCESSING',
        sTrackingKey: payoutRow.tracking_key,
        created_at: expect.any(String),
      },
    });
    const rows = json<{ orders: Array<Record<string, unknown>> }>(list).orders;
    expect(rows).toEqual([
      expect.objectContaining({
        sOrderId: order.sOrderId,
        dTotal: null,
        dFees: null,
        dFinalPrice: null,
        sPaymentMethod: null,
        dGrowerUsd: moneyToNumber(payoutRow.payout_usd_cents!),
      }),
    ]);
  });

  it('releases by itself when the dispute window closes, and a full delivery refunds nothing', async () => {
    const { vendor, order } = await deliveredOrder();
    t.clock.advanceMinutes(8 * 60 + 1);
    expect(await t.app.marketplace.orders.releaseDueOrders()).toBe(1);
    expect(await t.app.marketplace.orders.releaseDueOrders()).toBe(0);
    expect((await payoutsOf(await logInAgain(t, vendor))).map((p) => p.dAmountUsd)).toEqual([3500]);
    const seen = await t.db
      .selectFrom('orders')
      .select(['status', 'held_cents', 'refunded_cents'])
      .where('id', '=', order.sOrderId)
      .executeTakeFirstOrThrow();
    expect(seen).toEqual({ status: 'FINISHED', held_cents: 0n, refunded_cents: 0n });
  });

  it('splits a disputed hold as the operator resolves it; nothing is released while it is open', async () => {
    const delivered = await deliveredOrder(130);
    const { order, rateMicro } = delivered;
    const disputeId = await openDispute(delivered.buyer, order.sOrderId);
    // Open dispute: no acceptance, no release at the window's close.
    expectError(
      await delivered.buyer.call('POST', `orders/${order.sOrderId}/accept`),
      409,
      'INVALID_STATE',
    );
    t.clock.advanceMinutes(9 * 60);
    const buyer = await logInAgain(t, delivered.buyer);
    const vendor = await logInAgain(t, delivered.vendor);
    expect(await t.app.marketplace.orders.releaseDueOrders()).toBe(0);
    expect(await payoutsOf(vendor)).toEqual([]);

    const operator = await newOperator(t);
    const detail = json<{ dispute: { dHeld: number } }>(
      await operator.call('GET', `disputes/${disputeId}`),
    );
    expect(detail.dispute.dHeld).toBe(3500);
    const resolvePath = `ops/disputes/${disputeId}/resolve`;
    const base = { sResolution: 'Ten boxes rejected for decay.', sInCharge: 'Ops team' };
    const before = await moneyTableCounts(t);
    expectError(
      await operator.call('POST', resolvePath, { ...base, dRefund: 1000, dRelease: 2000 }),
      400,
      'INVALID_INPUT',
      'dRefund',
    );
    expectError(
      await operator.call('POST', resolvePath, { ...base, dRefund: 1000 }),
      400,
      'INVALID_INPUT',
      'dRelease',
    );
    expect(await moneyTableCounts(t)).toEqual(before);

    const usdBefore = (await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE;
    const resolved = await operator.call('POST', resolvePath, {
      ...base,
      dRefund: 1200.5,
      dRelease: 2299.5,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(
      json<{ dispute: { dRefunded: number; dReleased: number } }>(resolved).dispute,
    ).toMatchObject({ dRefunded: 1200.5 + 29.2, dReleased: 2299.5 });
    expect((await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE - usdBefore).toBe(
      parseMoney('1229.70'),
    );
    expect(await payoutsOf(vendor)).toEqual([
      expect.objectContaining({
        dAmountUsd: 2299.5,
        dAmountMxn: moneyToNumber(convertUsdToMxn(parseMoney('2299.50'), rateMicro)),
      }),
    ]);
    expect((await orderOf(buyer, order.sOrderId)).money.dHeld).toBe(0);
    expectError(await operator.call('POST', resolvePath, base), 409, 'INVALID_STATE');
  });

  it('refuses to prepare an order before its money is secured, with 409 ORDER_NOT_PAID', async () => {
    const { vendor, buyer, warehouseId } = await market('0.01');
    const order = await placedOrder(
      buyer,
      await checkoutBody(t, buyer, vendor, warehouseId, 'DEFERRED'),
    );
    expect(order.money.bSecured).toBe(false);
    expectError(
      await vendor.call('POST', `vendor/orders/${order.sOrderId}/status`, {
        sStatus: 'IN_PREPARATION',
      }),
      409,
      'ORDER_NOT_PAID',
      'sPaymentStatus',
    );
  });

  it('lists a grower only with a valid CLABE and refuses checkout of an unpayable one', async () => {
    const { vendor, articleIds } = await newGrower(t, [MANGO], { clabe: null });
    const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '10000.00' });
    const listed = async () =>
      json<{ articles: Array<{ sProductId?: string; sArticleId?: string }> }>(
        await buyer.call('GET', `catalog/articles?sVendorId=${vendor.enterpriseId}`),
      );
    const article = await buyer.call('GET', `catalog/articles/${articleIds[0]}`);
    expect(article.statusCode).toBe(404);
    expect(JSON.stringify(await listed())).not.toContain(articleIds[0]!);

    await putInCart(t, buyer, articleIds[0]!, BOXES);
    const before = await moneyTableCounts(t);
    expectError(
      await checkout(buyer, await checkoutBody(t, buyer, vendor, warehouseId)),
      409,
      'GROWER_NOT_PAYABLE',
      'sVendorId',
    );
    expectError(
      await buyer.call(
        'POST',
        'orders/checkout/preview',
        await checkoutBody(t, buyer, vendor, warehouseId),
      ),
      409,
      'GROWER_NOT_PAYABLE',
    );
    expect(await moneyTableCounts(t)).toEqual(before);

    await t.db
      .updateTable('enterprises')
      .set({ clabe: VENDOR_CLABE })
      .where('id', '=', vendor.enterpriseId)
      .execute();
    expect((await buyer.call('GET', `catalog/articles/${articleIds[0]}`)).statusCode).toBe(200);
  });

  it('refuses bad legal ids per field; only the operator sets the verified flag', async () => {
    const { vendor } = await newGrower(t, [MANGO], { verified: false });
    const operator = await newOperator(t);
    const sReason = 'PACA licence and RFC checked.';
    const verify = await operator.call('POST', `ops/enterprises/${vendor.enterpriseId}/verified`, {
      bVerified: true,
      sReason,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expectError(
      await vendor.call('POST', `ops/enterprises/${vendor.enterpriseId}/verified`, {
        bVerified: true,
        sReason,
      }),
      404,
      'NOT_FOUND',
    );
    const profile = { sName: 'Huerta Los Reyes SPR de RL', sLegalAddress: null };
    expectError(
      await vendor.call('PUT', 'profile/enterprise', {
        ...profile,
        sPacaLicense: 'abc',
        sTaxId: 'HRE120315AB1',
      }),
      400,
      'INVALID_INPUT',
      'sPacaLicense',
    );
    expectError(
      await vendor.call('PUT', 'profile/enterprise', {
        ...profile,
        sPacaLicense: '2014-0987',
        sTaxId: 'NOT-A-TAX-ID!!',
      }),
      400,
      'INVALID_INPUT',
      'sTaxId',
    );
    const stored = await t.db
      .selectFrom('enterprises')
      .select(['paca_license', 'tax_id', 'verified'])
      .where('id', '=', vendor.enterpriseId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ paca_license: '20241187', tax_id: 'HRE120315AB1', verified: true });
    const saved = await vendor.call('PUT', 'profile/enterprise', {
      ...profile,
      sPacaLicense: '2014-0987',
      sTaxId: '12-3456789',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // New legal ids wait for the back office to verify them again.
    const after = await t.db
      .selectFrom('enterprises')
      .select(['verified'])
      .where('id', '=', vendor.enterpriseId)
      .executeTakeFirstOrThrow();
    expect(after.verified).toBe(false);
  });

  it('pays the grower once when the buyer accepts as the dispute window closes', async () => {
    const delivered = await deliveredOrder(120);
    const { order } = delivered;
    t.clock.advanceMinutes(8 * 60 - 1);
    const buyer = await logInAgain(t, delivered.buyer);
    const vendor = await logInAgain(t, delivered.vendor);
    // The window closes a minute later, while the acceptance is under way.
    const accept = buyer.call('POST', `orders/${order.sOrderId}/accept`);
    t.clock.advanceMinutes(2);
    // Two timers (two replicas) and the acceptance, all at once.
    const [accepted, releasedA, releasedB] = await Promise.all([
      accept,
      t.app.marketplace.orders.releaseDueOrders(),
      t.app.marketplace.orders.releaseDueOrders(),
    ]);
    expect([200, 409]).toContain(accepted.statusCode);
    expect((accepted.statusCode === 200 ? 1 : 0) + releasedA + releasedB).toBe(1);
    const payouts = await payoutsOf(vendor);
    expect(payouts.map((p) => p.dAmountUsd)).toEqual([3000]);
    const journals = await t.db
      .selectFrom('journals')
      .select('kind')
      .where('kind', 'in', ['ORDER_RELEASE', 'ORDER_REFUND'])
      .execute();
    expect(journals.map((j) => j.kind).sort()).toEqual(['ORDER_REFUND', 'ORDER_RELEASE']);
  });
});

describe(`marketplace money demo data on ${TEST_ENGINE}`, () => {
  it('shows a held order, a short delivery refunded, a dispute split, and grower payouts', async () => {
    const demo = await createTestApp({ DEMO_DATA: 'true' });
    try {
      const login = async (email: string) =>
        json<{ token: string }>(
          await demo.app.inject({
            method: 'POST',
            url: '/api/v1/en/auth/login',
            payload: { sEmail: email, sPassword: 'Demo1234!' },
          }),
        ).token;
      const get = async (token: string, path: string) => {
        const response = await demo.app.inject({
          method: 'GET',
          url: `/api/v1/en/${path}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      };
      const vendorToken = await login('vendor@demo.test');
      const { payouts } = (await get(vendorToken, 'vendor/payouts')) as {
        payouts: ApiVendorPayout[];
      };
      expect(payouts.length).toBeGreaterThanOrEqual(3);
      const orders = await demo.db
        .selectFrom('orders')
        .select(['held_cents', 'refunded_cents', 'payout_usd_cents', 'disputed_at', 'status'])
        .execute();
      expect(orders.some((o) => o.held_cents > 0n && o.status !== 'DELIVERED')).toBe(true);
      expect(orders.some((o) => o.disputed_at === null && o.refunded_cents > 0n)).toBe(true);
      expect(
        orders.some((o) => o.disputed_at !== null && o.refunded_cents > 0n && o.payout_usd_cents),
      ).toBe(true);
      const opsToken = await login('ops@demo.test');
      const held = (await get(opsToken, 'ops/held-funds')) as {
        dTotal: number;
        orders: Array<{ dHeld: number }>;
      };
      expect(held.orders.length).toBeGreaterThan(0);
      expect(parseMoney(held.dTotal)).toBe(
        held.orders.reduce((sum, o) => sum + parseMoney(o.dHeld), 0n),
      );
      await expectLedgerSound(demo);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
