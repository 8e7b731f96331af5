import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  convertMxnToUsd,
  forwardDeposit,
  moneyToNumber,
  parseRate,
  rateToNumber,
} from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  fundUsd,
  newCustomer,
} from '../../test/finance-fixtures.js';
import {
  assignInvoice,
  insertConversion,
  insertInvoice,
  insertSupplier,
} from '../../test/payment-fixtures.js';
import { countingStatements } from '../../test/statement-counter.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { DashboardService, type DashboardAnswer } from './dashboard.service.js';

let t: TestApp;

describe(`dashboard on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('shows a fresh enterprise its name, a live quote and zeros', async () => {
    const customer = await newCustomer(t);
    const response = await customer.call('GET', 'dashboard', undefined, { lang: 'sp' });
    expect(response.statusCode).toBe(200);
    const answer = json<DashboardAnswer>(response);
    expect(answer).toEqual({
      sUserName: 'Ana García',
      exchangeRateToday: expect.any(Number),
      exchangeRateTodayReference: expect.stringMatching(/^[0-9a-f-]{36}$/),
      quoteExpiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
      balances: { balanceUsd: { balance: 0 }, balanceMxn: { balance: 0 } },
      unassignedInvoices: 0,
      transactionsAvailable: 0,
      forwardsActive: 0,
      dBlockedUsd: 0,
    });
    expect(answer.exchangeRateToday).toBeGreaterThan(10);
    expect(answer.exchangeRateToday).toBeLessThan(30);

    // The reference is the enterprise's quote: a money request can use it.
    const quote = await t.db
      .selectFrom('quotes')
      .selectAll()
      .where('id', '=', answer.exchangeRateTodayReference)
      .executeTakeFirstOrThrow();
    expect(quote.enterprise_id).toBe(customer.enterpriseId);
    expect(answer.exchangeRateToday).toBe(rateToNumber(quote.rate_micro));
  });

  it('counts invoices to assign, conversions to pay and active forwards, and the balances', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    await insertInvoice(t, customer.enterpriseId, supplierId, { total: '1000.00' });
    const parcial = await insertInvoice(t, customer.enterpriseId, supplierId, { total: '2000.00' });
    const assigned = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '1500.00',
    });
    await insertInvoice(t, customer.enterpriseId, supplierId, { total: '900.00', deleted: true });
    const open = await insertConversion(t, customer.enterpriseId, { mxn: '10000.00' });
    await assignInvoice(t, customer.enterpriseId, open, parcial, '500.00');
    await assignInvoice(t, customer.enterpriseId, open, assigned, '1500.00');
    const spent = await insertConversion(t, customer.enterpriseId, { mxn: '300.00' });
    await insertConversion(t, customer.enterpriseId, {
      mxn: '18000.00',
      rate: '18.50',
      kind: 'ACTIVE_FORWARD',
    });
    const payAll = await customer.call('POST', 'payments/', {
      sTransactionId: spent,
      sPaymentRecipientId: supplierId,
      isMxn: true,
      dAmount: 300,
      comment: 'Todo',
    });
    expect(payAll.statusCode, payAll.body).toBe(201);

    // Another enterprise's records never count.
    const other = await newCustomer(t, { usd: '100.00' });
    const otherSupplier = await insertSupplier(t, other.enterpriseId);
    await insertInvoice(t, other.enterpriseId, otherSupplier, { total: '100.00' });
    await insertConversion(t, other.enterpriseId, { mxn: '100.00' });

    const answer = json<DashboardAnswer>(await customer.call('GET', 'dashboard'));
    const balances = await balancesOf(t, customer.enterpriseId);
    const deposit = forwardDeposit(convertMxnToUsd(1_800_000n, parseRate('18.50')));
    expect(balances.USD_FORWARD_DEPOSIT).toBe(deposit);
    expect(answer).toMatchObject({
      balances: {
        balanceUsd: { balance: moneyToNumber(balances.USD_AVAILABLE) },
        balanceMxn: { balance: 10000 },
      },
      unassignedInvoices: 2,
      transactionsAvailable: 1,
      forwardsActive: 1,
      dBlockedUsd: moneyToNumber(deposit),
    });
    expect(balances.USD_AVAILABLE).toBeGreaterThan(0n);

    const others = json<DashboardAnswer>(await other.call('GET', 'dashboard'));
    expect(others).toMatchObject({
      balances: { balanceUsd: { balance: 100 }, balanceMxn: { balance: 100 } },
      unassignedInvoices: 1,
      transactionsAvailable: 1,
      forwardsActive: 0,
      dBlockedUsd: 0,
    });
  });

  it('keeps its counts through changes made in the API and in SQL, and not through a rollback', async () => {
    const customer = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const unassigned = async () =>
      json<DashboardAnswer>(await customer.call('GET', 'dashboard')).unassignedInvoices;
    const created = await customer.call('POST', 'invoices/', {
      dPurchaseDate: '2026-11-10',
      sPaymentRecipientId: supplierId,
      sInvoice: 'F-1',
      dTotalAmount: 1000,
      dRateProtection: 19,
      iCreditPeriod: 30,
    });
    expect(created.statusCode, created.body).toBe(201);
    await insertInvoice(t, customer.enterpriseId, supplierId, { total: '500.00' });
    expect(await unassigned()).toBe(2);

    const { sInvoiceId } = json<{ invoice: { sInvoiceId: string } }>(created).invoice;
    const removed = await customer.call('PUT', 'invoices/delete', { sInvoiceId });
    expect(removed.statusCode).toBe(204);
    expect(await unassigned()).toBe(1);

    // Counted at the commit: a transaction that rolls back leaves the counts as they were.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('invoices')
          .set({ status: 'PAID' })
          .where('enterprise_id', '=', customer.enterpriseId)
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await unassigned()).toBe(1);
    await t.db
      .updateTable('invoices')
      .set({ status: 'PAID' })
      .where('enterprise_id', '=', customer.enterpriseId)
      .execute();
    expect(await unassigned()).toBe(0);
  });

  it('on PGlite reuses its figures until any statement may have changed data; on PostgreSQL reads each time', async () => {
    const customer = await newCustomer(t, { usd: '100.00' });
    const reads = countingStatements(t.db, 'enterprise_counts');
    const dashboard = new DashboardService(reads.db, t.app.finance.rates, t.dataVersion);
    const usd = async () =>
      (await dashboard.dashboard(customer.enterpriseId, 'Ana')).balances.balanceUsd.balance;
    // Issued and stored first (a write): both dashboards below reuse it.
    await t.app.finance.rates.spotQuote(customer.enterpriseId);
    expect(await usd()).toBe(100);
    expect(await usd()).toBe(100);
    expect(reads.count()).toBe(TEST_ENGINE === 'pglite' ? 1 : 2);

    // A deposit made elsewhere in the app shows at once.
    await fundUsd(t, customer.enterpriseId, '25.00');
    expect(await usd()).toBe(125);
    expect(reads.count()).toBe(TEST_ENGINE === 'pglite' ? 2 : 3);
    // So does a count changed in plain SQL.
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    await insertInvoice(t, customer.enterpriseId, supplierId, { total: '10.00' });
    expect((await dashboard.dashboard(customer.enterpriseId, 'Ana')).unassignedInvoices).toBe(1);
  });

  it('reuses a fresh quote and issues a new one after a few seconds', async () => {
    const customer = await newCustomer(t);
    const first = json<DashboardAnswer>(await customer.call('GET', 'dashboard'));
    const second = json<DashboardAnswer>(await customer.call('GET', 'dashboard'));
    expect(second.exchangeRateTodayReference).toBe(first.exchangeRateTodayReference);
    t.clock.advanceMinutes(1);
    const later = json<DashboardAnswer>(await customer.call('GET', 'dashboard'));
    expect(later.exchangeRateTodayReference).not.toBe(first.exchangeRateTodayReference);
    expect(Date.parse(later.quoteExpiresAt)).toBeGreaterThan(t.clock.now().getTime());
  });

  it('needs a session and a known language', async () => {
    const customer = await newCustomer(t);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/en/dashboard' });
    expect(anonymous.statusCode).toBe(403);
    expect(json(anonymous)).toMatchObject({ code: 'SESSION_EXPIRED' });
    const badToken = await t.app.inject({
      method: 'GET',
      url: '/api/v1/en/dashboard',
      headers: { authorization: 'Bearer nope' },
    });
    expect(badToken.statusCode).toBe(403);
    const language = await t.app.inject({
      method: 'GET',
      url: '/api/v1/fr/dashboard',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(language.statusCode).toBe(404);
  });
});
