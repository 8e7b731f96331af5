import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../test/finance-fixtures.js';
import {
  advanceTo,
  checkoutBody,
  newGrower,
  newOrderBuyer,
  placedOrder,
  putInCart,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { startWebhookReceiver } from '../../test/webhook-receiver.js';

const EVENTS = ['order.status_changed', 'dispute.opened', 'dispute.resolved'];

/** Order and dispute events reach both sides of the trade: the buyer's company and the grower's. */
describe(`order and dispute events on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  async function subscribe(company: Pick<Customer, 'call'>, path: string): Promise<void> {
    const response = await company.call('POST', 'webhooks/endpoints', {
      sUrl: receiver.url(path),
      aEvents: EVENTS,
    });
    expect(response.statusCode, response.body).toBe(201);
    receiver.setSecret(path, json<{ endpoint: { sSecret: string } }>(response).endpoint.sSecret);
  }

  it('tells the buyer and the grower of each status and of the dispute, once each', async () => {
    const { vendor, articleIds } = await newGrower(t, [
      { name: 'Persian lime 150ct', price: '24.00', boxesPerPallet: 70, minBoxes: 10, stock: 700 },
    ]);
    const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '5000.00' });
    await subscribe(buyer, '/buyer');
    await subscribe(vendor, '/grower');
    await putInCart(t, buyer, articleIds[0]!, 140);
    const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    await advanceTo(vendor, order, 'DELIVERED');
    const dispute = await buyer.call('POST', 'disputes', {
      sOrderId: order.sOrderId,
      sCategory: 'QUALITY_CONDITION',
      sSubcategory: 'DECAY',
      sDescription: 'Twelve boxes arrived with stem-end rot.',
    });
    expect(dispute.statusCode, dispute.body).toBe(201);
    const disputeId = json<{ dispute: { sDisputeId: string } }>(dispute).dispute.sDisputeId;
    await t.app.marketplace.disputes.resolve(
      disputeId,
      { resolution: 'Credit for twelve boxes', inCharge: 'Ops' },
      'en',
    );

    // The in-process webhooks job may hold some deliveries while this loop sends the rest:
    // wait until each side has the last status and the resolution, not for a count.
    const complete = () =>
      ['/buyer', '/grower'].every(
        (side) =>
          receiver.received.some(
            (hook) => hook.path === side && hook.data.sStatus === 'FINISHED',
          ) &&
          receiver.received.some((hook) => hook.path === side && hook.type === 'dispute.resolved'),
      );
    for (let round = 0; round < 200 && !complete(); round += 1) {
      await t.app.webhooks.deliverDue();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const side of ['/buyer', '/grower']) {
      const hooks = receiver.received.filter((hook) => hook.path === side);
      // Deliveries run concurrently and may arrive in any order (as Standard Webhooks allows),
      // and the test clock stands still, so every event bears the same timestamp: assert
      // which statuses arrived, each once, not their order.
      const statuses = hooks
        .filter((hook) => hook.type === 'order.status_changed')
        .map((hook) => hook.data.sStatus);
      expect(statuses).toEqual(expect.arrayContaining(['ORDER_RECEIVED', 'DELIVERED', 'FINISHED']));
      expect(new Set(statuses).size).toBe(statuses.length);
      expect(hooks.filter((hook) => hook.type === 'dispute.opened')).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ sDisputeId: disputeId }) }),
      ]);
      expect(hooks.filter((hook) => hook.type === 'dispute.resolved')).toEqual([
        expect.objectContaining({
          data: expect.objectContaining({ sResolution: 'Credit for twelve boxes' }),
        }),
      ]);
    }
    // Once per event id.
    expect([...receiver.countsById().values()].every((count) => count === 1)).toBe(true);
    expect(receiver.refused).toBe(0);
  });
});
