import { randomUUID } from 'node:crypto';
import { parseMoney } from '@app/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balancesOf, expectLedgerSound } from '../../test/finance-fixtures.js';
import {
  checkout,
  checkoutBody,
  newGrower,
  newOrderBuyer,
  putInCart,
  stockOf,
  tableCount,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiOrder } from './order.view.js';

let t: TestApp;

describe(`one cart checked out many times at once on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('places one order and answers every other checkout 409, never 500', async () => {
    const { vendor, articleIds } = await newGrower(t, [
      { name: 'Hass avocado 48ct', price: '25.00', boxesPerPallet: 60, minBoxes: 10, stock: 2000 },
      { name: 'Persian lime 150ct', price: '18.50', boxesPerPallet: 70, minBoxes: 5, stock: 500 },
    ]);
    const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '60000.00' });
    await putInCart(t, buyer, articleIds[0]!, 100);
    await putInCart(t, buyer, articleIds[1]!, 20);
    const body = await checkoutBody(t, buyer, vendor, warehouseId, 'PAY_NOW');

    // Half with an Idempotency-Key of their own, half without: both paths race.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        checkout(buyer, body, index % 2 === 0 ? randomUUID() : undefined),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([
      201,
      ...Array.from({ length: 9 }, () => 409),
    ]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(json(answer)).toMatchObject({ code: 'INVALID_STATE', field: 'sVendorId' });
    }
    expect(await tableCount(t, 'orders')).toBe(1);
    expect(await tableCount(t, 'cart_items')).toBe(0);
    expect(await stockOf(t, articleIds[0]!)).toBe(1900);
    expect(await stockOf(t, articleIds[1]!)).toBe(480);
    // The buyer paid once: the balance is down by one order's total, to the cent.
    const placed = json<{ order: ApiOrder }>(answers.find((one) => one.statusCode === 201)!);
    expect((await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE).toBe(
      parseMoney('60000.00') - parseMoney(placed.order.dTotal!),
    );
  });
});
