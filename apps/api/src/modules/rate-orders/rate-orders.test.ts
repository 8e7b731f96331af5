import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  parseMoney,
  rateToNumber,
  todayInTimeZone,
  TRANSACTION_TYPE_IDS,
  usdForExactMxn,
} from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  newCustomer,
  type Customer,
} from '../../test/finance-fixtures.js';
import { expectError } from '../../test/marketplace-fixtures.js';
import { insertInvoice, insertSupplier, invoiceRow } from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiRateOrder } from './rate-order-view.js';

let t: TestApp;

function today(): string {
  return todayInTimeZone(t.clock.now());
}

function marketRateMicro(): bigint {
  return t.app.finance.rates.customerRateAt(t.clock.now());
}

async function placeOrder(
  customer: Customer,
  invoiceId: string,
  body: Record<string, unknown>,
  lang: 'en' | 'sp' = 'en',
): Promise<ApiRateOrder> {
  const response = await customer.call('POST', `invoices/${invoiceId}/rate-order`, body, { lang });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ rateOrder: ApiRateOrder }>(response).rateOrder;
}

async function orderRows() {
  return t.db.selectFrom('rate_orders').selectAll().orderBy('created_at').execute();
}

async function conversionCount(enterpriseId: string): Promise<number> {
  const row = await t.db
    .selectFrom('conversions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function invoiceAnswer(customer: Customer, invoiceId: string) {
  const response = await customer.call('POST', 'invoices/id', { sInvoiceId: invoiceId });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ invoice: { sStatusId: string; rateOrder: ApiRateOrder | null } }>(response).invoice;
}

/** The first minute ahead (within 25, inside the session's idle time) whose quote is higher. */
function nextHigherMinute(): { minutes: number; rateMicro: bigint } {
  const now = t.clock.now().getTime();
  const current = marketRateMicro();
  for (let minutes = 1; minutes <= 25; minutes += 1) {
    const rateMicro = t.app.finance.rates.customerRateAt(new Date(now + minutes * 60_000));
    if (rateMicro > current) return { minutes, rateMicro };
  }
  throw new Error('the simulated market did not rise within 25 minutes');
}

describe(`rate orders on ${TEST_ENGINE}`, () => {
  let customer: Customer;
  let supplierId: string;

  beforeEach(async () => {
    t = await createTestApp();
    customer = await newCustomer(t, { usd: '50000' });
    supplierId = await insertSupplier(t, customer.enterpriseId, { name: 'Limones Colima' });
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('waits below the target, then converts the invoice’s MXN exactly once when the quote crosses it', async () => {
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '100000.55',
      name: 'LC-77',
    });
    const crossing = nextHigherMinute();
    const order = await placeOrder(customer, invoiceId, {
      dTargetRate: rateToNumber(crossing.rateMicro),
      dExpiresOn: addDays(today(), 7),
    });
    expect(order).toMatchObject({
      sInvoiceId: invoiceId,
      dTargetRate: rateToNumber(crossing.rateMicro),
      sStatus: 'ACTIVE',
      sReason: null,
      sConversionId: null,
    });
    const usdBefore = (await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE;

    // Below the target: nothing moves.
    expect(await t.app.rateOrders.settleDueOrders()).toEqual({
      filled: 0,
      failed: 0,
      expired: 0,
      held: 0,
    });
    expect((await invoiceAnswer(customer, invoiceId)).rateOrder?.sStatus).toBe('ACTIVE');
    expect(await conversionCount(customer.enterpriseId)).toBe(0);

    // The quote reaches the target: two sweeps at the same moment fill it once.
    t.clock.advanceMinutes(crossing.minutes);
    const runs = await Promise.all([
      t.app.rateOrders.settleDueOrders(),
      t.app.rateOrders.settleDueOrders(),
    ]);
    expect(runs.map((run) => run.filled).sort()).toEqual([0, 1]);
    expect(await conversionCount(customer.enterpriseId)).toBe(1);

    const invoice = await invoiceAnswer(customer, invoiceId);
    expect(invoice.rateOrder).toMatchObject({ sStatus: 'FILLED', sReason: null });
    const conversion = await t.db
      .selectFrom('conversions')
      .selectAll()
      .where('id', '=', invoice.rateOrder?.sConversionId ?? '')
      .executeTakeFirstOrThrow();
    expect(conversion.rate_micro).toBeGreaterThanOrEqual(crossing.rateMicro);
    expect(conversion.mxn_cents).toBe(parseMoney('100000.55'));
    expect(conversion.usd_cents).toBe(
      usdForExactMxn(parseMoney('100000.55'), conversion.rate_micro),
    );
    expect(invoice.rateOrder?.dFilledRate).toBe(rateToNumber(conversion.rate_micro));
    const row = await invoiceRow(t, invoiceId);
    expect(row?.status).toBe('ASSIGNED');
    expect(row?.assigned_mxn).toBe(parseMoney('100000.55'));
    const usdAfter = (await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE;
    expect(usdBefore - usdAfter).toBe(conversion.usd_cents);

    // Later sweeps find nothing more to do; the user got one e-mail.
    expect(await t.app.rateOrders.settleDueOrders()).toEqual({
      filled: 0,
      failed: 0,
      expired: 0,
      held: 0,
    });
    expect(await conversionCount(customer.enterpriseId)).toBe(1);
    // The fill's notice goes out once, in the same e-mail as the conversion's own notice
    // (one person's notifications of one send make one digest).
    const mails = t.emails.filter((email) => email.text.includes('LC-77'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/^\d+\. Rate order filled at \d+\.\d{4} for invoice LC-77$/m);
    expect(mails[0]?.text).toContain('100,000.55 MXN');
  });

  it('fails with the reason when the USD balance cannot cover it, in the user’s language, and moves nothing', async () => {
    const poor = await newCustomer(t, { usd: '10' });
    const poorSupplier = await insertSupplier(t, poor.enterpriseId);
    const invoiceId = await insertInvoice(t, poor.enterpriseId, poorSupplier, {
      total: '50000.00',
      name: 'BJ-9',
    });
    await placeOrder(
      poor,
      invoiceId,
      { dTargetRate: rateToNumber(marketRateMicro()), dExpiresOn: addDays(today(), 3) },
      'sp',
    );
    expect(await t.app.rateOrders.settleDueOrders()).toMatchObject({ filled: 0, failed: 1 });
    const invoice = await invoiceAnswer(poor, invoiceId);
    expect(invoice.rateOrder).toMatchObject({ sStatus: 'FAILED', sReason: 'INSUFFICIENT_FUNDS' });
    expect(await conversionCount(poor.enterpriseId)).toBe(0);
    expect((await balancesOf(t, poor.enterpriseId)).USD_AVAILABLE).toBe(parseMoney('10'));
    expect((await invoiceRow(t, invoiceId))?.status).toBe('TO_PAY');
    const mail = t.emails.find((email) => email.subject.includes('BJ-9'));
    expect(mail?.subject).toBe('Orden de tipo de cambio no ejecutada: factura BJ-9');
    expect(mail?.text).toContain('su saldo en USD no alcanzó');
  });

  it('expires after its last day when the market never reached the target', async () => {
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '20000.00',
      name: 'AV-1',
    });
    const target = rateToNumber(marketRateMicro() + 5_000_000n);
    await placeOrder(customer, invoiceId, { dTargetRate: target, dExpiresOn: addDays(today(), 1) });
    t.clock.advanceMinutes(24 * 60);
    // Its last day: still waiting.
    await t.app.rateOrders.settleDueOrders();
    expect((await orderRows())[0]?.status).toBe('ACTIVE');
    t.clock.advanceMinutes(24 * 60);
    expect(await t.app.rateOrders.settleDueOrders()).toMatchObject({ expired: 1 });
    const [row] = await orderRows();
    expect(row).toMatchObject({ status: 'EXPIRED', reason: 'EXPIRED', conversion_id: null });
    expect(await conversionCount(customer.enterpriseId)).toBe(0);
    expect(t.emails.find((email) => email.subject.includes('AV-1'))?.subject).toBe(
      'Rate order not filled: invoice AV-1',
    );
  });

  it('fails an order whose invoice was deleted or converted meanwhile', async () => {
    const deleted = await insertInvoice(t, customer.enterpriseId, supplierId, { total: '1000.00' });
    const converted = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '2000.00',
    });
    const high = { dTargetRate: 40, dExpiresOn: addDays(today(), 30) };
    await placeOrder(customer, deleted, high);
    await placeOrder(customer, converted, high);
    const removal = await customer.call('PUT', 'invoices/delete', { sInvoiceId: deleted });
    expect(removal.statusCode, removal.body).toBe(204);
    const quote = await t.app.finance.rates.spotQuote(customer.enterpriseId);
    const conversion = await customer.call('POST', 'transactions/createTransactionFromInvoice', {
      sInvoiceId: converted,
      sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
      dExchangeRate: rateToNumber(quote.rateMicro),
      referenceExchangeRate: quote.id,
      bExternal: false,
    });
    expect(conversion.statusCode, conversion.body).toBe(201);

    expect(await t.app.rateOrders.settleDueOrders()).toMatchObject({ failed: 2 });
    const reasons = Object.fromEntries(
      (await orderRows()).map((row) => [row.invoice_id, `${row.status}:${row.reason}`]),
    );
    expect(reasons).toEqual({
      [deleted]: 'FAILED:INVOICE_REMOVED',
      [converted]: 'FAILED:INVOICE_NOT_TO_PAY',
    });
  });

  it('defaults the target to the protected rate, replaces an active order, cancels, and lists', async () => {
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '30000.00',
      rateProtection: '25.5',
      name: 'LC-3',
    });
    const other = await insertInvoice(t, customer.enterpriseId, supplierId, { total: '10.00' });
    const first = await placeOrder(customer, invoiceId, { dExpiresOn: addDays(today(), 10) });
    expect(first.dTargetRate).toBe(25.5);
    expect(first.dExpiresOn).toBe(addDays(today(), 10));
    const second = await placeOrder(customer, invoiceId, {
      dTargetRate: 26.1234,
      dExpiresOn: addDays(today(), 20),
    });

    const list = await customer.call('POST', 'invoices/invoices', {});
    expect(list.statusCode, list.body).toBe(200);
    const invoices = json<{ invoices: Array<{ sInvoiceId: string; rateOrder: unknown }> }>(
      list,
    ).invoices;
    expect(invoices.find((invoice) => invoice.sInvoiceId === invoiceId)?.rateOrder).toMatchObject({
      sRateOrderId: second.sRateOrderId,
      dTargetRate: 26.1234,
      sStatus: 'ACTIVE',
    });
    expect(invoices.find((invoice) => invoice.sInvoiceId === other)?.rateOrder).toBeNull();

    const cancel = await customer.call('DELETE', `invoices/${invoiceId}/rate-order`);
    expect(cancel.statusCode, cancel.body).toBe(204);
    expectError(
      await customer.call('DELETE', `invoices/${invoiceId}/rate-order`),
      409,
      'INVALID_STATE',
    );
    expect((await invoiceAnswer(customer, invoiceId)).rateOrder?.sStatus).toBe('CANCELLED');

    const listed = await customer.call('GET', 'rate-orders?limit=10');
    expect(listed.statusCode, listed.body).toBe(200);
    const body = json<{ total: number; rateOrders: Array<ApiRateOrder & { sInvoice: string }> }>(
      listed,
    );
    expect(body.total).toBe(2);
    expect(body.rateOrders.map((order) => [order.sRateOrderId, order.sStatus])).toEqual([
      [second.sRateOrderId, 'CANCELLED'],
      [first.sRateOrderId, 'CANCELLED'],
    ]);
    expect(body.rateOrders[0]?.sInvoice).toBe('LC-3');
    // A cancelled order never fills.
    await t.db.updateTable('rate_orders').set({ target_rate_micro: 1_000_000n }).execute();
    await t.app.rateOrders.settleDueOrders();
    expect(await conversionCount(customer.enterpriseId)).toBe(0);
  });

  it('refuses bad input and other states with nothing written; another company’s invoice is 404', async () => {
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '500.00',
    });
    const path = `invoices/${invoiceId}/rate-order`;
    const later = addDays(today(), 5);
    for (const [body, field] of [
      [{ dExpiresOn: today() }, 'dExpiresOn'],
      [{ dExpiresOn: addDays(today(), -1) }, 'dExpiresOn'],
      [{ dExpiresOn: addDays(today(), 366) }, 'dExpiresOn'],
      [{ dExpiresOn: '2026-02-30' }, 'dExpiresOn'],
      [{}, 'dExpiresOn'],
      [{ dExpiresOn: later, dTargetRate: 0 }, 'dTargetRate'],
      [{ dExpiresOn: later, dTargetRate: -18.5 }, 'dTargetRate'],
      [{ dExpiresOn: later, dTargetRate: 18.1234567 }, 'dTargetRate'],
    ] as const) {
      expectError(await customer.call('POST', path, body), 400, 'INVALID_INPUT', field);
    }
    expectError(
      await customer.call('POST', `invoices/${randomUUID()}/rate-order`, { dExpiresOn: later }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await customer.call('POST', 'invoices/not-an-id/rate-order', { dExpiresOn: later }),
      404,
      'NOT_FOUND',
    );

    // An invoice with MXN assigned is no longer To pay.
    const quote = await t.app.finance.rates.spotQuote(customer.enterpriseId);
    const converted = await customer.call('POST', 'transactions/createTransactionFromInvoice', {
      sInvoiceId: invoiceId,
      sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
      dExchangeRate: rateToNumber(quote.rateMicro),
      referenceExchangeRate: quote.id,
      bExternal: false,
    });
    expect(converted.statusCode, converted.body).toBe(201);
    expectError(await customer.call('POST', path, { dExpiresOn: later }), 409, 'INVALID_STATE');

    // Tenants are separate: the other company sees neither the invoice nor its order.
    const mine = await insertInvoice(t, customer.enterpriseId, supplierId, { total: '700.00' });
    await placeOrder(customer, mine, { dExpiresOn: later, dTargetRate: 30 });
    const stranger = await newCustomer(t, { usd: '1000' });
    expectError(
      await stranger.call('POST', `invoices/${mine}/rate-order`, { dExpiresOn: later }),
      404,
      'NOT_FOUND',
    );
    expectError(await stranger.call('DELETE', `invoices/${mine}/rate-order`), 404, 'NOT_FOUND');
    const theirs = await stranger.call('GET', 'rate-orders');
    expect(json<{ rateOrders: unknown[]; total: number }>(theirs)).toEqual({
      rateOrders: [],
      total: 0,
    });
    const rows = await orderRows();
    expect(rows.map((row) => [row.invoice_id, row.status])).toEqual([[mine, 'ACTIVE']]);
  });
});
