import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forwardDeposit,
  moneyToNumber,
  parseMoney,
  parseRate,
  rateToNumber,
  TRANSACTION_TYPE_IDS,
  usdForExactMxn,
} from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import {
  assignInvoice,
  insertConversion,
  insertInvoice,
  insertSupplier,
} from '../../test/payment-fixtures.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import type { ApiPayment } from '../payments/payment.view.js';
import type { ApiTransaction } from './conversion.view.js';

/**
 * The MXN the user types is the MXN delivered. Every converting call takes an
 * MXN target (`dDesAmount`) instead of USD; the pesos are exact and the USD charged is
 * ceil(mxn / rate) to the cent.
 */

let t: TestApp;
const FOREX = TRANSACTION_TYPE_IDS.FOREX;
const FORWARD = TRANSACTION_TYPE_IDS.FORWARD;
/** The test clock starts on Saturday 2026-11-21; this is a Tuesday in the window. */
const FORWARD_DATE = '2026-12-01';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Target = 'sendPayNow' | 'forex' | 'forward';

async function forwardQuote(customer: Customer, amount: { dAmount?: number; dDesAmount?: number }) {
  const spot = await spotQuote(t, customer.enterpriseId);
  const response = await customer.call('POST', 'transactions/forwardRate', {
    dDateForward: FORWARD_DATE,
    ...amount,
    referenceExchangeRate: spot.id,
    bExternal: false,
  });
  return response;
}

/** Makes the call with an MXN target; answers the MXN delivered/booked, USD charged, rate. */
async function callWithTarget(
  customer: Customer,
  supplierId: string,
  target: Target,
  mxn: number,
): Promise<{ mxn: number; usd: number; rate: number; usdSpent: bigint; mxnGained: bigint }> {
  const before = await balancesOf(t, customer.enterpriseId);
  let answer: { mxn: number; usd: number; rate: number };
  if (target === 'sendPayNow') {
    const quote = await spotQuote(t, customer.enterpriseId);
    const response = await customer.call('POST', 'payments/sendPayNow', {
      dDesAmount: mxn,
      comment: 'Exact pesos',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: quote.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { payment } = json<{ payment: ApiPayment }>(response);
    answer = { mxn: payment.dAmount, usd: payment.dAmountUsd, rate: payment.dExchangeRate };
  } else {
    let body: Record<string, unknown>;
    if (target === 'forex') {
      const quote = await spotQuote(t, customer.enterpriseId);
      body = {
        sTransactionType: FOREX,
        dExchangeRate: rateToNumber(quote.rateMicro),
        referenceExchangeRate: quote.id,
      };
    } else {
      const quoted = await forwardQuote(customer, { dDesAmount: mxn });
      expect(quoted.statusCode, quoted.body).toBe(200);
      const { forwardRate } = json<{ forwardRate: { rate: number; uuid: string } }>(quoted);
      body = {
        sTransactionType: FORWARD,
        dExchangeRate: forwardRate.rate,
        referenceExchangeRate: forwardRate.uuid,
        dForwardTransactionDate: FORWARD_DATE,
      };
    }
    const response = await customer.call('POST', 'transactions/', {
      ...body,
      dDesAmount: mxn,
      bExternal: false,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { transaction } = json<{ transaction: ApiTransaction }>(response);
    if (target === 'forward') {
      expect(transaction.dDepositAmount).toBe(
        moneyToNumber(forwardDeposit(parseMoney(transaction.dAmount))),
      );
    }
    answer = {
      mxn: transaction.dDesAmount,
      usd: transaction.dAmount,
      rate: transaction.dExchangeRate,
    };
  }
  const after = await balancesOf(t, customer.enterpriseId);
  return {
    ...answer,
    usdSpent:
      before.USD_AVAILABLE +
      before.USD_FORWARD_DEPOSIT -
      after.USD_AVAILABLE -
      after.USD_FORWARD_DEPOSIT,
    mxnGained: after.MXN_AVAILABLE - before.MXN_AVAILABLE,
  };
}

describe('MXN targets (dDesAmount)', () => {
  it('delivers exactly 1,000 random MXN targets, charges ceil(mxn / rate), and keeps the ledger balanced', async () => {
    const customer = await newCustomer(t, { usd: '900000000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const targets = new Set<Target>();
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 100_000_000n }), // 0.01 to 1,000,000.00 MXN
        fc.constantFrom<Target>('sendPayNow', 'forex', 'forward'),
        async (mxnCents, target) => {
          targets.add(target);
          const mxn = moneyToNumber(mxnCents);
          const result = await callWithTarget(customer, supplierId, target, mxn);
          const expectedUsd = usdForExactMxn(mxnCents, parseRate(result.rate));
          expect(result.mxn).toBe(mxn);
          expect(parseMoney(result.usd)).toBe(expectedUsd);
          if (target === 'forex') {
            expect(result.usdSpent).toBe(expectedUsd);
            expect(result.mxnGained).toBe(mxnCents);
          } else if (target === 'sendPayNow') {
            // Pay now: the USD leaves, the pesos go straight to the supplier.
            expect(result.usdSpent).toBe(expectedUsd);
            expect(result.mxnGained).toBe(0n);
          } else {
            // A forward only moves its deposit now: from available to held.
            expect(result.usdSpent).toBe(0n);
            expect(result.mxnGained).toBe(0n);
          }
        },
      ),
      { numRuns: 1000 },
    );
    expect([...targets].sort()).toEqual(['forex', 'forward', 'sendPayNow']);
    await expectLedgerSound(t);
  }, 600_000);

  it('books 50,000.00 MXN exactly in a forex (not 50,000.03) and sends 25,000.00 exactly', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const forex = await callWithTarget(customer, supplierId, 'forex', 50_000);
    expect(forex.mxn).toBe(50_000);
    expect(forex.mxnGained).toBe(5_000_000n);
    const payNow = await callWithTarget(customer, supplierId, 'sendPayNow', 25_000);
    expect(payNow.mxn).toBe(25_000);
    const forward = await callWithTarget(customer, supplierId, 'forward', 100_000);
    expect(forward.mxn).toBe(100_000);
    await expectLedgerSound(t);
  });

  it('refuses both amounts, or neither, with 400 INVALID_INPUT and writes nothing', async () => {
    const customer = await newCustomer(t, { usd: '10000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    const before = await moneyTableCounts(t);
    const payNowBody = {
      comment: 'x',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: quote.id,
    };
    const forexBody = {
      sTransactionType: FOREX,
      dExchangeRate: rateToNumber(quote.rateMicro),
      referenceExchangeRate: quote.id,
      bExternal: false,
    };
    const calls: Array<[string, Record<string, unknown>]> = [
      ['payments/sendPayNow', { ...payNowBody, dAmount: 100, dDesAmount: 1800 }],
      ['payments/sendPayNow', payNowBody],
      ['transactions/', { ...forexBody, dAmount: 100, dDesAmount: 1800 }],
      ['transactions/', forexBody],
    ];
    for (const [path, body] of calls) {
      const response = await customer.call('POST', path, body, { lang: 'sp' });
      expect(response.statusCode, `${path} ${response.body}`).toBe(400);
      expect(json(response).code).toBe('INVALID_INPUT');
    }
    for (const amount of [{}, { dAmount: 100, dDesAmount: 1800 }]) {
      const response = await forwardQuote(customer, amount);
      expect(response.statusCode, response.body).toBe(400);
      expect(json(response).code).toBe('INVALID_INPUT');
    }
    // Three decimals of MXN are not a target.
    const fine = await customer.call('POST', 'payments/sendPayNow', {
      ...payNowBody,
      dDesAmount: 100.001,
    });
    expect(fine.statusCode).toBe(400);
    expect(json(fine).field).toBe('dDesAmount');
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('says INSUFFICIENT_FUNDS on dDesAmount when the USD for the pesos is short', async () => {
    const customer = await newCustomer(t, { usd: '10.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    const response = await customer.call('POST', 'payments/sendPayNow', {
      dDesAmount: 100_000,
      comment: 'x',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: quote.id,
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject({ code: 'INSUFFICIENT_FUNDS', field: 'dDesAmount' });
  });

  it("pays and converts an invoice's MXN total exactly, the USD rounded up", async () => {
    const customer = await newCustomer(t, { usd: '100000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const paid = await insertInvoice(t, customer.enterpriseId, supplierId, { total: '12345.67' });
    const quote = await spotQuote(t, customer.enterpriseId);
    const payment = await customer.call('POST', 'payments/invoice', {
      sInvoiceId: paid,
      sExchangeRateReference: quote.id,
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const { payment: answer } = json<{ payment: ApiPayment }>(payment);
    expect(answer.dAmount).toBe(12_345.67);
    expect(parseMoney(answer.dAmountUsd)).toBe(usdForExactMxn(1_234_567n, quote.rateMicro));

    const converted = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '9876.54',
    });
    const conversion = await customer.call('POST', 'transactions/createTransactionFromInvoice', {
      sInvoiceId: converted,
      sTransactionType: FOREX,
      dExchangeRate: rateToNumber(quote.rateMicro),
      referenceExchangeRate: quote.id,
      bExternal: false,
    });
    expect(conversion.statusCode, conversion.body).toBe(201);
    const { transaction } = json<{ transaction: ApiTransaction }>(conversion);
    expect(transaction.dDesAmount).toBe(9_876.54);
    expect(parseMoney(transaction.dAmount)).toBe(usdForExactMxn(987_654n, quote.rateMicro));
    await expectLedgerSound(t);
  });
});

describe('the OpenAPI document', () => {
  it('lists dDesAmount beside dAmount on every converting call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    type Body = { properties?: Record<string, { description?: string }> };
    const doc = json<{
      paths: Record<
        string,
        { post?: { requestBody?: { content: Record<string, { schema: Body }> } } }
      >;
    }>(response);
    for (const path of ['payments/sendPayNow', 'transactions', 'transactions/forwardRate']) {
      const body =
        doc.paths[`/api/v1/{lang}/${path}`]?.post?.requestBody?.content['application/json']?.schema;
      expect(Object.keys(body?.properties ?? {}), path).toEqual(
        expect.arrayContaining(['dAmount', 'dDesAmount']),
      );
      expect(body?.properties?.dDesAmount?.description, path).toMatch(/MXN.*exactly|exactly/i);
    }
  });
});

describe('a conversion holding invoices of two suppliers', () => {
  it('pays each supplier its own invoices, the second one too', async () => {
    const customer = await newCustomer(t);
    const first = await insertSupplier(t, customer.enterpriseId, { name: 'Primero SA' });
    const second = await insertSupplier(t, customer.enterpriseId, { name: 'Segundo SA' });
    const conversionId = await insertConversion(t, customer.enterpriseId, { mxn: '50000.00' });
    const firstInvoice = await insertInvoice(t, customer.enterpriseId, first, {
      total: '30000.00',
    });
    const secondInvoice = await insertInvoice(t, customer.enterpriseId, second, {
      total: '20000.00',
    });
    await assignInvoice(t, customer.enterpriseId, conversionId, firstInvoice, '30000.00');
    await assignInvoice(t, customer.enterpriseId, conversionId, secondInvoice, '20000.00');

    for (const [recipient, amount] of [
      [first, 30_000],
      [second, 20_000],
    ] as const) {
      const response = await customer.call('POST', 'payments/', {
        sTransactionId: conversionId,
        sPaymentRecipientId: recipient,
        isMxn: true,
        dAmount: amount,
        comment: 'Pago de facturas',
      });
      expect(response.statusCode, response.body).toBe(201);
      const { payment } = json<{ payment: ApiPayment }>(response);
      expect(payment.payment_recipient.sPaymentRecipientId).toBe(recipient);
      expect(payment.invoice_payments_relationship.map((part) => part.dAmount)).toEqual([amount]);
    }
    const detail = await customer.call('POST', 'transactions/detail', {
      sTransactionId: conversionId,
    });
    const [transaction] = json<{ transactions: ApiTransaction[] }>(detail).transactions;
    expect(transaction?.dPaidAmount).toBe(50_000);
    expect(transaction?.invoice.map((entry) => entry.dPaidAmount).sort()).toEqual([20_000, 30_000]);
    await expectLedgerSound(t);
  });
});
