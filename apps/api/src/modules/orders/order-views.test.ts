import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/marketplace-fixtures.js';
import {
  checkoutBody,
  newGrower,
  newOrderBuyer,
  placedOrder,
  putInCart,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { ORDER_STATUSES, PAYMENT_METHODS } from './order-statuses.js';
import type { ApiOrder } from './order.view.js';

let t: TestApp;

describe(`order views on ${TEST_ENGINE}`, () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the order statuses in tracking order and the payment methods, in both languages', async () => {
    const { buyer } = await newOrderBuyer(t);
    const answers = await Promise.all(
      (['en', 'sp'] as const).map(async (lang) => {
        const response = await buyer.call('GET', 'orders/statuses', undefined, { lang });
        expect(response.statusCode, response.body).toBe(200);
        return json<{
          statuses: { sStatus: string; sName: string; iStep: number }[];
          paymentMethods: { sMethod: string; sName: string }[];
        }>(response);
      }),
    );
    for (const answer of answers) {
      expect(answer.statuses.map((status) => status.sStatus)).toEqual([...ORDER_STATUSES]);
      expect(answer.statuses.map((status) => status.iStep)).toEqual(
        ORDER_STATUSES.map((_, index) => index + 1),
      );
      expect(answer.paymentMethods.map((method) => method.sMethod)).toEqual([...PAYMENT_METHODS]);
    }
    const [en, sp] = answers;
    expect(en!.statuses[0]!.sName).toBe('Order received');
    expect(sp!.statuses[0]!.sName).not.toBe(en!.statuses[0]!.sName);
    expect(sp!.paymentMethods[0]!.sName).not.toBe(en!.paymentMethods[0]!.sName);
  });

  it("shows the vendor its order as the buyer placed it, without the buyer's money, and no one else's", async () => {
    const { vendor, articleIds } = await newGrower(t, [
      { name: 'Roma tomato 25 lb', price: '14.00', boxesPerPallet: 80, minBoxes: 10, stock: 400 },
    ]);
    const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '20000.00' });
    await putInCart(t, buyer, articleIds[0]!, 80);
    const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));

    const response = await vendor.call('GET', `vendor/orders/${order.sOrderId}`);
    expect(response.statusCode, response.body).toBe(200);
    const seen = json<{ order: ApiOrder }>(response).order;
    expect(seen).toMatchObject({
      sOrderId: order.sOrderId,
      iTrackingId: order.iTrackingId,
      sStatus: 'ORDER_RECEIVED',
      sNextStatus: 'IN_PREPARATION',
      sDisputeStatus: null,
      dSubtotal: null,
      dGrowerUsd: 1120,
      dTotal: null,
      dFees: null,
      payment: null,
      fees: [],
    });
    expect(order.dTotal).toBeGreaterThan(1120);
    expect(seen.lines.map((line) => line.sProductName)).toEqual(['Roma tomato 25 lb']);

    const { vendor: otherVendor } = await newGrower(t, [], { name: 'Otra Huerta SPR' });
    expectError(await otherVendor.call('GET', `vendor/orders/${order.sOrderId}`), 404, 'NOT_FOUND');
  });
});
