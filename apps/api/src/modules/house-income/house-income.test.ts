import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInTimeZone } from '@app/domain';
import { expectLedgerSound } from '../../test/finance-fixtures.js';
import { expectError } from '../../test/marketplace-fixtures.js';
import {
  advanceTo,
  checkoutBody,
  logInAgain,
  newGrower,
  newOperator,
  newOrderBuyer,
  placedOrder,
  putInCart,
  type ArticleSpec,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

let t: TestApp;

/** 140 boxes, 70 a pallet, at 0 km: freight 2.57 and in/out 0.35 a box, one truck. */
const MANGO: ArticleSpec = {
  name: 'Kent mango 8ct',
  price: '25.00',
  boxesPerPallet: 70,
  minBoxes: 10,
  stock: 1000,
};

interface Income {
  dFreight: number;
  dColdStorage: number;
  dBorderCrossing: number;
  dInsurance: number;
  dTotal: number;
}
interface Report {
  dFrom: string;
  dTo: string;
  totals: Income;
  ledger: {
    dFreightAndColdStorage: number;
    dBorderCrossing: number;
    dInsurance: number;
    dTotal: number;
  };
  days: Array<Income & { dDate: string; iOrders: number }>;
  orders: Array<Income & { sOrderId: string; iTrackingId: number; sVendorName: string }>;
}

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe(`the house's fee income on ${TEST_ENGINE}`, () => {
  it('shows each fee kind per day and per order, and adds up to the house accounts', async () => {
    const firstDay = todayInTimeZone(t.clock.now());
    const grower = await newGrower(t, [MANGO]);
    const { articleIds } = grower;
    let { vendor } = grower;
    const placing = await newOrderBuyer(t, { usd: '10000.00' });
    let { buyer } = placing;
    const { warehouseId } = placing;
    await putInCart(t, buyer, articleIds[0]!, 140);
    const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));

    // A day later 130 of the 140 boxes arrive; accepting gives back the other ten's fees.
    t.clock.advanceMinutes(24 * 60);
    vendor = await logInAgain(t, vendor);
    buyer = await logInAgain(t, buyer);
    const operator = await newOperator(t);
    const onRoute = await advanceTo(vendor, order, 'ON_DELIVERY_ROUTE');
    const delivered = await vendor.call('POST', `vendor/orders/${order.sOrderId}/status`, {
      sStatus: 'DELIVERED',
      lines: [{ sLineId: onRoute.lines[0]!.sLineId, dDeliveredQuantity: 130 }],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const accepted = await buyer.call('POST', `orders/${order.sOrderId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);

    const response = await operator.call(
      'GET',
      `ops/house-income?from=${firstDay}&to=${addDays(firstDay, 1)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = json<Report>(response);
    expect(report.days).toEqual([
      {
        dDate: firstDay,
        iOrders: 1,
        dFreight: 359.8,
        dColdStorage: 49,
        dBorderCrossing: 450,
        dInsurance: 8.75,
        dTotal: 867.55,
      },
      {
        dDate: addDays(firstDay, 1),
        iOrders: 1,
        dFreight: -25.7,
        dColdStorage: -3.5,
        dBorderCrossing: 0,
        dInsurance: 0,
        dTotal: -29.2,
      },
    ]);
    expect(report.totals).toEqual({
      dFreight: 334.1,
      dColdStorage: 45.5,
      dBorderCrossing: 450,
      dInsurance: 8.75,
      dTotal: 838.35,
    });
    expect(report.orders).toEqual([
      expect.objectContaining({
        sOrderId: order.sOrderId,
        iTrackingId: order.iTrackingId,
        sVendorName: 'Huerta Los Reyes SPR de RL',
        sBuyerName: 'Frutas del Norte LLC',
        dTotal: 838.35,
      }),
    ]);
    // The house accounts on the ledger say the same.
    expect(report.ledger).toEqual({
      dFreightAndColdStorage: 379.6,
      dBorderCrossing: 450,
      dInsurance: 8.75,
      dTotal: 838.35,
    });
    const houseBalance = (kind: Parameters<typeof t.app.finance.ledger.houseBalance>[1]) =>
      t.app.finance.ledger.houseBalance(t.db, kind);
    expect(
      (await houseBalance('HOUSE_FEE_LOGISTICS_USD')) +
        (await houseBalance('HOUSE_FEE_BORDER_CROSSING_USD')) +
        (await houseBalance('HOUSE_FEE_INSURANCE_USD')),
    ).toBe(83_835n);

    // Only the second day: the refund alone.
    const secondDay = json<Report>(
      await operator.call(
        'GET',
        `ops/house-income?from=${addDays(firstDay, 1)}&to=${addDays(firstDay, 1)}`,
      ),
    );
    expect(secondDay.totals.dTotal).toBe(-29.2);
    expect(secondDay.ledger.dTotal).toBe(-29.2);
    await expectLedgerSound(t);
  });

  it("is the back office's alone, and refuses a period backwards or longer than a year", async () => {
    const operator = await newOperator(t);
    const { buyer } = await newOrderBuyer(t, { usd: '10.00' });
    expectError(await buyer.call('GET', 'ops/house-income'), 404, 'NOT_FOUND');
    expectError(
      await operator.call('GET', 'ops/house-income?from=2026-05-02&to=2026-05-01'),
      400,
      'INVALID_INPUT',
      'from',
    );
    expectError(
      await operator.call('GET', 'ops/house-income?from=2024-01-01&to=2026-05-01'),
      400,
      'INVALID_INPUT',
      'from',
    );
    expectError(
      await operator.call('GET', 'ops/house-income?from=2026-02-30'),
      400,
      'INVALID_INPUT',
    );
    const empty = json<Report>(
      await operator.call('GET', 'ops/house-income?from=2020-01-01&to=2020-01-31'),
    );
    expect(empty.days).toEqual([]);
    expect(empty.orders).toEqual([]);
    expect(empty.totals.dTotal).toBe(0);
  });
});
