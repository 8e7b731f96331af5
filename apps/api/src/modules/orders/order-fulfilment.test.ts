import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../test/finance-fixtures.js';
import { expectError } from '../../test/marketplace-fixtures.js';
import {
  advanceTo,
  checkoutBody,
  logInAgain,
  newGrower,
  orderOf,
  ordersInTab,
  placedOrder,
  twoArticleMarket,
  LIME,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiOrder, ApiOrderSummary } from './order.view.js';

let t: TestApp;

describe(`order fulfilment on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('moves along only to the next status; the buyer timeline follows; delivery adjusts the final price', async () => {
    const { vendor, buyer, warehouseId } = await twoArticleMarket(t);
    const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    const statusPath = `vendor/orders/${order.sOrderId}/status`;
    expectError(
      await vendor.call('POST', statusPath, { sStatus: 'IN_TRANSIT' }),
      409,
      'INVALID_STATE',
      'sStatus',
    );
    expectError(
      await vendor.call('POST', statusPath, { sStatus: 'FINISHED' }),
      409,
      'INVALID_STATE',
      'sStatus',
    );
    expectError(await vendor.call('POST', statusPath, { sStatus: 'LOST' }), 400, 'INVALID_INPUT');
    expectError(
      await buyer.call('POST', statusPath, { sStatus: 'IN_PREPARATION' }),
      404,
      'NOT_FOUND',
    );
    const { vendor: otherVendor } = await newGrower(t, [LIME]);
    expectError(
      await otherVendor.call('POST', statusPath, { sStatus: 'IN_PREPARATION' }),
      404,
      'NOT_FOUND',
    );

    t.clock.advanceMinutes(10);
    const preparing = await advanceTo(vendor, order, 'IN_PREPARATION');
    expect(preparing.timeline[1]).toMatchObject({
      sStatus: 'IN_PREPARATION',
      created_at: t.clock.now().toISOString(),
      bCurrent: true,
    });
    const seen = await orderOf(buyer, order.sOrderId);
    expect(seen.sStatus).toBe('IN_PREPARATION');
    expect(seen.timeline.filter((step) => step.bReached).map((step) => step.sStatus)).toEqual([
      'ORDER_RECEIVED',
      'IN_PREPARATION',
    ]);

    // Rating and acceptance wait for the delivery.
    expectError(
      await buyer.call('POST', `orders/${order.sOrderId}/rating`, { iStars: 5 }),
      409,
      'INVALID_STATE',
      'sOrderId',
    );
    expectError(
      await buyer.call('POST', `orders/${order.sOrderId}/accept`),
      409,
      'INVALID_STATE',
      'sOrderId',
    );
    expectError(
      await vendor.call('POST', `vendor/orders/${order.sOrderId}/delivery`, {
        lines: [{ sLineId: order.lines[0]!.sLineId, dDeliveredQuantity: 1 }],
      }),
      409,
      'INVALID_STATE',
    );

    const onRoute = await advanceTo(vendor, preparing, 'ON_DELIVERY_ROUTE');
    expectError(
      await vendor.call('POST', statusPath, { sStatus: 'IN_TRANSIT', lines: [] }),
      409,
      'INVALID_STATE',
      'sStatus',
    );
    const [avocado, lime] = order.lines;
    const delivered = await vendor.call('POST', statusPath, {
      sStatus: 'DELIVERED',
      lines: [{ sLineId: avocado!.sLineId, dDeliveredQuantity: 1500 }],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const deliveredOrder = json<{ order: ApiOrder }>(delivered).order;
    expect(onRoute.sNextStatus).toBe('DELIVERED');
    // The grower's answer never carries the buyer's delivered total; the buyer's does:
    // 1,500 × 28.35 + 75 × 21.42 + fees 1,000.97
    const buyerOrder = async () =>
      json<{ order: ApiOrder }>(await buyer.call('GET', `orders/${order.sOrderId}`)).order;
    expect((await buyerOrder()).dFinalPrice).toBe(45_132.47);
    expect(deliveredOrder).toMatchObject({
      sStatus: 'DELIVERED',
      delivered_at: t.clock.now().toISOString(),
      dFinalPrice: null,
      iDeliveredBoxes: 1575,
      sNextStatus: null,
      bCanAccept: true,
      bCanRate: true,
      bCanDispute: true,
      dispute_deadline: new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString(),
    });
    expect(
      (await buyerOrder()).lines.map((line) => [
        line.dDeliveredQuantity,
        line.dDeliveredUnitPrice,
        line.dFinalPrice,
      ]),
    ).toEqual([
      [1500, 25, 42_525],
      [75, 18.5, 1_606.5],
    ]);

    // The vendor corrects the lime line: 70 boxes at an agreed 17.00.
    const deliveryPath = `vendor/orders/${order.sOrderId}/delivery`;
    expectError(
      await vendor.call('POST', deliveryPath, {
        lines: [{ sLineId: lime!.sLineId, dDeliveredQuantity: 76 }],
      }),
      400,
      'INVALID_INPUT',
      'lines.0.dDeliveredQuantity',
    );
    expectError(
      await vendor.call('POST', deliveryPath, {
        lines: [{ sLineId: order.sOrderId, dDeliveredQuantity: 1 }],
      }),
      404,
      'NOT_FOUND',
      'lines.0.sLineId',
    );
    const corrected = await vendor.call('POST', deliveryPath, {
      lines: [{ sLineId: lime!.sLineId, dDeliveredQuantity: 70, dDeliveredUnitPrice: 17 }],
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    // 70 × (17.00 + 2.57 + 0.35) = 1,394.40
    expect(corrected.statusCode).toBe(200);
    expect((await buyerOrder()).dFinalPrice).toBe(44_920.37);

    // The buyer rates once, then accepts: the order is finalized.
    const rated = await buyer.call('POST', `orders/${order.sOrderId}/rating`, {
      iStars: 4,
      sComment: 'Good fruit, 60 boxes short.',
    });
    expect(rated.statusCode, rated.body).toBe(201);
    expectError(
      await buyer.call('POST', `orders/${order.sOrderId}/rating`, { iStars: 5 }),
      409,
      'INVALID_STATE',
      'sOrderId',
    );
    expectError(
      await buyer.call('POST', `orders/${order.sOrderId}/rating`, { iStars: 6 }),
      400,
      'INVALID_INPUT',
      'iStars',
    );
    expect(await t.db.selectFrom('ratings').selectAll().execute()).toEqual([
      expect.objectContaining({
        order_id: order.sOrderId,
        vendor_enterprise_id: vendor.enterpriseId,
        stars: 4,
      }),
    ]);
    const accepted = await buyer.call('POST', `orders/${order.sOrderId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(json<{ order: ApiOrder }>(accepted).order).toMatchObject({
      sStatus: 'FINISHED',
      bRated: true,
      bCanRate: false,
    });
    expect((await ordersInTab(buyer, 'finalized')).orders.map((row) => row.sOrderId)).toEqual([
      order.sOrderId,
    ]);
    expect((await ordersInTab(buyer, 'in-process')).total).toBe(0);
    expectError(
      await vendor.call('POST', deliveryPath, {
        lines: [{ sLineId: lime!.sLineId, dDeliveredQuantity: 1 }],
      }),
      409,
      'INVALID_STATE',
    );
  });

  it('finishes a delivered order by itself once the dispute window closes', async () => {
    const { vendor, buyer: first, warehouseId } = await twoArticleMarket(t);
    let buyer = first;
    const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    const delivered = await advanceTo(vendor, order, 'DELIVERED');
    t.clock.advanceMinutes(8 * 60);
    buyer = await logInAgain(t, buyer);
    const finalized = await ordersInTab(buyer, 'finalized');
    expect(finalized.orders.map((row) => row.sOrderId)).toEqual([order.sOrderId]);
    const finished = await orderOf(buyer, order.sOrderId);
    expect(finished.timeline.at(-1)).toMatchObject({
      sStatus: 'FINISHED',
      created_at: new Date(Date.parse(delivered.delivered_at!) + 8 * 3_600_000).toISOString(),
    });
  });
});

describe(`demo orders on ${TEST_ENGINE}`, () => {
  it('gives demo@demo.test orders in every tab: in process, finalized and rated, disputed with a photo', async () => {
    const demo = await createTestApp({ DEMO_DATA: 'true' });
    try {
      const login = await demo.app.inject({
        method: 'POST',
        url: '/api/v1/en/auth/login',
        payload: { sEmail: 'demo@demo.test', sPassword: 'Demo1234!' },
      });
      const token = json<{ token: string }>(login).token;
      const list = async (tabName: string) =>
        json<{ orders: ApiOrderSummary[] }>(
          await demo.app.inject({
            method: 'GET',
            url: `/api/v1/en/orders?tab=${tabName}`,
            headers: { authorization: `Bearer ${token}` },
          }),
        ).orders;
      const inProcess = await list('in-process');
      expect(new Set(inProcess.map((order) => order.sStatus)).size).toBeGreaterThanOrEqual(4);
      expect(new Set(inProcess.map((order) => order.sPaymentMethod))).toEqual(
        new Set(['PAY_NOW', 'CONVERT_MXN', 'DEFERRED', 'FORWARD']),
      );
      const finalized = await list('finalized');
      expect(finalized.length).toBeGreaterThanOrEqual(2);
      expect(finalized.every((order) => order.sStatus === 'FINISHED' && order.bRated)).toBe(true);
      // One dispute open, one resolved with a split of the held goods.
      const disputed = await list('disputed');
      expect(disputed.map((order) => order.sDisputeStatus).sort()).toEqual([
        'FINALIZED',
        'IN_PROCESS',
      ]);
      const open = disputed.find((order) => order.sDisputeStatus === 'IN_PROCESS')!;
      const dispute = await demo.app.inject({
        method: 'GET',
        url: `/api/v1/en/disputes/${open.sDisputeId}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(
        json<{ dispute: { images: unknown[]; sVendorAnswer: string } }>(dispute).dispute.images,
      ).toHaveLength(1);
      await expectLedgerSound(demo);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
