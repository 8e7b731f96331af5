import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  convertMxnToUsd,
  convertUsdToMxn,
  daysBetween,
  forwardDeposit,
  INVOICE_STATUS_IDS,
  moneyToNumber,
  parseMoney,
  parseRate,
  percentUsed,
  rateToNumber,
  todayInTimeZone,
  TRANSACTION_TYPE_IDS,
  usdForExactMxn,
  type InvoiceStatusKey,
} from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  fundUsd,
  moneyTableCounts,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { bearer, createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { amountsFromMxn, amountsFromUsd, conversionGain } from './conversion-amounts.js';
import type { ApiTransaction } from './conversions.service.js';

let t: TestApp;

const FOREX = TRANSACTION_TYPE_IDS.FOREX;
const FORWARD = TRANSACTION_TYPE_IDS.FORWARD;
/** The test clock starts on Saturday 2026-11-21, noon in Mexico City. */
const TODAY = '2026-11-21';
const FORWARD_DATE = '2026-12-01'; // a Tuesday
const SATURDAY = '2026-11-28';
const THANKSGIVING = '2026-11-26'; // a US bank holiday on a Thursday
const PASSWORD = 'Str0ng-pass!'; // signupBody's password

type Answer = { transaction: ApiTransaction };
type ListAnswer = { transactions: ApiTransaction[]; totalProfit: number };

// ---------------------------------------------------------------------------------------
// Fixtures: suppliers and invoices go through the invoices module's own endpoints.

async function addInvoice(
  customer: Customer,
  options: { total: number; protection?: number; name?: string } = { total: 50_000 },
): Promise<string> {
  const supplier = await customer.call('POST', 'payment-recipient/', {
    sName: 'Agrícola del Valle',
    sEmail: 'pagos@agricolavalle.mx',
    sBankName: 'BBVA MEXICO',
    sAccountNumber: '032180000118359719',
    sEntityBusiness: 'COMPANY',
    sTaxId: 'SAT970701NN3',
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  const invoice = await customer.call('POST', 'invoices/', {
    dPurchaseDate: '2026-11-10',
    sPaymentRecipientId: json<{ paymentRecipient: { sPaymentRecipientId: string } }>(supplier)
      .paymentRecipient.sPaymentRecipientId,
    sInvoice: options.name ?? 'F-1001',
    dTotalAmount: options.total,
    dRateProtection: options.protection ?? 19.5,
    iCreditPeriod: 30,
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  return json<{ invoice: { sInvoiceId: string } }>(invoice).invoice.sInvoiceId;
}

async function invoiceOf(customer: Customer, invoiceId: string) {
  const response = await customer.call('POST', 'invoices/id', { sInvoiceId: invoiceId });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ invoice: { sStatusId: string; dAssignedAmount: number; dPaidAmount: number } }>(
    response,
  ).invoice;
}

async function expectInvoiceStatus(customer: Customer, invoiceId: string, key: InvoiceStatusKey) {
  expect((await invoiceOf(customer, invoiceId)).sStatusId).toBe(INVOICE_STATUS_IDS[key]);
}

/** A session again after the clock moved past the idle limit (as the user would log in). */
async function logInAgain(customer: Customer): Promise<Customer> {
  const user = await t.db
    .selectFrom('users')
    .select('email')
    .where('enterprise_id', '=', customer.enterpriseId)
    .executeTakeFirstOrThrow();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/en/auth/login',
    payload: { sEmail: user.email, sPassword: PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const token = json<{ token: string }>(login).token;
  return {
    ...customer,
    token,
    call: (method, path, body, options = {}) =>
      t.app.inject({
        method,
        url: `/api/v1/${options.lang ?? 'en'}/${path}`,
        headers: { ...bearer(token), ...options.headers },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      }),
  };
}

async function forexBody(customer: Customer, usd: number, overrides: Record<string, unknown> = {}) {
  const quote = await spotQuote(t, customer.enterpriseId);
  return {
    sTransactionType: FOREX,
    dAmount: usd,
    dExchangeRate: rateToNumber(quote.rateMicro),
    referenceExchangeRate: quote.id,
    bExternal: false,
    ...overrides,
  };
}

async function forwardQuote(customer: Customer, date = FORWARD_DATE) {
  const spot = await spotQuote(t, customer.enterpriseId);
  const response = await customer.call('POST', 'transactions/forwardRate', {
    dDateForward: date,
    dAmount: 100,
    referenceExchangeRate: spot.id,
    bExternal: false,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ forwardRate: { rate: number; uuid: string; expiresAt: string } }>(response)
    .forwardRate;
}

async function convert(customer: Customer, body: Record<string, unknown>, key?: string) {
  return customer.call(
    'POST',
    'transactions/',
    body,
    key === undefined ? {} : { headers: { 'idempotency-key': key } },
  );
}

async function forex(customer: Customer, usd: number): Promise<ApiTransaction> {
  const response = await convert(customer, await forexBody(customer, usd));
  expect(response.statusCode, response.body).toBe(201);
  return json<Answer>(response).transaction;
}

async function bookForward(customer: Customer, usd: number, date = FORWARD_DATE) {
  const quote = await forwardQuote(customer, date);
  const response = await convert(customer, {
    sTransactionType: FORWARD,
    dAmount: usd,
    dExchangeRate: quote.rate,
    referenceExchangeRate: quote.uuid,
    bExternal: false,
    dForwardTransactionDate: date,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { quote, transaction: json<Answer>(response).transaction };
}

async function transactionById(customer: Customer, id: string, path = 'transactions/id') {
  const response = await customer.call('POST', path, { sTransactionId: id });
  expect(response.statusCode, response.body).toBe(200);
  const [transaction] = json<{ transactions: ApiTransaction[] }>(response).transactions;
  if (!transaction) throw new Error('no transaction');
  return transaction;
}

/** Marks MXN of a conversion (and an assigned invoice) paid, as a supplier payment does. */
async function markPaid(conversionId: string, invoiceId: string, mxn: string) {
  await t.db.transaction().execute(async (trx) => {
    await t.app.finance.conversions.recordPaid(trx, conversionId, parseMoney(mxn), invoiceId);
    await t.app.finance.invoices.changePaid(trx, invoiceId, parseMoney(mxn));
  });
}

function expectError(
  response: { statusCode: number; body: string },
  status: number,
  code: string,
  field?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as { code: string; field?: string };
  expect(body.code).toBe(code);
  if (field !== undefined) expect(body.field).toBe(field);
}

describe(`conversions on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('converts USD to MXN at the quote and moves the ledger exactly', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const body = await forexBody(customer, 1000);
    const rateMicro = parseRate(body.dExchangeRate);
    const response = await convert(customer, body);
    expect(response.statusCode, response.body).toBe(201);
    const { transaction } = json<Answer>(response);
    const mxn = convertUsdToMxn(100_000n, rateMicro);
    expect(transaction).toMatchObject({
      sTransactionType: FOREX,
      dAmount: 1000,
      dDesAmount: moneyToNumber(mxn),
      dExchangeRate: body.dExchangeRate,
      referenceExchangeRate: body.referenceExchangeRate,
      dForwardTransactionDate: null,
      dDepositAmount: 0,
      sStatus: 'SETTLED',
      bExternal: false,
      dAssignedAmount: 0,
      dPaidAmount: 0,
      dPercentUsed: 0,
      dPercentPaid: 0,
      dCurrencyGain: 0,
      iDaysRemaining: null,
      invoice: [],
      payment: [],
    });
    expect(typeof transaction.iTrackingId).toBe('number');
    expect(await balancesOf(t, customer.enterpriseId)).toEqual({
      USD_AVAILABLE: 900_000n,
      MXN_AVAILABLE: mxn,
      USD_FORWARD_DEPOSIT: 0n,
    });
    const journal = await t.db
      .selectFrom('journals')
      .select(['kind', 'quote_id', 'rate_micro'])
      .where('reference', '=', transaction.sTransactionId)
      .executeTakeFirstOrThrow();
    expect(journal).toEqual({
      kind: 'FOREX',
      quote_id: body.referenceExchangeRate,
      rate_micro: rateMicro,
    });

    const available = await customer.call('GET', 'transactions/');
    expect(available.statusCode).toBe(200);
    expect(json(available)).toMatchObject({
      transactions: [{ sTransactionId: transaction.sTransactionId }],
      totalProfit: 0,
      balance: { balanceMxn: { balance: moneyToNumber(mxn) } },
    });
    const history = json<ListAnswer>(await customer.call('GET', 'transactions/history'));
    expect(history.transactions.map((row) => row.sTransactionId)).toEqual([
      transaction.sTransactionId,
    ]);
  });

  it('refuses a stated rate other than the quote, an unknown quote and a short balance, writing nothing', async () => {
    const customer = await newCustomer(t, { usd: '500.00' });
    const other = await newCustomer(t, { usd: '500.00' });
    const body = await forexBody(customer, 100);
    const before = await moneyTableCounts(t);

    const wrongRate = await convert(customer, {
      ...body,
      dExchangeRate: rateToNumber(parseRate(body.dExchangeRate) + 100n),
    });
    expectError(wrongRate, 409, 'QUOTE_MISMATCH', 'dExchangeRate');
    const othersQuote = await forexBody(other, 100);
    expectError(
      await convert(customer, {
        ...body,
        referenceExchangeRate: othersQuote.referenceExchangeRate,
        dExchangeRate: othersQuote.dExchangeRate,
      }),
      409,
      'QUOTE_MISMATCH',
      'referenceExchangeRate',
    );
    expectError(
      await convert(customer, { ...body, referenceExchangeRate: randomUUID() }),
      409,
      'QUOTE_MISMATCH',
      'referenceExchangeRate',
    );
    expectError(
      await convert(customer, { ...body, referenceExchangeRate: 'not-a-quote' }),
      409,
      'QUOTE_MISMATCH',
      'referenceExchangeRate',
    );
    expectError(await convert(customer, { ...body, dAmount: 500.01 }), 409, 'INSUFFICIENT_FUNDS');

    expect(await moneyTableCounts(t)).toEqual(before);
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(50_000n);
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(0n);
  });

  it('refuses an expired quote', async () => {
    const customer = await newCustomer(t, { usd: '500.00' });
    const body = await forexBody(customer, 100);
    t.clock.advanceMinutes(2);
    const before = await moneyTableCounts(t);
    expectError(await convert(customer, body), 409, 'QUOTE_EXPIRED', 'referenceExchangeRate');
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('prices forwards only for settlement days in the window', async () => {
    const customer = await newCustomer(t);
    const quote = await forwardQuote(customer);
    expect(quote.rate).toBeGreaterThan(0);
    expect(quote.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(quote.expiresAt)).toBeGreaterThan(t.clock.now().getTime());
    const spot = await spotQuote(t, customer.enterpriseId);

    const ask = (date: unknown, reference: string = spot.id) =>
      customer.call('POST', 'transactions/forwardRate', {
        dDateForward: date,
        dAmount: 100,
        referenceExchangeRate: reference,
        bExternal: false,
      });
    for (const date of [
      SATURDAY,
      '2026-11-29',
      THANKSGIVING,
      '2026-12-25',
      TODAY,
      '2026-11-20',
      '2027-11-23',
      '2026-02-30',
      '21/12/2026',
      20261201,
    ]) {
      expectError(await ask(date), 400, 'INVALID_INPUT', 'dDateForward');
    }
    // One year after tomorrow is the last day: 2027-11-22 is a Monday.
    expect((await ask('2027-11-22')).statusCode).toBe(200);

    const other = await newCustomer(t);
    const othersSpot = await spotQuote(t, other.enterpriseId);
    expectError(
      await ask(FORWARD_DATE, othersSpot.id),
      409,
      'QUOTE_MISMATCH',
      'referenceExchangeRate',
    );
    expectError(
      await ask(FORWARD_DATE, quote.uuid),
      409,
      'QUOTE_MISMATCH',
      'referenceExchangeRate',
    );
    t.clock.advanceMinutes(2);
    expectError(await ask(FORWARD_DATE), 409, 'QUOTE_EXPIRED', 'referenceExchangeRate');
    expectError(
      await customer.call('POST', 'transactions/forwardRate', {
        dDateForward: FORWARD_DATE,
        dAmount: 0,
        referenceExchangeRate: spot.id,
        bExternal: false,
      }),
      400,
      'INVALID_INPUT',
      'dAmount',
    );
  });

  it('books a forward holding exactly the 5 % deposit, rounded up, shown as blocked USD', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const { quote, transaction } = await bookForward(customer, 1000.01);
    const rateMicro = parseRate(quote.rate);
    const deposit = forwardDeposit(100_001n);
    expect(deposit).toBe(5001n); // 50.0005 rounds up to 50.01
    expect(transaction).toMatchObject({
      sTransactionType: FORWARD,
      dAmount: 1000.01,
      dDesAmount: moneyToNumber(convertUsdToMxn(100_001n, rateMicro)),
      dExchangeRate: quote.rate,
      referenceExchangeRate: quote.uuid,
      dForwardTransactionDate: FORWARD_DATE,
      dDepositAmount: 50.01,
      sStatus: 'ACTIVE',
      settled_at: null,
      iDaysRemaining: daysBetween(TODAY, FORWARD_DATE),
    });
    expect(await balancesOf(t, customer.enterpriseId)).toEqual({
      USD_AVAILABLE: 1_000_000n - deposit,
      MXN_AVAILABLE: 0n,
      USD_FORWARD_DEPOSIT: deposit,
    });

    const later = await bookForward(customer, 200, '2026-12-15');
    const active = await customer.call('GET', 'transactions/getForwardsActive');
    expect(active.statusCode).toBe(200);
    const answer = json<{
      forwards: ApiTransaction[];
      balance: { balanceUsd: { balance: number } };
      dBlockedUsd: number;
    }>(active);
    expect(answer.forwards.map((row) => row.sTransactionId)).toEqual([
      transaction.sTransactionId,
      later.transaction.sTransactionId,
    ]);
    expect(answer.dBlockedUsd).toBe(60.01);
    expect(answer.balance.balanceUsd.balance).toBe(9939.99);
    // Not settled: no MXN to spend yet.
    expect(json<ListAnswer>(await customer.call('GET', 'transactions/')).transactions).toEqual([]);
    expect(
      json<ListAnswer>(await customer.call('GET', 'transactions/history')).transactions,
    ).toHaveLength(2);
  });

  it('refuses forward requests whose quote, date or type does not fit, writing nothing', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const quote = await forwardQuote(customer);
    const spot = await spotQuote(t, customer.enterpriseId);
    const body = {
      sTransactionType: FORWARD,
      dAmount: 1000,
      dExchangeRate: quote.rate,
      referenceExchangeRate: quote.uuid,
      bExternal: false,
      dForwardTransactionDate: FORWARD_DATE,
    };
    const before = await moneyTableCounts(t);
    expectError(
      await convert(customer, { ...body, dForwardTransactionDate: '2026-12-02' }),
      409,
      'QUOTE_MISMATCH',
      'dForwardTransactionDate',
    );
    expectError(
      await convert(customer, { ...body, dForwardTransactionDate: undefined }),
      400,
      'INVALID_INPUT',
      'dForwardTransactionDate',
    );
    expectError(
      await convert(customer, { ...body, dForwardTransactionDate: SATURDAY }),
      400,
      'INVALID_INPUT',
      'dForwardTransactionDate',
    );
    expectError(
      await convert(customer, {
        ...body,
        dExchangeRate: rateToNumber(parseRate(quote.rate) - 100n),
      }),
      409,
      'QUOTE_MISMATCH',
      'dExchangeRate',
    );
    expectError(
      await convert(customer, {
        ...body,
        referenceExchangeRate: spot.id,
        dExchangeRate: rateToNumber(spot.rateMicro),
      }),
      409,
      'QUOTE_MISMATCH',
      'referenceExchangeRate',
    );
    // A forward quote is not a spot quote.
    expectError(
      await convert(customer, { ...body, sTransactionType: FOREX }),
      409,
      'QUOTE_MISMATCH',
      'referenceExchangeRate',
    );
    expectError(
      await convert(customer, { ...body, sTransactionType: TRANSACTION_TYPE_IDS.PAY_NOW }),
      400,
      'INVALID_INPUT',
      'sTransactionType',
    );
    t.clock.advanceMinutes(2);
    expectError(await convert(customer, body), 409, 'QUOTE_EXPIRED', 'referenceExchangeRate');
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('closes a forward only from its date: the held deposit and the rest of the USD buy the MXN', async () => {
    let customer = await newCustomer(t, { usd: '10000.00' });
    const { quote, transaction } = await bookForward(customer, 1000);
    expect((await transactionById(customer, transaction.sTransactionId)).sStatus).toBe('ACTIVE');

    const before = await moneyTableCounts(t);
    expectError(
      await customer.call('POST', 'transactions/closeForward', {
        sTransactionId: transaction.sTransactionId,
      }),
      409,
      'INVALID_STATE',
      'sTransactionId',
    );
    expect(await moneyTableCounts(t)).toEqual(before);

    t.clock.advanceMinutes(daysBetween(TODAY, FORWARD_DATE) * 24 * 60);
    expect(todayInTimeZone(t.clock.now())).toBe(FORWARD_DATE);
    customer = await logInAgain(customer);
    const forwards = json<{ forwards: ApiTransaction[] }>(
      await customer.call('GET', 'transactions/getForwardsActive'),
    ).forwards;
    expect(forwards[0]?.iDaysRemaining).toBe(0);

    const closed = await customer.call('POST', 'transactions/closeForward', {
      sTransactionId: transaction.sTransactionId,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const mxn = convertUsdToMxn(100_000n, parseRate(quote.rate));
    expect(json<Answer>(closed).transaction).toMatchObject({
      sStatus: 'SETTLED',
      dDesAmount: moneyToNumber(mxn),
      settled_at: t.clock.now().toISOString(),
    });
    expect(await balancesOf(t, customer.enterpriseId)).toEqual({
      USD_AVAILABLE: 900_000n,
      MXN_AVAILABLE: mxn,
      USD_FORWARD_DEPOSIT: 0n,
    });
    const journals = await t.db
      .selectFrom('journals')
      .select('kind')
      .where('reference', '=', transaction.sTransactionId)
      .orderBy('created_at')
      .execute();
    expect(journals.map((row) => row.kind)).toEqual(['FORWARD_BOOKING', 'FORWARD_SETTLEMENT']);
    // Settled now: on the MXN balance screen, and no longer an active forward.
    expect(json<ListAnswer>(await customer.call('GET', 'transactions/')).transactions).toHaveLength(
      1,
    );
    const active = json<{ forwards: ApiTransaction[]; dBlockedUsd: number }>(
      await customer.call('GET', 'transactions/getForwardsActive'),
    );
    expect(active).toMatchObject({ forwards: [], dBlockedUsd: 0 });

    // Settling twice, or settling a spot conversion, is not a thing.
    expectError(
      await customer.call('POST', 'transactions/closeForward', {
        sTransactionId: transaction.sTransactionId,
      }),
      409,
      'INVALID_STATE',
    );
    const spot = await forex(customer, 10);
    expectError(
      await customer.call('POST', 'transactions/closeForward', {
        sTransactionId: spot.sTransactionId,
      }),
      409,
      'INVALID_STATE',
    );
  });

  it('refuses to close a forward when the rest of the USD is missing, writing nothing', async () => {
    let customer = await newCustomer(t, { usd: '1000.00' });
    const { transaction } = await bookForward(customer, 1000);
    await forex(customer, 950); // spends everything but the held deposit
    t.clock.advanceMinutes(20 * 24 * 60);
    customer = await logInAgain(customer);
    const before = await moneyTableCounts(t);
    expectError(
      await customer.call('POST', 'transactions/closeForward', {
        sTransactionId: transaction.sTransactionId,
      }),
      409,
      'INSUFFICIENT_FUNDS',
    );
    expect(await moneyTableCounts(t)).toEqual(before);
    expect((await transactionById(customer, transaction.sTransactionId)).sStatus).toBe('ACTIVE');
    expect((await balancesOf(t, customer.enterpriseId)).USD_FORWARD_DEPOSIT).toBe(5000n);

    // With the USD wired in, the same request settles.
    await fundUsd(t, customer.enterpriseId, '950.00');
    const closed = await customer.call('POST', 'transactions/closeForward', {
      sTransactionId: transaction.sTransactionId,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await balancesOf(t, customer.enterpriseId)).toMatchObject({
      USD_AVAILABLE: 0n,
      USD_FORWARD_DEPOSIT: 0n,
    });
  });

  it('converts an invoice: its unassigned MXN, assigned to the conversion in full', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const invoiceId = await addInvoice(customer, { total: 50_000, protection: 19.5 });
    const body = await forexBody(customer, 1);
    const rateMicro = parseRate(body.dExchangeRate);
    const fromInvoice = {
      sInvoiceId: invoiceId,
      sTransactionType: FOREX,
      dExchangeRate: body.dExchangeRate,
      referenceExchangeRate: body.referenceExchangeRate,
      bExternal: false,
    };
    const response = await customer.call(
      'POST',
      'transactions/createTransactionFromInvoice',
      fromInvoice,
    );
    expect(response.statusCode, response.body).toBe(201);
    const { transaction } = json<Answer>(response);
    const usd = convertMxnToUsd(5_000_000n, rateMicro);
    const gain = conversionGain(
      [{ amountMxn: 5_000_000n, protectedRateMicro: 19_500_000n }],
      rateMicro,
    );
    expect(transaction).toMatchObject({
      sStatus: 'SETTLED',
      dAmount: moneyToNumber(usd),
      dDesAmount: 50_000,
      dAssignedAmount: 50_000,
      dPercentUsed: 100,
      dCurrencyGain: moneyToNumber(gain.gainUsd),
      dProfitPercentage: gain.profitPercentage,
    });
    expect(transaction.invoice).toHaveLength(1);
    expect(transaction.invoice[0]).toMatchObject({
      dAmount: 50_000,
      dPaidAmount: 0,
      payment: { dDescAmount: 0 },
      invoice: {
        sInvoiceId: invoiceId,
        sInvoice: 'F-1001',
        dRateProtection: 19.5,
        paymentsRecipent: [{ sName: 'Agrícola del Valle' }],
      },
    });
    expect(await balancesOf(t, customer.enterpriseId)).toMatchObject({
      USD_AVAILABLE: 1_000_000n - usd,
      MXN_AVAILABLE: 5_000_000n,
    });
    await expectInvoiceStatus(customer, invoiceId, 'ASSIGNED');
    const history = json<ListAnswer>(await customer.call('GET', 'transactions/history'));
    expect(history.totalProfit).toBe(moneyToNumber(gain.gainUsd));

    // Assigned now: not convertible again.
    const before = await moneyTableCounts(t);
    expectError(
      await customer.call('POST', 'transactions/createTransactionFromInvoice', fromInvoice),
      409,
      'INVALID_STATE',
      'sInvoiceId',
    );
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('books a forward for an invoice', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const invoiceId = await addInvoice(customer, { total: 18_000 });
    const quote = await forwardQuote(customer);
    const response = await customer.call('POST', 'transactions/createTransactionFromInvoice', {
      sInvoiceId: invoiceId,
      sTransactionType: FORWARD,
      dExchangeRate: quote.rate,
      referenceExchangeRate: quote.uuid,
      bExternal: false,
      dForwardTransactionDate: FORWARD_DATE,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { transaction } = json<Answer>(response);
    const usd = usdForExactMxn(1_800_000n, parseRate(quote.rate));
    expect(transaction).toMatchObject({
      sStatus: 'ACTIVE',
      dAmount: moneyToNumber(usd),
      dDesAmount: 18_000,
      dDepositAmount: moneyToNumber(forwardDeposit(usd)),
      dPercentUsed: 100,
    });
    expect(await balancesOf(t, customer.enterpriseId)).toEqual({
      USD_AVAILABLE: 1_000_000n - forwardDeposit(usd),
      MXN_AVAILABLE: 0n,
      USD_FORWARD_DEPOSIT: forwardDeposit(usd),
    });
    await expectInvoiceStatus(customer, invoiceId, 'ASSIGNED');
  });

  it('attaches and detaches invoices within 100 % of the conversion', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const conversion = await forex(customer, 1100); // about 20,000 MXN
    const first = await addInvoice(customer, { total: 10_000, name: 'F-1' });
    const second = await addInvoice(customer, { total: 20_000, name: 'F-2' });
    const attach = (lines: Array<{ sInvoiceId: string; dAmount: number }>, key?: string) =>
      customer.call(
        'POST',
        'transactions/invoice',
        { sTransactionId: conversion.sTransactionId, invoices: lines },
        key === undefined ? {} : { headers: { 'idempotency-key': key } },
      );
    const detach = (lines: Array<{ sInvoiceId: string; dAmount: number }>) =>
      customer.call('POST', 'transactions/deleteInvoice', {
        sTransactionId: conversion.sTransactionId,
        invoices: lines,
      });

    const attached = await attach([{ sInvoiceId: first, dAmount: 10_000 }]);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(json<Answer>(attached).transaction).toMatchObject({
      dAssignedAmount: 10_000,
      dPercentUsed: percentUsed(1_000_000n, parseMoney(conversion.dDesAmount)),
      invoice: [{ dAmount: 10_000, invoice: { sInvoiceId: first } }],
    });
    await expectInvoiceStatus(customer, first, 'ASSIGNED');

    // Beyond 100 % of the conversion: refused whole, nothing written.
    const before = await moneyTableCounts(t);
    expectError(
      await attach([{ sInvoiceId: second, dAmount: 20_000 }]),
      409,
      'INVALID_STATE',
      'invoices',
    );
    // More than the invoice has unassigned.
    expectError(
      await attach([{ sInvoiceId: first, dAmount: 0.01 }]),
      409,
      'INVALID_STATE',
      'invoices.0.dAmount',
    );
    expectError(
      await attach([
        { sInvoiceId: second, dAmount: 100 },
        { sInvoiceId: second, dAmount: 100 },
      ]),
      400,
      'INVALID_INPUT',
      'invoices.1.sInvoiceId',
    );
    expect(await moneyTableCounts(t)).toEqual(before);
    expect((await transactionById(customer, conversion.sTransactionId)).dAssignedAmount).toBe(
      10_000,
    );
    await expectInvoiceStatus(customer, second, 'TO_PAY');

    // Attaching the same invoice twice adds to its one assignment.
    expect((await attach([{ sInvoiceId: second, dAmount: 5_000 }])).statusCode).toBe(200);
    await expectInvoiceStatus(customer, second, 'PARCIAL');
    const twice = json<Answer>(await attach([{ sInvoiceId: second, dAmount: 3_000 }])).transaction;
    expect(twice.dAssignedAmount).toBe(18_000);
    expect(
      new Map(twice.invoice.map((entry) => [entry.invoice.sInvoiceId, entry.dAmount])),
    ).toEqual(
      new Map([
        [first, 10_000],
        [second, 8_000],
      ]),
    );
    const rateMicro = parseRate(conversion.dExchangeRate);
    const gain = conversionGain(
      [
        { amountMxn: 1_000_000n, protectedRateMicro: 19_500_000n },
        { amountMxn: 800_000n, protectedRateMicro: 19_500_000n },
      ],
      rateMicro,
    );
    expect(twice.dCurrencyGain).toBe(moneyToNumber(gain.gainUsd));

    // Detach part of one, the whole of the other (an amount at or above the assignment).
    const detached = await detach([
      { sInvoiceId: second, dAmount: 3_000 },
      { sInvoiceId: first, dAmount: 999_999 },
    ]);
    expect(detached.statusCode, detached.body).toBe(200);
    expect(json<Answer>(detached).transaction).toMatchObject({
      dAssignedAmount: 5_000,
      invoice: [{ dAmount: 5_000, invoice: { sInvoiceId: second } }],
    });
    await expectInvoiceStatus(customer, first, 'TO_PAY');
    await expectInvoiceStatus(customer, second, 'PARCIAL');
    expect((await invoiceOf(customer, second)).dAssignedAmount).toBe(5_000);

    // An invoice that is not on the conversion cannot be detached from it.
    expectError(
      await detach([{ sInvoiceId: first, dAmount: 1 }]),
      404,
      'NOT_FOUND',
      'invoices.0.sInvoiceId',
    );

    // Paid MXN stays: only the unpaid part can come off.
    await markPaid(conversion.sTransactionId, second, '2000.00');
    const paidBefore = await moneyTableCounts(t);
    expectError(
      await detach([{ sInvoiceId: second, dAmount: 5_000 }]),
      409,
      'INVALID_STATE',
      'invoices.0.dAmount',
    );
    expectError(await detach([{ sInvoiceId: second, dAmount: 3_000.01 }]), 409, 'INVALID_STATE');
    expect(await moneyTableCounts(t)).toEqual(paidBefore);
    const rest = await detach([{ sInvoiceId: second, dAmount: 3_000 }]);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(json<Answer>(rest).transaction).toMatchObject({
      dAssignedAmount: 2_000,
      dPaidAmount: 2_000,
      invoice: [{ dAmount: 2_000, dPaidAmount: 2_000, payment: { dDescAmount: 2_000 } }],
    });
    await expectInvoiceStatus(customer, second, 'PARCIAL');
  });

  it('does not assign pesos already paid out of a conversion without an invoice', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const conversion = await forex(customer, 1000);
    const mxn = parseMoney(conversion.dDesAmount);
    // A payment on the conversion alone (no invoice) spends all but 1,000.00 MXN.
    await t.db.transaction().execute(async (trx) => {
      await t.app.finance.conversions.recordPaid(trx, conversion.sTransactionId, mxn - 100_000n);
    });
    const invoiceId = await addInvoice(customer, { total: 5_000 });
    const attach = (amount: number) =>
      customer.call('POST', 'transactions/invoice', {
        sTransactionId: conversion.sTransactionId,
        invoices: [{ sInvoiceId: invoiceId, dAmount: amount }],
      });
    expectError(await attach(1_000.01), 409, 'INVALID_STATE', 'invoices');
    const attached = await attach(1_000);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(json<Answer>(attached).transaction.dAssignedAmount).toBe(1_000);
  });

  it('attaches invoices to an active forward too', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const { transaction } = await bookForward(customer, 1000);
    const invoiceId = await addInvoice(customer, { total: 10_000 });
    const response = await customer.call('POST', 'transactions/invoice', {
      sTransactionId: transaction.sTransactionId,
      invoices: [{ sInvoiceId: invoiceId, dAmount: 10_000 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Answer>(response).transaction).toMatchObject({
      sStatus: 'ACTIVE',
      dAssignedAmount: 10_000,
    });
    await expectInvoiceStatus(customer, invoiceId, 'ASSIGNED');
    const forwards = json<{ forwards: ApiTransaction[] }>(
      await customer.call('GET', 'transactions/getForwardsActive'),
    ).forwards;
    expect(forwards[0]?.invoice[0]?.invoice.sInvoiceId).toBe(invoiceId);
  });

  it('lists in the detail the payments made from a conversion, and drops fully paid ones from the balance list', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const invoiceId = await addInvoice(customer, { total: 10_000, name: 'F-77' });
    const quote = await spotQuote(t, customer.enterpriseId);
    const created = await customer.call('POST', 'transactions/createTransactionFromInvoice', {
      sInvoiceId: invoiceId,
      sTransactionType: FOREX,
      dExchangeRate: rateToNumber(quote.rateMicro),
      referenceExchangeRate: quote.id,
      bExternal: false,
    });
    const conversion = json<Answer>(created).transaction;
    expect(
      (await transactionById(customer, conversion.sTransactionId, 'transactions/detail')).payment,
    ).toEqual([]);

    // A payment of the whole invoice, recorded as the payments module records one.
    const recipient = await t.db
      .selectFrom('invoices')
      .select('payment_recipient_id')
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    const journalId = randomUUID();
    const paymentId = randomUUID();
    await t.db
      .insertInto('journals')
      .values({
        id: journalId,
        enterprise_id: customer.enterpriseId,
        kind: 'SUPPLIER_PAYMENT',
        description: 'test payment',
        reference: paymentId,
        quote_id: null,
        rate_micro: null,
        created_at: t.clock.now(),
      })
      .execute();
    await t.db
      .insertInto('payments')
      .values({
        id: paymentId,
        enterprise_id: customer.enterpriseId,
        type: 'FOREX',
        status: 'COMPLETED',
        payment_recipient_id: recipient.payment_recipient_id,
        conversion_id: conversion.sTransactionId,
        amount_mxn: 1_000_000n,
        amount_usd: parseMoney(conversion.dAmount),
        rate_micro: parseRate(conversion.dExchangeRate),
        concept: 'Factura F-77',
        tracking_key: `TEST${Date.now()}`,
        journal_id: journalId,
        created_at: t.clock.now(),
        completed_at: t.clock.now(),
        paid_clabe: '012180001234567897',
        paid_bank_name: 'BBVA MEXICO',
        paid_beneficiary_name: 'Test supplier',
      })
      .execute();
    await t.db
      .insertInto('payment_invoices')
      .values({ payment_id: paymentId, invoice_id: invoiceId, amount_mxn: 1_000_000n })
      .execute();
    await markPaid(conversion.sTransactionId, invoiceId, '10000.00');

    const detail = await transactionById(
      customer,
      conversion.sTransactionId,
      'transactions/detail',
    );
    expect(detail).toMatchObject({ dPaidAmount: 10_000, dPercentPaid: 100 });
    expect(detail.payment).toEqual([
      expect.objectContaining({
        sPaymentId: paymentId,
        dAmount: 10_000,
        sStatus: 'COMPLETED',
        sTransactionType: FOREX,
        sConcept: 'Factura F-77',
        payment_recipient: {
          sPaymentRecipientId: recipient.payment_recipient_id,
          sName: 'Agrícola del Valle',
        },
        invoice_payments_relationship: [
          { dAmount: 10_000, invoice: { sInvoiceId: invoiceId, sInvoice: 'F-77' } },
        ],
      }),
    ]);
    expect((await transactionById(customer, conversion.sTransactionId)).payment).toEqual([]);
    await expectInvoiceStatus(customer, invoiceId, 'PAID');
    // Fully paid: gone from the MXN balance list, still in the history.
    expect(json<ListAnswer>(await customer.call('GET', 'transactions/')).transactions).toEqual([]);
    expect(
      json<ListAnswer>(await customer.call('GET', 'transactions/history')).transactions,
    ).toHaveLength(1);

    // recordPaid never pays beyond the conversion or the assignment.
    await expect(markPaid(conversion.sTransactionId, invoiceId, '0.01')).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
  });

  it('replays POST transactions/ with the same key and refuses the key with another body', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const body = await forexBody(customer, 1000);
    const first = await convert(customer, body, 'convert-1');
    expect(first.statusCode, first.body).toBe(201);
    const counts = await moneyTableCounts(t);
    const balances = await balancesOf(t, customer.enterpriseId);
    const replay = await convert(customer, body, 'convert-1');
    expect(replay.statusCode).toBe(201);
    expect(json(replay)).toEqual(json(first));
    expect(await moneyTableCounts(t)).toEqual(counts);
    expect(await balancesOf(t, customer.enterpriseId)).toEqual(balances);

    expectError(
      await convert(customer, { ...body, dAmount: 999 }, 'convert-1'),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectError(
      await convert(customer, body, 'x'.repeat(256)),
      400,
      'INVALID_INPUT',
      'Idempotency-Key',
    );
    expect(await moneyTableCounts(t)).toEqual(counts);
    // Another key is another conversion.
    expect((await convert(customer, body, 'convert-2')).statusCode).toBe(201);
    expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(800_000n);
  });

  it("answers 404 to another enterprise's conversions and invoices, changing nothing", async () => {
    const a = await newCustomer(t, { usd: '10000.00' });
    const b = await newCustomer(t, { usd: '10000.00' });
    const aConversion = await forex(a, 1000);
    const bConversion = await forex(b, 1000);
    const bForward = (await bookForward(b, 1000)).transaction;
    const aInvoice = await addInvoice(a, { total: 1_000 });
    const bInvoice = await addInvoice(b, { total: 1_000 });
    const bQuote = await spotQuote(t, b.enterpriseId);
    const aQuote = await spotQuote(t, a.enterpriseId);
    const before = await moneyTableCounts(t);
    const balances = [await balancesOf(t, a.enterpriseId), await balancesOf(t, b.enterpriseId)];

    for (const path of ['transactions/id', 'transactions/detail', 'transactions/closeForward']) {
      for (const id of [
        bConversion.sTransactionId,
        bForward.sTransactionId,
        randomUUID(),
        'nope',
      ]) {
        expectError(
          await a.call('POST', path, { sTransactionId: id }),
          404,
          'NOT_FOUND',
          'sTransactionId',
        );
      }
    }
    for (const path of ['transactions/invoice', 'transactions/deleteInvoice']) {
      expectError(
        await a.call('POST', path, {
          sTransactionId: bConversion.sTransactionId,
          invoices: [{ sInvoiceId: aInvoice, dAmount: 10 }],
        }),
        404,
        'NOT_FOUND',
        'sTransactionId',
      );
      for (const invoiceId of [bInvoice, randomUUID(), 'nope']) {
        expectError(
          await a.call('POST', path, {
            sTransactionId: aConversion.sTransactionId,
            invoices: [{ sInvoiceId: invoiceId, dAmount: 10 }],
          }),
          404,
          'NOT_FOUND',
          'invoices.0.sInvoiceId',
        );
      }
    }
    for (const invoiceId of [bInvoice, randomUUID(), 'nope']) {
      expectError(
        await a.call('POST', 'transactions/createTransactionFromInvoice', {
          sInvoiceId: invoiceId,
          sTransactionType: FOREX,
          dExchangeRate: rateToNumber(aQuote.rateMicro),
          referenceExchangeRate: aQuote.id,
          bExternal: false,
        }),
        404,
        'NOT_FOUND',
        'sInvoiceId',
      );
    }
    // B's quote is no reference for A.
    expectError(
      await convert(a, {
        sTransactionType: FOREX,
        dAmount: 10,
        dExchangeRate: rateToNumber(bQuote.rateMicro),
        referenceExchangeRate: bQuote.id,
        bExternal: false,
      }),
      409,
      'QUOTE_MISMATCH',
    );
    const listed = json<ListAnswer>(await a.call('GET', 'transactions/history')).transactions;
    expect(listed.map((row) => row.sTransactionId)).toEqual([aConversion.sTransactionId]);
    expect(
      json<{ forwards: unknown[] }>(await a.call('GET', 'transactions/getForwardsActive')).forwards,
    ).toEqual([]);

    expect(await moneyTableCounts(t)).toEqual(before);
    expect([await balancesOf(t, a.enterpriseId), await balancesOf(t, b.enterpriseId)]).toEqual(
      balances,
    );
    await expectInvoiceStatus(b, bInvoice, 'TO_PAY');
  });

  it('refuses bad input with a 4xx naming the field, writing nothing', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const conversion = await forex(customer, 100);
    const invoiceId = await addInvoice(customer, { total: 100 });
    const body = await forexBody(customer, 10);
    const before = await moneyTableCounts(t);
    const cases: Array<[string, unknown, string]> = [
      ['transactions/', { ...body, dAmount: -5 }, 'dAmount'],
      ['transactions/', { ...body, dAmount: 0 }, 'dAmount'],
      ['transactions/', { ...body, dAmount: 10.005 }, 'dAmount'],
      ['transactions/', { ...body, dAmount: '1e3' }, 'dAmount'],
      ['transactions/', { ...body, dAmount: undefined }, 'dAmount'],
      ['transactions/', { ...body, dExchangeRate: 0 }, 'dExchangeRate'],
      ['transactions/', { ...body, dExchangeRate: 18.1234567 }, 'dExchangeRate'],
      ['transactions/', { ...body, sTransactionType: 'FOREX' }, 'sTransactionType'],
      ['transactions/', { ...body, sTransactionType: undefined }, 'sTransactionType'],
      ['transactions/', { ...body, bExternal: 'no' }, 'bExternal'],
      ['transactions/', { ...body, referenceExchangeRate: '' }, 'referenceExchangeRate'],
      [
        'transactions/',
        { ...body, dForwardTransactionDate: '2026-02-30' },
        'dForwardTransactionDate',
      ],
      ['transactions/createTransactionFromInvoice', { ...body, dAmount: undefined }, 'sInvoiceId'],
      [
        'transactions/createTransactionFromInvoice',
        { ...body, sInvoiceId: invoiceId, dExchangeRate: -1 },
        'dExchangeRate',
      ],
      ['transactions/id', {}, 'sTransactionId'],
      ['transactions/detail', { sTransactionId: 42 }, 'sTransactionId'],
      ['transactions/closeForward', { sTransactionId: '' }, 'sTransactionId'],
      [
        'transactions/invoice',
        { sTransactionId: conversion.sTransactionId, invoices: [] },
        'invoices',
      ],
      ['transactions/invoice', { sTransactionId: conversion.sTransactionId }, 'invoices'],
      [
        'transactions/invoice',
        {
          sTransactionId: conversion.sTransactionId,
          invoices: [{ sInvoiceId: invoiceId, dAmount: 0 }],
        },
        'invoices.0.dAmount',
      ],
      [
        'transactions/invoice',
        {
          sTransactionId: conversion.sTransactionId,
          invoices: [{ sInvoiceId: invoiceId, dAmount: 1.001 }],
        },
        'invoices.0.dAmount',
      ],
      [
        'transactions/deleteInvoice',
        { sTransactionId: conversion.sTransactionId, invoices: [{ dAmount: 1 }] },
        'invoices.0.sInvoiceId',
      ],
      [
        'transactions/forwardRate',
        { dDateForward: FORWARD_DATE, dAmount: 100, bExternal: false },
        'referenceExchangeRate',
      ],
    ];
    for (const [path, payload, field] of cases) {
      const response = await customer.call('POST', path, payload);
      expect(
        response.statusCode,
        `${path} ${JSON.stringify(payload)}: ${response.body}`,
      ).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(json(response), path).toMatchObject({ field });
    }
    for (const query of ['?page=0', '?limit=0', '?limit=1001', '?limit=abc']) {
      const response = await customer.call('GET', `transactions/history${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/v1/en/transactions/' });
    expectError(unauthenticated, 403, 'SESSION_EXPIRED');
    const spanish = await customer.call(
      'POST',
      'transactions/id',
      { sTransactionId: 'nope' },
      { lang: 'sp' },
    );
    expect(json(spanish)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No se encontró el registro.',
    });
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('lets only one of two racing writes take the same MXN', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const conversion = await forex(customer, 1000);
    const invoiceIds = [
      await addInvoice(customer, { total: 12_000, name: 'R-1' }),
      await addInvoice(customer, { total: 12_000, name: 'R-2' }),
    ];
    // Each takes 12,000 of about 18,000 MXN: together they would pass 100 %.
    const attaches = await Promise.all(
      invoiceIds.map((invoiceId) =>
        customer.call('POST', 'transactions/invoice', {
          sTransactionId: conversion.sTransactionId,
          invoices: [{ sInvoiceId: invoiceId, dAmount: 12_000 }],
        }),
      ),
    );
    expect(attaches.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await transactionById(customer, conversion.sTransactionId)).dAssignedAmount).toBe(
      12_000,
    );

    // Two conversions of one invoice: the second finds it assigned.
    const invoiceId = await addInvoice(customer, { total: 1_000, name: 'R-3' });
    const quote = await spotQuote(t, customer.enterpriseId);
    const conversions = await Promise.all(
      [0, 1].map(() =>
        customer.call('POST', 'transactions/createTransactionFromInvoice', {
          sInvoiceId: invoiceId,
          sTransactionType: FOREX,
          dExchangeRate: rateToNumber(quote.rateMicro),
          referenceExchangeRate: quote.id,
          bExternal: false,
        }),
      ),
    );
    expect(conversions.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await invoiceOf(customer, invoiceId)).dAssignedAmount).toBe(1_000);
  });

  it('documents its endpoints in the OpenAPI description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(json<{ paths: Record<string, unknown> }>(response).paths);
    for (const path of [
      'forwardRate',
      '',
      'createTransactionFromInvoice',
      'history',
      'id',
      'detail',
      'getForwardsActive',
      'closeForward',
      'invoice',
      'deleteInvoice',
    ]) {
      expect(paths).toContain(`/api/v1/{lang}/transactions${path ? `/${path}` : ''}`);
    }
  });

  it('pages the lists', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const older = await forex(customer, 10);
    t.clock.advanceMinutes(1);
    const newer = await forex(customer, 20);
    const firstPage = json<ListAnswer>(await customer.call('GET', 'transactions/history?limit=1'));
    const secondPage = json<ListAnswer>(
      await customer.call('GET', 'transactions/history?limit=1&page=2'),
    );
    expect(firstPage.transactions.map((row) => row.sTransactionId)).toEqual([newer.sTransactionId]);
    expect(secondPage.transactions.map((row) => row.sTransactionId)).toEqual([
      older.sTransactionId,
    ]);
    expect(
      json<ListAnswer>(await customer.call('GET', 'transactions/?page=3&limit=1')).transactions,
    ).toEqual([]);
    expect(newer.iTrackingId).toBeGreaterThan(older.iTrackingId);
  });
});

describe('conversion amounts (pure, as the service computes them)', () => {
  const usdCents = fc.bigInt({ min: 1n, max: 10_000_000_000_00n });
  const mxnCents = fc.bigInt({ min: 1n, max: 100_000_000_000_00n });
  /** 1.000000 to 100.000000 MXN per USD. */
  const rateMicro = fc.bigInt({ min: 1_000_000n, max: 100_000_000n });
  const abs = (value: bigint) => (value < 0n ? -value : value);

  it('gives a forex conversion the MXN of convertUsdToMxn, and USD→MXN→USD stays within a cent', () => {
    fc.assert(
      fc.property(usdCents, rateMicro, (usd, rate) => {
        const amounts = amountsFromUsd('FOREX', usd, rate);
        expect(amounts.usdCents).toBe(usd);
        expect(amounts.mxnCents).toBe(convertUsdToMxn(usd, rate));
        expect(amounts.depositUsd).toBe(0n);
        expect(abs(convertMxnToUsd(amounts.mxnCents, rate) - usd)).toBeLessThanOrEqual(1n);
      }),
      { numRuns: 1000 },
    );
  });

  it('holds 5 % of a forward, rounded up to the cent', () => {
    fc.assert(
      fc.property(usdCents, rateMicro, (usd, rate) => {
        const { depositUsd } = amountsFromUsd('FORWARD', usd, rate);
        expect(depositUsd * 100n).toBeGreaterThanOrEqual(usd * 5n);
        expect((depositUsd - 1n) * 100n).toBeLessThan(usd * 5n);
        expect(depositUsd).toBeLessThanOrEqual(usd);
      }),
      { numRuns: 1000 },
    );
  });

  it("converts exactly an invoice's MXN, at the USD those pesos cost rounded up", () => {
    fc.assert(
      fc.property(mxnCents, rateMicro, fc.boolean(), (mxn, rate, forward) => {
        const amounts = amountsFromMxn(forward ? 'FORWARD' : 'FOREX', mxn, rate);
        expect(amounts.mxnCents).toBe(mxn);
        expect(amounts.usdCents).toBe(usdForExactMxn(mxn, rate));
        expect(amounts.depositUsd).toBe(forward ? forwardDeposit(amounts.usdCents) : 0n);
        // Back to pesos: never short, over by less than a cent's worth of rate plus the rounding.
        const back = convertUsdToMxn(amounts.usdCents, rate);
        expect(back).toBeGreaterThanOrEqual(mxn);
        expect((back - mxn) * 2_000_000n).toBeLessThanOrEqual(2n * rate + 1_000_000n);
      }),
      { numRuns: 1000 },
    );
  });

  it('gains nothing at the protected rate, and loses when the rate is below it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(mxnCents, rateMicro), { minLength: 1, maxLength: 5 }),
        rateMicro,
        (parts, rate) => {
          const assigned = parts.map(([amountMxn, protectedRateMicro]) => ({
            amountMxn,
            protectedRateMicro,
          }));
          const atProtection = conversionGain(
            assigned.map((part) => ({ ...part, protectedRateMicro: rate })),
            rate,
          );
          expect(abs(atProtection.gainUsd)).toBeLessThanOrEqual(1n);
          const gain = conversionGain(assigned, rate);
          expect(gain.gainUsd).toBe(gain.budgetUsd - gain.actualUsd);
          if (assigned.every((part) => part.protectedRateMicro > rate)) {
            expect(gain.gainUsd).toBeLessThanOrEqual(0n);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
