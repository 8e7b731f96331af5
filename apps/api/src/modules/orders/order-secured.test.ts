import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  convertUsdToMxn,
  daysBetween,
  forwardDeposit,
  moneyToNumber,
  parseMoney,
  parseRate,
  rateToDecimalString,
  rateToNumber,
} from '@app/domain';
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
  checkoutBody,
  logInAgain,
  newGrower,
  newOrderBuyer,
  placedOrder,
  putInCart,
  tableCount,
  VENDOR_CLABE,
  type ArticleSpec,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiOrder } from './order.view.js';

let t: TestApp;

/** The test clock starts on Saturday 2026-11-21, noon in Mexico City. */
const TODAY = '2026-11-21';
const FORWARD_DATE = '2026-12-01';

/** 140 boxes at $25.00 (2 pallets, 1 truck): goods 3,500.00, total 4,367.55 at 0 km. */
const MANGO: ArticleSpec = {
  name: 'Ataulfo mango 12ct',
  price: '25.00',
  boxesPerPallet: 70,
  minBoxes: 10,
  stock: 1000,
};
const BOXES = 140;
const GOODS = parseMoney('3500.00');
const TOTAL = parseMoney('4367.55');

async function market(usd = '10000.00') {
  const { vendor, articleIds } = await newGrower(t, [MANGO]);
  const { buyer, warehouseId } = await newOrderBuyer(t, { usd });
  await putInCart(t, buyer, articleIds[0]!, BOXES);
  return { vendor, buyer, warehouseId };
}

async function orderAs(company: Customer, path: string, lang: 'en' | 'sp' = 'en') {
  const response = await company.call('GET', path, undefined, { lang });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ order: ApiOrder }>(response).order;
}

async function forwardOrder(buyer: Customer, vendor: Company, warehouseId: string) {
  const spot = await spotQuote(t, buyer.enterpriseId);
  const forward = json<{ forwardRate: { rate: number; uuid: string } }>(
    await buyer.call('POST', 'transactions/forwardRate', {
      dDateForward: FORWARD_DATE,
      dAmount: 100,
      referenceExchangeRate: spot.id,
      bExternal: false,
    }),
  ).forwardRate;
  const order = await placedOrder(buyer, {
    sVendorId: vendor.enterpriseId,
    sWarehouseId: warehouseId,
    sPaymentMethod: 'FORWARD',
    sExchangeRateReference: forward.uuid,
    dExchangeRate: forward.rate,
    dForwardDate: FORWARD_DATE,
  });
  return { order, rateMicro: parseRate(forward.rate) };
}

/** Proves a refused status move wrote nothing: status, events, money rows. */
async function refusedToPrepare(vendor: Company, orderId: string) {
  const before = {
    money: await moneyTableCounts(t),
    events: await tableCount(t, 'order_status_events'),
  };
  for (const lang of ['en', 'sp'] as const) {
    const refused = await vendor.call(
      'POST',
      `vendor/orders/${orderId}/status`,
      { sStatus: 'IN_PREPARATION' },
      { lang },
    );
    expectError(refused, 409, 'ORDER_NOT_PAID', 'sPaymentStatus');
    const message = json<{ message: string }>(refused).message;
    expect(message).toContain(lang === 'en' ? 'before it is paid' : 'antes de estar pagado');
  }
  expect(await moneyTableCounts(t)).toEqual(before.money);
  expect(await tableCount(t, 'order_status_events')).toBe(before.events);
  expect((await orderAs(vendor, `vendor/orders/${orderId}`)).sStatus).toBe('ORDER_RECEIVED');
}

describe(`goods secured before shipping on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('keeps a forward order at "order received" until the buyer pays the rest now, to the cent', async () => {
    const { vendor, buyer, warehouseId } = await market();
    const { order, rateMicro } = await forwardOrder(buyer, vendor, warehouseId);
    const deposit = forwardDeposit(TOTAL);
    expect(order.money.bSecured).toBe(false);
    expect(order.schedule).toEqual({
      steps: [
        {
          sKind: 'DEPOSIT',
          dAmountUsd: moneyToNumber(deposit),
          bTaken: true,
          taken_at: order.created_at,
          dDueDate: null,
        },
        {
          sKind: 'REST',
          dAmountUsd: moneyToNumber(TOTAL - deposit),
          bTaken: false,
          taken_at: null,
          dDueDate: FORWARD_DATE,
        },
      ],
      dTakenUsd: moneyToNumber(deposit),
      dDueUsd: moneyToNumber(TOTAL - deposit),
      sWaitingFor: 'FORWARD_SETTLEMENT',
    });
    expect(order.vendorMoney).toBeNull();

    // The grower sees why and when, its own goods money, and none of the buyer's amounts.
    const grower = await orderAs(vendor, `vendor/orders/${order.sOrderId}`);
    expect(grower.schedule.sWaitingFor).toBe('FORWARD_SETTLEMENT');
    expect(grower.schedule.steps[1]).toMatchObject({ dDueDate: FORWARD_DATE, dAmountUsd: null });
    expect(grower.schedule.dDueUsd).toBeNull();
    expect(grower.vendorMoney).toEqual({
      dGoodsUsd: moneyToNumber(GOODS),
      dGoodsMxn: moneyToNumber(convertUsdToMxn(GOODS, rateMicro)),
      dExchangeRate: rateToNumber(rateMicro),
      lines: [
        {
          sLineId: grower.lines[0]!.sLineId,
          dGoodsUsd: moneyToNumber(GOODS),
          dGoodsMxn: moneyToNumber(convertUsdToMxn(GOODS, rateMicro)),
        },
      ],
      payout: null,
    });
    await refusedToPrepare(vendor, order.sOrderId);

    // Paying the rest now takes exactly the total less the deposit from the USD balance.
    const before = await balancesOf(t, buyer.enterpriseId);
    expect(before.USD_FORWARD_DEPOSIT).toBe(deposit);
    const paid = await buyer.call('POST', `orders/${order.sOrderId}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    const paidOrder = json<{ order: ApiOrder }>(paid).order;
    const after = await balancesOf(t, buyer.enterpriseId);
    expect(before.USD_AVAILABLE - after.USD_AVAILABLE).toBe(TOTAL - deposit);
    expect(after).toMatchObject({ USD_FORWARD_DEPOSIT: 0n, MXN_AVAILABLE: 0n });
    expect(paidOrder.money).toMatchObject({ dHeld: moneyToNumber(GOODS), bSecured: true });
    expect(paidOrder.schedule).toMatchObject({
      dTakenUsd: moneyToNumber(TOTAL),
      dDueUsd: 0,
      sWaitingFor: null,
    });
    expect(paidOrder.schedule.steps[1]).toMatchObject({
      bTaken: true,
      taken_at: expect.any(String),
    });
    await expectLedgerSound(t);

    const moved = await vendor.call('POST', `vendor/orders/${order.sOrderId}/status`, {
      sStatus: 'IN_PREPARATION',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Paid once: a second payment is refused.
    expectError(await buyer.call('POST', `orders/${order.sOrderId}/pay`, {}), 409, 'INVALID_STATE');
  });

  it('refuses to pay the rest now without the USD, writing nothing', async () => {
    // The deposit fits, the rest does not.
    const { vendor, buyer, warehouseId } = await market('1000.00');
    const { order } = await forwardOrder(buyer, vendor, warehouseId);
    const before = await moneyTableCounts(t);
    expectError(
      await buyer.call('POST', `orders/${order.sOrderId}/pay`, {}),
      409,
      'INSUFFICIENT_FUNDS',
    );
    expect(await moneyTableCounts(t)).toEqual(before);
    expect((await orderAs(buyer, `orders/${order.sOrderId}`)).payment!.sStatus).toBe('PENDING');
  });

  it('lets a forward order ship once its settlement day has paid for it', async () => {
    const { vendor, buyer: first, warehouseId } = await market();
    const { order } = await forwardOrder(first, vendor, warehouseId);
    t.clock.advanceMinutes(daysBetween(TODAY, FORWARD_DATE) * 24 * 60);
    const buyer = await logInAgain(t, first);
    const grower = await logInAgain(t, vendor);
    await refusedToPrepare(grower, order.sOrderId);
    const paid = await buyer.call('POST', `orders/${order.sOrderId}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE).toBe(
      parseMoney('10000.00') - TOTAL,
    );
    expect((await advanceTo(grower, order, 'IN_PREPARATION')).sStatus).toBe('IN_PREPARATION');
  });

  it('keeps a deferred order at "order received" until its transfer is paid', async () => {
    const { vendor, buyer, warehouseId } = await market();
    const order = await placedOrder(
      buyer,
      await checkoutBody(t, buyer, vendor, warehouseId, 'DEFERRED'),
    );
    expect(order.schedule).toEqual({
      steps: [
        {
          sKind: 'TRANSFER',
          dAmountUsd: moneyToNumber(TOTAL),
          bTaken: false,
          taken_at: null,
          dDueDate: null,
        },
      ],
      dTakenUsd: 0,
      dDueUsd: moneyToNumber(TOTAL),
      sWaitingFor: 'TRANSFER',
    });
    await refusedToPrepare(vendor, order.sOrderId);
    const paid = await buyer.call('POST', `orders/${order.sOrderId}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json<{ order: ApiOrder }>(paid).order.schedule).toMatchObject({
      dTakenUsd: moneyToNumber(TOTAL),
      dDueUsd: 0,
      sWaitingFor: null,
    });
    expect((await advanceTo(vendor, order, 'IN_PREPARATION')).sStatus).toBe('IN_PREPARATION');
  });

  it("shows a paid-now order's schedule as taken at checkout", async () => {
    const { vendor, buyer, warehouseId } = await market();
    const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    expect(order.schedule).toEqual({
      steps: [
        {
          sKind: 'PAYMENT',
          dAmountUsd: moneyToNumber(TOTAL),
          bTaken: true,
          taken_at: order.payment!.paid_at,
          dDueDate: null,
        },
      ],
      dTakenUsd: moneyToNumber(TOTAL),
      dDueUsd: 0,
      sWaitingFor: null,
    });
  });

  it("e-mails the grower its payout in each user's language: amount, rate, masked CLABE, tracking key", async () => {
    const { vendor, buyer, warehouseId } = await market();
    const quote = await spotQuote(t, buyer.enterpriseId);
    const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    await t.db
      .insertInto('notification_settings')
      .values({
        user_id: vendor.userId,
        language: 'sp',
        disabled_events: '[]',
        updated_at: t.clock.now(),
      })
      .execute();
    await advanceTo(vendor, order, 'DELIVERED');
    const accepted = await buyer.call('POST', `orders/${order.sOrderId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);

    const payout = json<{
      payouts: Array<{ sTrackingKey: string; dAmountMxn: number; sClabeMasked: string }>;
    }>(await vendor.call('GET', 'vendor/payouts')).payouts[0]!;
    const mxn = convertUsdToMxn(GOODS, quote.rateMicro);
    expect(payout.dAmountMxn).toBe(moneyToNumber(mxn));
    const growerEmail = (
      await t.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', vendor.userId)
        .executeTakeFirstOrThrow()
    ).email;
    const mails = await t.db
      .selectFrom('outbox_emails')
      .select(['to_address', 'subject', 'body_text', 'language'])
      .where('subject', 'like', '%pedido #%')
      .where('to_address', '=', growerEmail)
      .execute();
    const paidMail = mails.find((mail) => mail.subject.startsWith('Te pagamos'));
    expect(paidMail).toBeDefined();
    const mxnText = moneyToNumber(mxn).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(paidMail!.subject).toBe(`Te pagamos ${mxnText} MXN por el pedido #${order.iTrackingId}`);
    expect(paidMail!.language).toBe('sp');
    expect(paidMail!.body_text).toContain('3,500.00 USD');
    const rate = rateToDecimalString(quote.rateMicro).replace(/^(\d+\.\d{4})\d*$/, '$1');
    expect(paidMail!.body_text).toContain(`${rate} MXN por USD`);
    expect(paidMail!.body_text).toContain(payout.sClabeMasked);
    expect(paidMail!.body_text).toContain(VENDOR_CLABE.slice(-4));
    expect(paidMail!.body_text).not.toContain(VENDOR_CLABE);
    expect(paidMail!.body_text).toContain(`Clave de rastreo: ${payout.sTrackingKey}`);
    // The buyer is not told the grower's payout.
    const buyerMails = await t.db
      .selectFrom('outbox_emails')
      .select('subject')
      .where('subject', 'like', '%paid%MXN for order%')
      .execute();
    expect(buyerMails).toEqual([]);
  });
});
