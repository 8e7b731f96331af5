import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rateToNumber } from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
  spotQuote,
} from '../../test/finance-fixtures.js';
import {
  conversionFixtures,
  FOREX,
  FORWARD_DATE,
  type ListAnswer,
} from '../../test/conversion-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const {
  addInvoice,
  invoiceOf,
  expectInvoiceStatus,
  forexBody,
  convert,
  forex,
  bookForward,
  transactionById,
  expectError,
} = conversionFixtures(() => t);

describe(`conversions on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
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
