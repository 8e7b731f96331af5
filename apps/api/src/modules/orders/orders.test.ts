import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  convertUsdToMxn,
  daysBetween,
  forwardDeposit,
  moneyToNumber,
  parseMoney,
  parseRate,
  rateToNumber,
  todayInTimeZone,
} from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  fundUsd,
  moneyTableCounts,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { expectError } from '../../test/marketplace-fixtures.js';
import {
  AVOCADO,
  checkout,
  checkoutBody,
  logInAgain,
  newGrower,
  newOrderBuyer,
  ordersInTab,
  placedOrder,
  putInCart,
  stockOf,
  tableCount,
  twoArticleMarket,
  LIME,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiPayment } from '../payments/payment.view.js';
import { loadTransports, priceOrder } from './order-pricing.js';
import { ORDER_STATUSES } from './order-statuses.js';
import type { ApiOrder } from './order.view.js';

let t: TestApp;

/** The test clock starts on Saturday 2026-11-21, noon in Mexico City. */
const TODAY = '2026-11-21';
const FORWARD_DATE = '2026-12-01'; // a Tuesday
/**
 * The two-article market's cart: 1,560 avocado boxes (26 pallets) and 75 lime boxes
 * (2 pallets), 28 pallets in 2 trucks.
 * Avocado per box 25.00 + freight 180/60 = 3.00 + in/out 0.35 = 28.35 → 44,226.00;
 * lime per box 18.50 + 180/70 = 2.57 + 0.35 = 21.42 → 1,606.50; subtotal 45,832.50;
 * crossing 2 × 450.00; insurance 0.25 % of 40,387.50 goods = 100.97 (rounded up).
 */
const EXPECTED_TOTAL = 46_833.47;

async function paymentsOf(buyer: Customer): Promise<ApiPayment[]> {
  const response = await buyer.call('GET', 'payments/');
  expect(response.statusCode, response.body).toBe(200);
  return json<{ payments: ApiPayment[] }>(response).payments;
}

async function nothingWrittenSince(
  before: { money: Record<string, number>; orders: number; cart: number; stock: number[] },
  articleIds: string[],
) {
  expect(await moneyTableCounts(t)).toEqual(before.money);
  expect(await tableCount(t, 'orders')).toBe(before.orders);
  expect(await tableCount(t, 'cart_items')).toBe(before.cart);
  expect(await Promise.all(articleIds.map((id) => stockOf(t, id)))).toEqual(before.stock);
}

async function snapshot(articleIds: string[]) {
  return {
    money: await moneyTableCounts(t),
    orders: await tableCount(t, 'orders'),
    cart: await tableCount(t, 'cart_items'),
    stock: await Promise.all(articleIds.map((id) => stockOf(t, id))),
  };
}

describe('order pricing', () => {
  it('splits pallets into trucks of 26 and prices freight per pallet over its boxes', () => {
    const priced = priceOrder(
      [
        { quantityBoxes: 1560, boxesPerPallet: 60, unitPriceCents: 2500n },
        { quantityBoxes: 75, boxesPerPallet: 70, unitPriceCents: 1850n },
      ],
      26,
    );
    expect(priced.pallets).toBe(28);
    expect(priced.transports).toBe(2);
    expect(priced.lines.map((line) => line.logisticPerBoxCents)).toEqual([300n, 257n]);
    expect(priced.totalCents).toBe(parseMoney(EXPECTED_TOTAL));
    expect(loadTransports([26, 2], 26)).toEqual([
      { number: 1, pallets: 26, lines: [{ index: 0, pallets: 26 }] },
      { number: 2, pallets: 2, lines: [{ index: 1, pallets: 2 }] },
    ]);
    expect(loadTransports([20, 20, 20], 26).map((load) => load.pallets)).toEqual([26, 26, 8]);
    expect(
      priceOrder([{ quantityBoxes: 1, boxesPerPallet: 60, unitPriceCents: 100n }], 26).transports,
    ).toBe(1);
  });
});

describe(`marketplace orders on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('checks out paying now: stock taken, cart cleared, 2 transports, goods held and fees to the house', async () => {
    const { vendor, buyer, warehouseId, avocadoId, limeId } = await twoArticleMarket(t);
    const body = await checkoutBody(t, buyer, vendor, warehouseId, 'PAY_NOW');
    const quote = await spotQuote(t, buyer.enterpriseId);
    const order = await placedOrder(buyer, body);

    expect(order).toMatchObject({
      sStatus: 'ORDER_RECEIVED',
      sStatusName: 'Order received',
      sVendorId: vendor.enterpriseId,
      sVendorName: 'Huerta Los Reyes SPR de RL',
      sWarehouseId: warehouseId,
      dSubtotal: 45_832.5,
      dFees: 1_000.97,
      dTotal: EXPECTED_TOTAL,
      dFinalPrice: null,
      iPallets: 28,
      iTransports: 2,
      iLines: 2,
      iOrderedBoxes: 1635,
      iDeliveredBoxes: null,
      sPaymentMethod: 'PAY_NOW',
      sPaymentStatus: 'PAID',
      sNextStatus: 'IN_PREPARATION',
      bCanRate: false,
      bCanDispute: false,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        sProductId: avocadoId,
        sProductName: AVOCADO.name,
        sName: 'Huerta Los Reyes SPR de RL',
        dQuantity: 1560,
        dBoxesPerPallet: 60,
        dPallets: 26,
        dUnitPriceUSD: 25,
        sLogisticCost: '3.00',
        dTotalInOutPerBox: 0.35,
        sTotalPerBox: '28.35',
        sTotal: '44226.00',
        dDeliveredQuantity: null,
        dFinalPrice: null,
      }),
      expect.objectContaining({
        sProductId: limeId,
        dQuantity: 75,
        dPallets: 2,
        sLogisticCost: '2.57',
        sTotal: '1606.50',
      }),
    ]);
    expect(order.fees.map((fee) => [fee.sFeeKey, fee.dTotal])).toEqual([
      ['BORDER_CROSSING', 900],
      ['CARGO_INSURANCE', 100.97],
    ]);
    expect(order.transports).toEqual([
      {
        iNumber: 1,
        iPallets: 26,
        lines: [{ sLineId: order.lines[0]!.sLineId, sProductName: AVOCADO.name, iPallets: 26 }],
      },
      {
        iNumber: 2,
        iPallets: 2,
        lines: [{ sLineId: order.lines[1]!.sLineId, sProductName: LIME.name, iPallets: 2 }],
      },
    ]);
    expect(order.timeline.map((step) => step.sStatus)).toEqual(ORDER_STATUSES);
    expect(order.timeline[0]).toMatchObject({
      sStatus: 'ORDER_RECEIVED',
      sNameEn: 'Order received',
      sNameSp: 'Pedido recibido',
      created_at: t.clock.now().toISOString(),
      bReached: true,
      bCurrent: true,
    });
    expect(
      order.timeline.slice(1).every((step) => step.created_at === null && !step.bReached),
    ).toBe(true);

    // The rate is locked at the quote; the goods are held for the order, not paid out yet.
    const mxn = convertUsdToMxn(parseMoney(EXPECTED_TOTAL), quote.rateMicro);
    expect(order.payment).toMatchObject({
      sMethod: 'PAY_NOW',
      sStatus: 'PAID',
      sPaymentId: null,
      dAmountUsd: EXPECTED_TOTAL,
      dAmountMxn: moneyToNumber(mxn),
      dExchangeRate: rateToNumber(quote.rateMicro),
      sExchangeRateReference: quote.id,
    });
    expect(order.money).toEqual({
      dGoods: 40_387.5,
      dHeld: 40_387.5,
      dRefunded: 0,
      dPayoutUsd: null,
      dPayoutMxn: null,
      released_at: null,
      bSecured: true,
      dPayoutHeldUntil: null,
    });
    expect(await paymentsOf(buyer)).toHaveLength(0);
    expect((await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE).toBe(
      parseMoney('60000.00') - parseMoney(EXPECTED_TOTAL),
    );

    expect(await stockOf(t, avocadoId)).toBe(2000 - 1560);
    expect(await stockOf(t, limeId)).toBe(500 - 75);
    expect(await tableCount(t, 'cart_items')).toBe(0);
    expect((await ordersInTab(buyer, 'in-process')).orders.map((row) => row.sOrderId)).toEqual([
      order.sOrderId,
    ]);
    expect((await ordersInTab(vendor, 'in-process', 'vendor/orders')).orders[0]).toMatchObject({
      sOrderId: order.sOrderId,
      sBuyerId: buyer.enterpriseId,
    });

    // A second order to the same grower is held too; nothing reaches the grower yet.
    await putInCart(t, buyer, limeId, 10);
    await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    expect(await paymentsOf(buyer)).toHaveLength(0);

    // Spanish labels.
    const sp = json<{ order: ApiOrder }>(
      await buyer.call('GET', `orders/${order.sOrderId}`, undefined, { lang: 'sp' }),
    ).order;
    expect(sp.sStatusName).toBe('Pedido recibido');
    expect(sp.payment!.sMethodName).toMatch(/Pagar ahora/);
  });

  it('checks out converting to MXN: the goods are held at the locked rate, paid out in MXN at release', async () => {
    const { vendor, buyer, warehouseId } = await twoArticleMarket(t);
    const body = await checkoutBody(t, buyer, vendor, warehouseId, 'CONVERT_MXN');
    const order = await placedOrder(buyer, body);
    expect(order.payment).toMatchObject({ sMethod: 'CONVERT_MXN', sStatus: 'PAID' });
    expect(order.money).toMatchObject({ dHeld: 40_387.5, bSecured: true });
    expect(await paymentsOf(buyer)).toHaveLength(0);
    const balances = await balancesOf(t, buyer.enterpriseId);
    expect(balances.MXN_AVAILABLE).toBe(0n);
    expect(balances.USD_AVAILABLE).toBe(parseMoney('60000.00') - parseMoney(EXPECTED_TOTAL));
  });

  it('defers payment at a locked rate, pays it once the wire arrives, and re-quotes after 24 hours', async () => {
    const {
      vendor,
      buyer: unfunded,
      warehouseId,
      limeId,
    } = await twoArticleMarket(t, { usd: '0.01' });
    let buyer = unfunded;
    const body = await checkoutBody(t, buyer, vendor, warehouseId, 'DEFERRED');
    const quote = await spotQuote(t, buyer.enterpriseId);
    const order = await placedOrder(buyer, body);
    expect(order.payment).toMatchObject({
      sMethod: 'DEFERRED',
      sStatus: 'PENDING',
      sPaymentId: null,
      dExchangeRate: rateToNumber(quote.rateMicro),
      rate_locked_until: new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString(),
    });
    expect(await paymentsOf(buyer)).toHaveLength(0);

    // Before the wire: refused, nothing written.
    const before = await moneyTableCounts(t);
    expectError(
      await buyer.call('POST', `orders/${order.sOrderId}/pay`, {}),
      409,
      'INSUFFICIENT_FUNDS',
    );
    expect(await moneyTableCounts(t)).toEqual(before);

    t.clock.advanceMinutes(5 * 60);
    buyer = await logInAgain(t, buyer);
    await fundUsd(t, buyer.enterpriseId, '50000.00');
    const paid = await buyer.call(
      'POST',
      `orders/${order.sOrderId}/pay`,
      {},
      { headers: { 'idempotency-key': 'pay-1' } },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const paidOrder = json<{ order: ApiOrder }>(paid).order;
    expect(paidOrder.payment).toMatchObject({
      sStatus: 'PAID',
      dExchangeRate: rateToNumber(quote.rateMicro),
      paid_at: t.clock.now().toISOString(),
    });
    const replay = await buyer.call(
      'POST',
      `orders/${order.sOrderId}/pay`,
      {},
      { headers: { 'idempotency-key': 'pay-1' } },
    );
    expect(replay.statusCode).toBe(200);
    // Paid once: the goods held at the locked rate, the total gone from the USD balance.
    expect(paidOrder.money).toMatchObject({ dHeld: 40_387.5, bSecured: true });
    expect((await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE).toBe(
      parseMoney('50000.01') - parseMoney(EXPECTED_TOTAL),
    );
    expectError(
      await buyer.call('POST', `orders/${order.sOrderId}/pay`, {}),
      409,
      'INVALID_STATE',
      'sOrderId',
    );

    // A second deferred order paid after its 24 hours: a new quote is needed.
    await putInCart(t, buyer, limeId, 10);
    const late = await placedOrder(
      buyer,
      await checkoutBody(t, buyer, vendor, warehouseId, 'DEFERRED'),
    );
    t.clock.advanceMinutes(25 * 60);
    buyer = await logInAgain(t, buyer);
    expectError(
      await buyer.call('POST', `orders/${late.sOrderId}/pay`, {}),
      409,
      'QUOTE_EXPIRED',
      'sExchangeRateReference',
    );
    const fresh = await spotQuote(t, buyer.enterpriseId);
    const latePaid = await buyer.call('POST', `orders/${late.sOrderId}/pay`, {
      sExchangeRateReference: fresh.id,
    });
    expect(latePaid.statusCode, latePaid.body).toBe(200);
    expect(json<{ order: ApiOrder }>(latePaid).order.payment).toMatchObject({
      sStatus: 'PAID',
      dExchangeRate: rateToNumber(fresh.rateMicro),
      sExchangeRateReference: fresh.id,
    });
  });

  it('books a forward for the order, then holds the goods from its pesos once settled', async () => {
    const { vendor, buyer: first, warehouseId } = await twoArticleMarket(t);
    let buyer = first;
    const spot = await spotQuote(t, buyer.enterpriseId);
    const forward = json<{ forwardRate: { rate: number; uuid: string } }>(
      await buyer.call('POST', 'transactions/forwardRate', {
        dDateForward: FORWARD_DATE,
        dAmount: 100,
        referenceExchangeRate: spot.id,
        bExternal: false,
      }),
    ).forwardRate;
    const body = {
      sVendorId: vendor.enterpriseId,
      sWarehouseId: warehouseId,
      sPaymentMethod: 'FORWARD',
      sExchangeRateReference: forward.uuid,
      dExchangeRate: forward.rate,
      dForwardDate: FORWARD_DATE,
    };
    expectError(
      await checkout(buyer, { ...body, dForwardDate: '2026-12-02' }),
      409,
      'QUOTE_MISMATCH',
      'dForwardDate',
    );
    expectError(
      await checkout(buyer, { ...body, dForwardDate: '2026-11-28' }),
      400,
      'INVALID_INPUT',
      'dForwardDate',
    );
    const order = await placedOrder(buyer, body);
    const total = parseMoney(EXPECTED_TOTAL);
    expect(order.payment).toMatchObject({
      sMethod: 'FORWARD',
      sStatus: 'PENDING',
      sPaymentId: null,
      dForwardDate: FORWARD_DATE,
      dExchangeRate: forward.rate,
      dAmountMxn: moneyToNumber(convertUsdToMxn(total, parseRate(forward.rate))),
    });
    const active = json<{
      forwards: Array<{ sTransactionId: string; dAmount: number }>;
      dBlockedUsd: number;
    }>(await buyer.call('GET', 'transactions/getForwardsActive'));
    expect(active.forwards).toEqual([
      expect.objectContaining({
        sTransactionId: order.payment!.sTransactionId,
        dAmount: EXPECTED_TOTAL,
      }),
    ]);
    expect(active.dBlockedUsd).toBe(moneyToNumber(forwardDeposit(total)));

    // Before its date only the deposit is held: the grower cannot prepare the order.
    expectError(
      await vendor.call('POST', `vendor/orders/${order.sOrderId}/status`, {
        sStatus: 'IN_PREPARATION',
      }),
      409,
      'ORDER_NOT_PAID',
      'sPaymentStatus',
    );

    t.clock.advanceMinutes(daysBetween(TODAY, FORWARD_DATE) * 24 * 60);
    expect(todayInTimeZone(t.clock.now())).toBe(FORWARD_DATE);
    buyer = await logInAgain(t, buyer);
    const paid = await buyer.call('POST', `orders/${order.sOrderId}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    const paidOrder = json<{ order: ApiOrder }>(paid).order;
    expect(paidOrder.payment!.sStatus).toBe('PAID');
    expect(paidOrder.money).toMatchObject({ dHeld: 40_387.5, bSecured: true });
    expect(await paymentsOf(buyer)).toHaveLength(0);
    const balances = await balancesOf(t, buyer.enterpriseId);
    expect(balances).toMatchObject({
      USD_AVAILABLE: parseMoney('60000.00') - total,
      USD_FORWARD_DEPOSIT: 0n,
      MXN_AVAILABLE: 0n,
    });
  });

  it('refuses a checkout without a warehouse, with another tenant warehouse, or for an unpaid grower', async () => {
    const { vendor, articleIds } = await newGrower(t, [AVOCADO]);
    const { buyer: homeless } = await newOrderBuyer(t, { usd: '60000.00', warehouse: false });
    await putInCart(t, homeless, articleIds[0]!, 60);
    const { warehouseId: otherWarehouse } = await newOrderBuyer(t);
    expectError(
      await checkout(homeless, await checkoutBody(t, homeless, vendor, otherWarehouse)),
      409,
      'INVALID_STATE',
      'sWarehouseId',
    );

    const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '60000.00' });
    await putInCart(t, buyer, articleIds[0]!, 60);
    expectError(
      await checkout(buyer, await checkoutBody(t, buyer, vendor, otherWarehouse)),
      404,
      'NOT_FOUND',
      'sWarehouseId',
    );
    expectError(
      await checkout(buyer, await checkoutBody(t, buyer, vendor, 'not-a-uuid')),
      404,
      'NOT_FOUND',
      'sWarehouseId',
    );
    expectError(
      await checkout(buyer, {
        ...(await checkoutBody(t, buyer, vendor, warehouseId)),
        sVendorId: buyer.enterpriseId,
      }),
      404,
      'NOT_FOUND',
      'sVendorId',
    );

    const { vendor: unbanked, articleIds: unbankedArticles } = await newGrower(t, [LIME], {
      clabe: null,
    });
    await putInCart(t, buyer, unbankedArticles[0]!, 10);
    const before = await snapshot([articleIds[0]!, unbankedArticles[0]!]);
    expectError(
      await checkout(buyer, await checkoutBody(t, buyer, unbanked, warehouseId)),
      409,
      'GROWER_NOT_PAYABLE',
      'sVendorId',
    );
    expectError(
      await checkout(buyer, await checkoutBody(t, buyer, unbanked, warehouseId, 'DEFERRED')),
      409,
      'GROWER_NOT_PAYABLE',
      'sVendorId',
    );
    // An empty cart for that vendor.
    const { vendor: stranger } = await newGrower(t, [LIME]);
    expectError(
      await checkout(buyer, await checkoutBody(t, buyer, stranger, warehouseId)),
      409,
      'INVALID_STATE',
      'sVendorId',
    );
    await nothingWrittenSince(before, [articleIds[0]!, unbankedArticles[0]!]);

    // Only a buyer's manager may check out; a vendor is told the path does not exist.
    expectError(
      await checkout(vendor, await checkoutBody(t, buyer, vendor, warehouseId)),
      404,
      'NOT_FOUND',
    );
    expectError(await checkout(buyer, { sVendorId: vendor.enterpriseId }), 400, 'INVALID_INPUT');
  });

  it('refuses when the minimum or the stock no longer holds, or the price changed, and writes nothing', async () => {
    const { vendor, buyer, warehouseId, avocadoId, limeId } = await twoArticleMarket(t);
    const before = await snapshot([avocadoId, limeId]);

    await t.db.updateTable('articles').set({ min_boxes: 100 }).where('id', '=', limeId).execute();
    expectError(
      await checkout(buyer, await checkoutBody(t, buyer, vendor, warehouseId)),
      409,
      'UNDER_MINIMUM',
      'aProducts.1.dQuantity',
    );
    await t.db
      .updateTable('articles')
      .set({ min_boxes: 5, stock_boxes: 1559 })
      .where('id', '=', avocadoId)
      .execute();
    before.stock[0] = 1559;
    expectError(
      await checkout(buyer, await checkoutBody(t, buyer, vendor, warehouseId)),
      409,
      'OVER_STOCK',
      'aProducts.0.dQuantity',
    );
    await t.db
      .updateTable('articles')
      .set({ stock_boxes: 2000, active: false })
      .where('id', '=', avocadoId)
      .execute();
    before.stock[0] = 2000;
    expectError(
      await checkout(buyer, await checkoutBody(t, buyer, vendor, warehouseId)),
      409,
      'INVALID_STATE',
      'aProducts.0.sProductId',
    );
    await t.db
      .updateTable('articles')
      .set({ active: true, price_per_box_cents: 2600n })
      .where('id', '=', avocadoId)
      .execute();
    expectError(
      await checkout(buyer, await checkoutBody(t, buyer, vendor, warehouseId)),
      409,
      'INVALID_STATE',
      'aProducts.0.dPricePerBox',
    );
    await nothingWrittenSince(before, [avocadoId, limeId]);
  });

  it('refuses a purchase short of USD with INSUFFICIENT_FUNDS and writes nothing', async () => {
    const { vendor, buyer, warehouseId, avocadoId, limeId } = await twoArticleMarket(t, {
      usd: '46833.46',
    });
    const before = await snapshot([avocadoId, limeId]);
    for (const method of ['PAY_NOW', 'CONVERT_MXN'] as const) {
      expectError(
        await checkout(buyer, await checkoutBody(t, buyer, vendor, warehouseId, method)),
        409,
        'INSUFFICIENT_FUNDS',
      );
    }
    await nothingWrittenSince(before, [avocadoId, limeId]);
    expect(await tableCount(t, 'order_lines')).toBe(0);
    expect(await tableCount(t, 'order_status_events')).toBe(0);
    // Quote problems are named too.
    expectError(
      await checkout(buyer, {
        ...(await checkoutBody(t, buyer, vendor, warehouseId)),
        dExchangeRate: 1.5,
      }),
      409,
      'QUOTE_MISMATCH',
      'dExchangeRate',
    );
    const stale = await checkoutBody(t, buyer, vendor, warehouseId);
    t.clock.advanceMinutes(2);
    expectError(await checkout(buyer, stale), 409, 'QUOTE_EXPIRED', 'sExchangeRateReference');
    await nothingWrittenSince(before, [avocadoId, limeId]);
  });

  it('replays an idempotent checkout: one order, one hold', async () => {
    const { vendor, buyer, warehouseId } = await twoArticleMarket(t);
    const body = await checkoutBody(t, buyer, vendor, warehouseId);
    const first = await checkout(buyer, body, 'checkout-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await checkout(buyer, body, 'checkout-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(json<{ order: ApiOrder }>(again).order.sOrderId).toBe(
      json<{ order: ApiOrder }>(first).order.sOrderId,
    );
    expect(await tableCount(t, 'orders')).toBe(1);
    expect(
      await t.db.selectFrom('journals').select('id').where('kind', '=', 'ORDER_HOLD').execute(),
    ).toHaveLength(1);
    expectError(
      await checkout(buyer, { ...body, sPaymentMethod: 'CONVERT_MXN' }, 'checkout-1'),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it("answers 404 for another tenant's order and for malformed ids", async () => {
    const { vendor, buyer, warehouseId } = await twoArticleMarket(t);
    const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    const { buyer: other } = await newOrderBuyer(t, { usd: '100.00' });
    for (const path of [`orders/${order.sOrderId}`, 'orders/not-a-uuid']) {
      expectError(await other.call('GET', path), 404, 'NOT_FOUND');
    }
    for (const path of ['pay', 'accept']) {
      expectError(
        await other.call('POST', `orders/${order.sOrderId}/${path}`, {}),
        404,
        'NOT_FOUND',
      );
    }
    expectError(
      await other.call('POST', `orders/${order.sOrderId}/rating`, { iStars: 3 }),
      404,
      'NOT_FOUND',
    );
    expectError(await vendor.call('GET', `orders/${order.sOrderId}`), 404, 'NOT_FOUND');
    expectError(await buyer.call('GET', `vendor/orders/${order.sOrderId}`), 404, 'NOT_FOUND');
    expect((await ordersInTab(other, 'in-process')).total).toBe(0);
    expectError(await buyer.call('GET', 'orders?tab=everything'), 400, 'INVALID_INPUT', 'tab');
    expectError(await buyer.call('GET', 'orders?limit=1000'), 400, 'INVALID_INPUT', 'limit');
  });
});
