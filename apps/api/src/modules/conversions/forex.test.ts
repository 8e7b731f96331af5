import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  convertMxnToUsd,
  convertUsdToMxn,
  daysBetween,
  forwardDeposit,
  moneyToNumber,
  parseRate,
  rateToNumber,
  todayInTimeZone,
  TRANSACTION_TYPE_IDS,
  usdForExactMxn,
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
import {
  conversionFixtures,
  FOREX,
  FORWARD,
  FORWARD_DATE,
  type Answer,
  type ListAnswer,
} from '../../test/conversion-fixtures.js';
import { bearer, createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { amountsFromMxn, amountsFromUsd, conversionGain } from './conversion-amounts.js';
import type { ApiTransaction } from './conversion.view.js';

let t: TestApp;
const { forexBody, forwardQuote, convert, forex, bookForward, transactionById, expectError } =
  conversionFixtures(() => t);

/** The test clock starts on Saturday 2026-11-21, noon in Mexico City. */
const TODAY = '2026-11-21';

const SATURDAY = '2026-11-28';

const THANKSGIVING = '2026-11-26'; // a US bank holiday on a Thursday

const PASSWORD = 'Str0ng-pass!'; // signupBody's password

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

describe(`forex on ${TEST_ENGINE}`, () => {
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
