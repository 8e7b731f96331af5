import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moneyToNumber, parseMoney } from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  moneyTableCounts,
  type Customer,
} from '../../test/finance-fixtures.js';
import { expectError, type Company } from '../../test/marketplace-fixtures.js';
import {
  advanceTo,
  checkoutBody,
  newGrower,
  newOperator,
  newOrderBuyer,
  placedOrder,
  putInCart,
  type ArticleSpec,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiOrder } from './order.view.js';

let t: TestApp;

/** 140 boxes at $25.00 agreed at checkout; per-box fees 2.92 (freight 2.57 + in/out 0.35). */
const MANGO: ArticleSpec = {
  name: 'Ataulfo mango 12ct',
  price: '25.00',
  boxesPerPallet: 70,
  minBoxes: 10,
  stock: 1000,
};
const BOXES = 140;
const START_USD = parseMoney('10000.00');
const HOUSE_FEES = [
  'HOUSE_FEE_LOGISTICS_USD',
  'HOUSE_FEE_BORDER_CROSSING_USD',
  'HOUSE_FEE_INSURANCE_USD',
] as const;

interface Market {
  vendor: Company;
  buyer: Customer;
  order: ApiOrder;
  lineId: string;
}

/** An order paid now and on its way to the buyer (one line of 140 boxes at 25.00). */
async function onRoute(usd = '10000.00'): Promise<Market> {
  const { vendor, articleIds } = await newGrower(t, [MANGO]);
  const { buyer, warehouseId } = await newOrderBuyer(t, { usd });
  await putInCart(t, buyer, articleIds[0]!, BOXES);
  const placed = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
  const order = await advanceTo(vendor, placed, 'ON_DELIVERY_ROUTE');
  return { vendor, buyer, order, lineId: order.lines[0]!.sLineId };
}

async function deliver(m: Market, line: Record<string, unknown>): Promise<ApiOrder> {
  const response = await m.vendor.call('POST', `vendor/orders/${m.order.sOrderId}/status`, {
    sStatus: 'DELIVERED',
    lines: [{ sLineId: m.lineId, ...line }],
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ order: ApiOrder }>(response).order;
}

async function call(who: Company, path: string, body?: unknown): Promise<ApiOrder> {
  const response = await who.call('POST', path, body);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ order: ApiOrder }>(response).order;
}

async function orderSeenBy(who: Company, path: string): Promise<ApiOrder> {
  const response = await who.call('GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ order: ApiOrder }>(response).order;
}

/**
 * The three-party money to the cent: what left the buyer's USD balance (less what is still
 * held for it) is what the grower was paid plus what the house kept as fees; refunds are
 * back in the balance. With the ledger's own invariants (held = open orders' holds).
 */
async function heldOf(buyer: Customer): Promise<bigint> {
  const row = await t.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('enterprise_id', '=', buyer.enterpriseId)
    .where('kind', '=', 'USD_ORDER_HELD')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

async function expectMoneyConserved(buyer: Customer, payoutUsd: bigint): Promise<void> {
  const available = (await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE;
  let fees = 0n;
  for (const kind of HOUSE_FEES) fees += await t.app.finance.ledger.houseBalance(t.db, kind);
  expect(START_USD - available - (await heldOf(buyer))).toBe(payoutUsd + fees);
  await expectLedgerSound(t);
}

async function paidOut(orderId: string): Promise<bigint | null> {
  const row = await t.db
    .selectFrom('orders')
    .select('payout_usd_cents')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.payout_usd_cents;
}

async function auditOf(entity: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'outcome', 'after'])
    .where('entity', '=', entity)
    .orderBy('id')
    .execute();
}

describe(`the agreed price and the buyer's count on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('keeps the agreed price when the grower records a higher one; the buyer rejects it', async () => {
    const m = await onRoute();
    const delivered = await deliver(m, { dDeliveredQuantity: BOXES, dDeliveredUnitPrice: 27.5 });
    // Not applied: the line and the final price stay at the agreed 25.00.
    expect(delivered.lines[0]).toMatchObject({ dDeliveredUnitPrice: 25, dAgreedUnitPrice: 25 });
    expect(delivered.dFinalPrice).toBe(delivered.dTotal);
    expect(delivered.priceChange).toEqual({
      requested_at: expect.any(String),
      dAddedToHold: 350,
      lines: [
        {
          sLineId: m.lineId,
          sProductName: MANGO.name,
          iBoxes: BOXES,
          dAgreedUnitPrice: 25,
          dRequestedUnitPrice: 27.5,
        },
      ],
    });
    // The buyer sees it waiting, and cannot accept the load before answering.
    const seen = await orderSeenBy(m.buyer, `orders/${m.order.sOrderId}`);
    expect(seen.priceChange?.lines[0]?.dRequestedUnitPrice).toBe(27.5);
    expect(seen.bCanAccept).toBe(false);
    expectError(
      await m.buyer.call('POST', `orders/${m.order.sOrderId}/accept`),
      409,
      'PRICE_CHANGE_PENDING',
    );
    // Only the buyer answers.
    expect(
      (await m.vendor.call('POST', `orders/${m.order.sOrderId}/price-change/reject`)).statusCode,
    ).toBe(404);

    const rejected = await call(m.buyer, `orders/${m.order.sOrderId}/price-change/reject`);
    expect(rejected.priceChange).toBeNull();
    expect(rejected.lines[0]).toMatchObject({ dDeliveredUnitPrice: 25, dAgreedUnitPrice: 25 });
    expect(rejected.bCanAccept).toBe(true);
    expect(
      (await orderSeenBy(m.vendor, `vendor/orders/${m.order.sOrderId}`)).priceChange,
    ).toBeNull();
    expect(await auditOf(`orders/${m.order.sOrderId}/price-change`)).toEqual([
      expect.objectContaining({
        outcome: 'OK',
        after: { sDecision: 'REJECT', lines: [{ sLineId: m.lineId, dDeliveredUnitPrice: 25 }] },
      }),
    ]);
    // Nothing left to answer.
    expectError(
      await m.buyer.call('POST', `orders/${m.order.sOrderId}/price-change/reject`),
      409,
      'INVALID_STATE',
    );

    const finished = await call(m.buyer, `orders/${m.order.sOrderId}/accept`, {
      lines: [{ sLineId: m.lineId, dReceivedQuantity: BOXES }],
    });
    expect(finished.sStatus).toBe('FINISHED');
    expect(finished.money.dPayoutUsd).toBe(3500);
    await expectMoneyConserved(m.buyer, parseMoney('3500.00'));
  });

  it('takes an accepted raise from the buyer into the hold and pays it to the grower', async () => {
    const m = await onRoute();
    await deliver(m, { dDeliveredQuantity: BOXES, dDeliveredUnitPrice: 27.5 });
    const before = (await balancesOf(t, m.buyer.enterpriseId)).USD_AVAILABLE;
    const heldBefore = await heldOf(m.buyer);
    const accepted = await call(m.buyer, `orders/${m.order.sOrderId}/price-change/accept`);
    const raise = parseMoney('350.00'); // 140 × 2.50
    expect(before - (await balancesOf(t, m.buyer.enterpriseId)).USD_AVAILABLE).toBe(raise);
    expect((await heldOf(m.buyer)) - heldBefore).toBe(raise);
    expect(accepted.priceChange).toBeNull();
    expect(accepted.lines[0]).toMatchObject({ dDeliveredUnitPrice: 27.5, dAgreedUnitPrice: 27.5 });
    expect(accepted.money).toMatchObject({ dGoods: 3850, dHeld: 3850 });
    expect(accepted.dFinalPrice).toBe(moneyToNumber(parseMoney(String(accepted.dTotal))));
    expect(await auditOf(`orders/${m.order.sOrderId}/price-change`)).toEqual([
      expect.objectContaining({
        outcome: 'OK',
        after: expect.objectContaining({ sDecision: 'ACCEPT' }),
      }),
    ]);
    await expectLedgerSound(t);

    const finished = await call(m.buyer, `orders/${m.order.sOrderId}/accept`, {
      lines: [{ sLineId: m.lineId, dReceivedQuantity: BOXES }],
    });
    expect(finished.money).toMatchObject({ dHeld: 0, dRefunded: 0, dPayoutUsd: 3850 });
    await expectMoneyConserved(m.buyer, parseMoney('3850.00'));
  });

  it("refuses a raise the buyer's balance cannot cover, writing nothing", async () => {
    const m = await onRoute('4400.00'); // the order takes 4,367.55: 32.45 left
    await deliver(m, { dDeliveredQuantity: BOXES, dDeliveredUnitPrice: 27.5 });
    const before = await moneyTableCounts(t);
    expectError(
      await m.buyer.call('POST', `orders/${m.order.sOrderId}/price-change/accept`),
      409,
      'INSUFFICIENT_FUNDS',
    );
    expect(await moneyTableCounts(t)).toEqual(before);
    const seen = await orderSeenBy(m.buyer, `orders/${m.order.sOrderId}`);
    expect(seen.priceChange).not.toBeNull();
    expect(seen.money.dHeld).toBe(3500);
  });

  it('applies a lower price at once: it only favours the buyer', async () => {
    const m = await onRoute();
    const delivered = await deliver(m, { dDeliveredQuantity: BOXES, dDeliveredUnitPrice: 24 });
    expect(delivered.priceChange).toBeNull();
    expect(delivered.lines[0]).toMatchObject({ dDeliveredUnitPrice: 24, dAgreedUnitPrice: 25 });
    // A later raise replaces nothing applied: the line goes back to the agreed price, waiting.
    const raised = await call(m.vendor, `vendor/orders/${m.order.sOrderId}/delivery`, {
      lines: [{ sLineId: m.lineId, dDeliveredQuantity: BOXES, dDeliveredUnitPrice: 26 }],
    });
    expect(raised.lines[0]!.dDeliveredUnitPrice).toBe(25);
    expect(raised.priceChange?.lines[0]?.dRequestedUnitPrice).toBe(26);
    // The grower's newer record within the agreed price withdraws the request.
    const lowered = await call(m.vendor, `vendor/orders/${m.order.sOrderId}/delivery`, {
      lines: [{ sLineId: m.lineId, dDeliveredQuantity: BOXES, dDeliveredUnitPrice: 24 }],
    });
    expect(lowered.priceChange).toBeNull();
    const finished = await call(m.buyer, `orders/${m.order.sOrderId}/accept`, {
      lines: [{ sLineId: m.lineId, dReceivedQuantity: BOXES }],
    });
    expect(finished.money).toMatchObject({ dPayoutUsd: 3360, dRefunded: 140 });
    await expectMoneyConserved(m.buyer, parseMoney('3360.00'));
  });

  it("pays the buyer's lower count and opens a dispute on the difference", async () => {
    const m = await onRoute();
    await deliver(m, { dDeliveredQuantity: BOXES });
    const answered = await call(m.buyer, `orders/${m.order.sOrderId}/accept`, {
      lines: [{ sLineId: m.lineId, dReceivedQuantity: 130 }],
    });
    expect(answered.sStatus).toBe('DELIVERED');
    expect(answered.sDisputeStatus).toBe('IN_PROCESS');
    expect(answered.lines[0]).toMatchObject({
      dDeliveredQuantity: 130,
      dReceivedQuantity: 130,
      dVendorDeliveredQuantity: 140,
    });
    expect(answered.money.dHeld).toBe(3500);
    expect(await paidOut(m.order.sOrderId)).toBeNull();
    const dispute = json<{
      dispute: { sCategory: string; sSubcategory: string; sDescription: string };
    }>(await m.buyer.call('GET', `disputes/${answered.sDisputeId}`)).dispute;
    expect(dispute).toMatchObject({ sCategory: 'QUANTITY', sSubcategory: 'SHORT_BOXES' });
    expect(dispute.sDescription).toContain(`${MANGO.name}: grower 140 boxes, buyer 130 boxes.`);
    // The grower cannot rewrite its count once the buyer has answered with its own.
    expectError(
      await m.vendor.call('POST', `vendor/orders/${m.order.sOrderId}/delivery`, {
        lines: [{ sLineId: m.lineId, dDeliveredQuantity: BOXES }],
      }),
      409,
      'INVALID_STATE',
    );

    // Resolved as an acceptance: the lower count is paid, the rest goes back to the buyer.
    const operator = await newOperator(t);
    const resolved = await operator.call('POST', `ops/disputes/${answered.sDisputeId}/resolve`, {
      sResolution: 'The buyer counted 130 boxes at the dock.',
      sInCharge: 'Ops team',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const finished = await orderSeenBy(m.buyer, `orders/${m.order.sOrderId}`);
    expect(finished.money).toMatchObject({ dHeld: 0, dPayoutUsd: 3250, dRefunded: 279.2 });
    await expectMoneyConserved(m.buyer, parseMoney('3250.00'));
  });

  it('refuses bad counts and prices with 400 and the field, writing nothing', async () => {
    const m = await onRoute();
    const path = `vendor/orders/${m.order.sOrderId}/status`;
    const before = await moneyTableCounts(t);
    for (const [line, field] of [
      [{ dDeliveredQuantity: 0 }, 'lines.0.dDeliveredQuantity'],
      [{ dDeliveredQuantity: -5 }, 'lines.0.dDeliveredQuantity'],
      [{ dDeliveredQuantity: BOXES, dDeliveredUnitPrice: 25.001 }, 'lines.0.dDeliveredUnitPrice'],
      [{ dDeliveredQuantity: BOXES, dDeliveredUnitPrice: 0 }, 'lines.0.dDeliveredUnitPrice'],
      [{ dDeliveredQuantity: BOXES + 1 }, 'lines.0.dDeliveredQuantity'],
    ] as const) {
      expectError(
        await m.vendor.call('POST', path, {
          sStatus: 'DELIVERED',
          lines: [{ sLineId: m.lineId, ...line }],
        }),
        400,
        'INVALID_INPUT',
        field,
      );
    }
    expect((await orderSeenBy(m.buyer, `orders/${m.order.sOrderId}`)).sStatus).toBe(
      'ON_DELIVERY_ROUTE',
    );
    await deliver(m, { dDeliveredQuantity: BOXES });
    const accept = `orders/${m.order.sOrderId}/accept`;
    expectError(
      await m.buyer.call('POST', accept, {
        lines: [{ sLineId: m.lineId, dReceivedQuantity: 141 }],
      }),
      400,
      'INVALID_INPUT',
      'lines.0.dReceivedQuantity',
    );
    expectError(
      await m.buyer.call('POST', accept, { lines: [{ sLineId: m.lineId, dReceivedQuantity: -1 }] }),
      400,
      'INVALID_INPUT',
      'lines.0.dReceivedQuantity',
    );
    expect(await moneyTableCounts(t)).toEqual(before);
    const seen = await orderSeenBy(m.buyer, `orders/${m.order.sOrderId}`);
    expect(seen.sStatus).toBe('DELIVERED');
    expect(seen.lines[0]).toMatchObject({ dReceivedQuantity: null, dDeliveredQuantity: BOXES });
    expect(await t.db.selectFrom('disputes').select('id').execute()).toEqual([]);
  });
});
