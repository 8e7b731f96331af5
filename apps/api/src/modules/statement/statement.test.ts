import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moneyToNumber, parseMoney } from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  fundUsd,
  moneyTableCounts,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { insertConversion, insertSupplier, pdfText } from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiPayment } from '../payments/payment.view.js';
import { ledgerInvariantViolations } from '../../ledger/ledger.repository.js';
import { startOfDay } from './business-day.js';
import type { StatementAnswer } from './statement.view.js';

let t: TestApp;

const DAY_MINUTES = 24 * 60;

async function statementOf(customer: Customer, query: string): Promise<StatementAnswer> {
  const response = await customer.call('GET', `statement?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<StatementAnswer>(response);
}

/** Each line's balance follows from the one before; the last one is the closing balance. */
function expectRunningBalances(statement: StatementAnswer): void {
  let balance = parseMoney(statement.openingBalance);
  for (const entry of statement.entries) {
    expect(entry.dDebit === 0 || entry.dCredit === 0).toBe(true);
    balance += parseMoney(entry.dCredit) - parseMoney(entry.dDebit);
    expect(parseMoney(entry.dBalance)).toBe(balance);
  }
  expect(parseMoney(statement.closingBalance)).toBe(balance);
}

describe(`account statement on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    // These tests move the clock by days: keep the sessions alive meanwhile.
    t = await createTestApp({ SESSION_IDLE_MINUTES: '100000', SESSION_MAX_HOURS: '10000' });
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('finds the start of a business day in Mexico City', () => {
    expect(startOfDay('2026-11-21').toISOString()).toBe('2026-11-21T06:00:00.000Z');
    expect(startOfDay('2026-01-01').toISOString()).toBe('2026-01-01T06:00:00.000Z');
    // Zones with daylight saving time work too.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
  });

  it('lists deposits, conversions and payments with opening, running and closing balances', async () => {
    // 2026-11-21, noon in Mexico City.
    const customer = await newCustomer(t, { usd: '5000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    t.clock.advanceMinutes(DAY_MINUTES);
    // 2026-11-22: 500 USD arrive and become 9,000 MXN.
    const conversionId = await insertConversion(t, customer.enterpriseId, {
      mxn: '9000.00',
      rate: '18.00',
    });
    t.clock.advanceMinutes(DAY_MINUTES);
    // 2026-11-23: a pay-now of 100 USD and 2,000 MXN paid from the conversion.
    const quote = await spotQuote(t, customer.enterpriseId);
    const payNow = json<{ payment: ApiPayment }>(
      await customer.call('POST', 'payments/sendPayNow', {
        dAmount: 100,
        comment: 'Anticipo',
        sPaymentRecipientId: supplierId,
        sExchangeRateReference: quote.id,
      }),
    ).payment;
    t.clock.advanceMinutes(1);
    const fromConversion = json<{ payment: ApiPayment }>(
      await customer.call('POST', 'payments/', {
        sTransactionId: conversionId,
        sPaymentRecipientId: supplierId,
        isMxn: true,
        dAmount: 2000,
        comment: 'Factura 9',
      }),
    ).payment;
    t.clock.advanceMinutes(DAY_MINUTES);
    // 2026-11-24: the bank returns both payments.
    await t.app.finance.payments.returnPayout(fromConversion.sPaymentId);
    await t.app.finance.payments.returnPayout(payNow.sPaymentId);
    const balances = await balancesOf(t, customer.enterpriseId);

    const usd = await statementOf(customer, 'currency=USD&from=2026-11-21&to=2026-11-24');
    expect(usd).toMatchObject({
      sCurrency: 'USD',
      dFrom: '2026-11-21',
      dTo: '2026-11-24',
      openingBalance: 0,
      closingBalance: moneyToNumber(balances.USD_AVAILABLE),
      dTotalCredit: 5500,
      dTotalDebit: 600,
      truncated: false,
    });
    expect(usd.closingBalance).toBe(4900);
    expect(
      usd.entries.map((entry) => [entry.dDate, entry.sType, entry.dDebit, entry.dCredit]),
    ).toEqual([
      ['2026-11-21', 'ADD_FUNDS', 0, 5000],
      ['2026-11-22', 'ADD_FUNDS', 0, 500],
      ['2026-11-22', 'FOREX', 500, 0],
      ['2026-11-23', 'PAY_NOW', 100, 0],
    ]);
    expect(usd).toMatchObject({ total: 4, page: 1, limit: 5000 });
    // Page by page, the same lines with the same balances: each page starts where the last ended.
    const pages = await Promise.all(
      [1, 2, 3].map((page) =>
        statementOf(customer, `currency=USD&from=2026-11-21&to=2026-11-24&page=${page}&limit=3`),
      ),
    );
    expect(pages.map((page) => page.entries.length)).toEqual([3, 1, 0]);
    expect(pages.flatMap((page) => page.entries)).toEqual(usd.entries);
    for (const page of pages) {
      expect(page).toMatchObject({
        total: 4,
        limit: 3,
        openingBalance: usd.openingBalance,
        closingBalance: usd.closingBalance,
        dTotalDebit: 600,
        dTotalCredit: 5500,
        truncated: false,
      });
    }
    expect(usd.entries[0]?.sReference).toMatch(/^TEST-WIRE-/);
    expect(usd.entries[3]).toMatchObject({
      sReference: payNow.sTrackingKey,
      sDescription: expect.stringContaining('Pay now'),
      dBalance: 4900,
    });
    expectRunningBalances(usd);

    const mxn = await statementOf(customer, 'currency=MXN&from=2026-11-21&to=2026-11-24');
    expect(mxn.openingBalance).toBe(0);
    expect(mxn.closingBalance).toBe(moneyToNumber(balances.MXN_AVAILABLE));
    expect(mxn.entries.map((entry) => [entry.dDate, entry.sType, entry.sReference])).toEqual([
      ['2026-11-22', 'FOREX', null],
      ['2026-11-23', 'SUPPLIER_PAYMENT', fromConversion.sTrackingKey],
      ['2026-11-24', 'PAYOUT_RETURNED', fromConversion.sTrackingKey],
      ['2026-11-24', 'PAYOUT_RETURNED', payNow.sTrackingKey],
    ]);
    expect(mxn.entries[3]?.dCredit).toBe(payNow.dAmount);
    expectRunningBalances(mxn);

    // A later period opens with everything before it.
    const later = await statementOf(customer, 'currency=USD&from=2026-11-23&to=2026-11-23');
    expect(later).toMatchObject({ openingBalance: 5000, closingBalance: 4900 });
    expect(later.entries.map((entry) => entry.sType)).toEqual(['PAY_NOW']);
    const mxnLater = await statementOf(customer, 'currency=MXN&from=2026-11-24&to=2026-11-24');
    expect(mxnLater.openingBalance).toBe(7000);
    expectRunningBalances(mxnLater);
    const empty = await statementOf(customer, 'currency=USD&from=2026-12-01&to=2026-12-31');
    expect(empty).toMatchObject({ openingBalance: 4900, closingBalance: 4900, entries: [] });
  });

  it('puts a movement on its Mexico City day, and defaults to this month', async () => {
    const customer = await newCustomer(t);
    // 23:30 on 2026-11-21 in Mexico City is 05:30 UTC on the 22nd.
    t.clock.advanceMinutes(11 * 60 + 30);
    await fundUsd(t, customer.enterpriseId, '10.00');
    t.clock.advanceMinutes(60);
    await fundUsd(t, customer.enterpriseId, '20.00');
    const day21 = await statementOf(customer, 'currency=USD&from=2026-11-21&to=2026-11-21');
    expect(day21.entries.map((entry) => [entry.dDate, entry.dCredit])).toEqual([
      ['2026-11-21', 10],
    ]);
    const day22 = await statementOf(customer, 'currency=USD&from=2026-11-22&to=2026-11-22');
    expect(day22).toMatchObject({ openingBalance: 10, closingBalance: 30 });
    expect(day22.entries.map((entry) => [entry.dDate, entry.dCredit])).toEqual([
      ['2026-11-22', 20],
    ]);
    const defaults = await statementOf(customer, 'currency=USD');
    expect(defaults).toMatchObject({ dFrom: '2026-11-01', dTo: '2026-11-22', closingBalance: 30 });
    expect(defaults.entries).toHaveLength(2);
  });

  it('sums each business day once, and the ledger check finds a day that differs', async () => {
    const customer = await newCustomer(t, { usd: '10.00' });
    await fundUsd(t, customer.enterpriseId, '2.50');
    const days = await t.db
      .selectFrom('account_days as d')
      .innerJoin('ledger_accounts as a', 'a.id', 'd.account_id')
      .select(['d.account_id', 'd.day', 'd.credits', 'd.debits', 'd.movements'])
      .where('a.enterprise_id', '=', customer.enterpriseId)
      .where('a.kind', '=', 'USD_AVAILABLE')
      .execute();
    expect(days).toEqual([expect.objectContaining({ credits: 1250n, debits: 0n, movements: 2n })]);
    expect(await ledgerInvariantViolations(t.db)).toEqual([]);
    const accountId = days[0]?.account_id ?? '';
    await sql`update account_days set credits = credits + 1 where account_id = ${accountId}`.execute(
      t.db,
    );
    expect(await ledgerInvariantViolations(t.db)).toEqual([
      expect.stringMatching(/stores 0\/1251\/2 .* postings make 0\/1250\/2/),
    ]);
    await sql`update account_days set credits = credits - 1 where account_id = ${accountId}`.execute(
      t.db,
    );
  });

  it('refuses bad queries with a field', async () => {
    const customer = await newCustomer(t, { usd: '10.00' });
    const before = await moneyTableCounts(t);
    for (const [query, field] of [
      ['currency=EUR', 'currency'],
      ['from=2026-11-01&to=2026-11-02', 'currency'],
      ['currency=USD&from=2026-02-30&to=2026-03-01', 'from'],
      ['currency=USD&from=11/01/2026', 'from'],
      ['currency=USD&from=2026-11-01&to=tomorrow', 'to'],
      ['currency=USD&from=2026-11-02&to=2026-11-01', 'from'],
      ['currency=USD&from=2025-11-01&to=2026-11-02', 'to'],
    ] as const) {
      const response = await customer.call('GET', `statement?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(json(response), query).toMatchObject({ code: 'INVALID_INPUT', field });
      const pdf = await customer.call('GET', `statement/pdf?${query}`);
      expect(pdf.statusCode, query).toBe(400);
    }
    // A page of the list: at most 5,000 movements (the PDF has no pages).
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['limit=0', 'limit'],
      ['limit=5001', 'limit'],
      ['limit=2.5', 'limit'],
    ] as const) {
      const response = await customer.call('GET', `statement?currency=USD&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(json(response), query).toMatchObject({ code: 'INVALID_INPUT', field });
    }
    // 366 days (a leap year) is the longest period.
    const leapYear = await customer.call(
      'GET',
      'statement?currency=USD&from=2028-01-01&to=2028-12-31',
    );
    expect(leapYear.statusCode).toBe(200);
    expect(await moneyTableCounts(t)).toEqual(before);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/en/statement?currency=USD',
    });
    expect(anonymous.statusCode).toBe(403);
  });

  it('shows an enterprise only its own movements', async () => {
    const a = await newCustomer(t, { usd: '10.00' });
    await newCustomer(t, { usd: '777.00' });
    const statementA = await statementOf(a, 'currency=USD');
    expect(statementA.entries.map((entry) => entry.dCredit)).toEqual([10]);
    const fresh = await newCustomer(t);
    expect(await statementOf(fresh, 'currency=MXN')).toMatchObject({
      openingBalance: 0,
      closingBalance: 0,
      entries: [],
    });
  });

  it('makes a PDF of the same statement', async () => {
    const customer = await newCustomer(t, { usd: '4321.09' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    const payNow = json<{ payment: ApiPayment }>(
      await customer.call('POST', 'payments/sendPayNow', {
        dAmount: 21.09,
        comment: 'Anticipo',
        sPaymentRecipientId: supplierId,
        sExchangeRateReference: quote.id,
      }),
    ).payment;
    const response = await customer.call(
      'GET',
      'statement/pdf?currency=USD&from=2026-11-01&to=2026-11-30',
      undefined,
      { lang: 'sp' },
    );
    expect(response.statusCode).toBe(200);
    const pdf = Buffer.from(
      json<{ statement: { data: string } }>(response).statement.data,
      'base64',
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Estado de cuenta',
      'Frutas del Norte LLC',
      '1 nov 2026 – 30 nov 2026',
      'Saldo inicial',
      '$0.00 USD',
      'Depósito',
      'Pago inmediato',
      payNow.sTrackingKey,
      '4,321.09',
      'Saldo final',
      '$4,300.00 USD',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('shows the applied rate of a conversion beside the day’s Banxico FIX, on screen and on paper', async () => {
    // The FIX published on Friday 2026-11-20 is in force on Saturday 2026-11-21.
    await t.db
      .insertInto('reference_rates')
      .values({
        series: 'SF43718',
        rate_date: '2026-11-20',
        rate_micro: 18_123_400n,
        fetched_at: t.clock.now(),
      })
      .execute();
    const customer = await newCustomer(t, { usd: '1000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    const paid = await customer.call('POST', 'payments/sendPayNow', {
      dAmount: 50,
      comment: 'Anticipo',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: quote.id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payNow = json<{ payment: ApiPayment }>(paid).payment;

    const usd = await statementOf(customer, 'currency=USD&from=2026-11-21&to=2026-11-21');
    const deposit = usd.entries.find((entry) => entry.sType === 'ADD_FUNDS')!;
    expect(deposit).toMatchObject({ dRate: null, referenceFix: null });
    const payment = usd.entries.find((entry) => entry.sType === 'PAY_NOW')!;
    expect(payment.dRate).toBe(payNow.dExchangeRate);
    expect(payment.referenceFix).toEqual({ dDate: '2026-11-20', dRate: 18.1234 });

    for (const [lang, rate, fix] of [
      ['en', 'Rate', 'Banxico FIX of 11/20/2026: 18.1234'],
      ['sp', 'Tipo de cambio', 'FIX de Banxico del 20/11/2026: 18.1234'],
    ] as const) {
      const response = await customer.call(
        'GET',
        'statement/pdf?currency=USD&from=2026-11-21&to=2026-11-21',
        undefined,
        { lang },
      );
      expect(response.statusCode).toBe(200);
      const text = pdfText(
        Buffer.from(json<{ statement: { data: string } }>(response).statement.data, 'base64'),
      ).replace(/\s+/g, ' ');
      expect(text).toContain(`${rate} ${String(payNow.dExchangeRate)}`);
      expect(text).toContain(fix);
    }
  });

  it('stops the list at 5,000 movements but keeps the totals whole', async () => {
    const customer = await newCustomer(t, { usd: '1.00' });
    const accounts = await t.db
      .selectFrom('ledger_accounts')
      .select(['id', 'kind'])
      .where((eb) =>
        eb.or([
          eb.and([
            eb('enterprise_id', '=', customer.enterpriseId),
            eb('kind', '=', 'USD_AVAILABLE'),
          ]),
          eb.and([eb('enterprise_id', 'is', null), eb('kind', '=', 'HOUSE_BANK_USD')]),
        ]),
      )
      .execute();
    const customerAccount = accounts.find((row) => row.kind === 'USD_AVAILABLE')?.id;
    const houseAccount = accounts.find((row) => row.kind === 'HOUSE_BANK_USD')?.id;
    const start = t.clock.now();
    // 5,001 one-cent deposits, written in bulk.
    await t.db.transaction().execute(async (trx) => {
      await sql`
        insert into journals (id, enterprise_id, kind, description, reference, created_at)
        select gen_random_uuid(), ${customer.enterpriseId}, 'ADD_FUNDS', 'Bulk ' || g,
          'BULK-' || g, ${start}::timestamptz + g * interval '1 second'
        from generate_series(1, 5001) g`.execute(trx);
      await sql`
        insert into postings (journal_id, account_id, currency, amount, created_at)
        select j.id, a.account_id, 'USD', a.amount, j.created_at
        from journals j
        cross join (values (${customerAccount}::uuid, 1::bigint),
                           (${houseAccount}::uuid, -1::bigint)) as a(account_id, amount)
        where j.reference like 'BULK-%'`.execute(trx);
    });
    const statement = await statementOf(customer, 'currency=USD&from=2026-11-21&to=2026-11-22');
    expect(statement.truncated).toBe(true);
    expect(statement.entries).toHaveLength(5000);
    expect(statement.closingBalance).toBe(51.01);
    expect(statement.dTotalCredit).toBe(51.01);
    expect(statement.entries.at(-1)?.dBalance).toBe(50.99);
    expect(statement.total).toBe(5002);
    // The rest is there by page, its balances continuing from the first page's.
    const rest = await statementOf(
      customer,
      'currency=USD&from=2026-11-21&to=2026-11-22&page=2&limit=5000',
    );
    expect(rest.entries.map((entry) => entry.dBalance)).toEqual([51, 51.01]);
    expect(rest).toMatchObject({ total: 5002, page: 2, truncated: true, closingBalance: 51.01 });
    const middle = await statementOf(
      customer,
      'currency=USD&from=2026-11-21&to=2026-11-22&page=26&limit=200',
    );
    expect(middle.entries).toHaveLength(2);
    expect(middle.entries.map((entry) => entry.dBalance)).toEqual([51, 51.01]);
  });
});
