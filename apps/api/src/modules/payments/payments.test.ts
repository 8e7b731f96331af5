import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  convertMxnToUsd,
  INVOICE_STATUS_IDS,
  moneyToNumber,
  parseRate,
  percentOf,
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
  conversionRow,
  insertConversion,
  insertInvoice,
  insertSupplier,
  invoiceRow,
  paymentRow,
  pdfText,
} from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiPayment } from './payment.view.js';

let t: TestApp;

interface PaymentAnswer {
  payment: ApiPayment;
}

function withKey(key: string) {
  return { headers: { 'idempotency-key': key } };
}

async function sendPayNow(
  customer: Customer,
  recipientId: string,
  overrides: Record<string, unknown> = {},
  options: { headers?: Record<string, string> } = {},
) {
  const quote = await spotQuote(t, customer.enterpriseId);
  return customer.call(
    'POST',
    'payments/sendPayNow',
    {
      dAmount: 100,
      comment: 'Anticipo pedido 42',
      sPaymentRecipientId: recipientId,
      sExchangeRateReference: quote.id,
      ...overrides,
    },
    options,
  );
}

describe(`payments on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('pays a whole invoice now from USD at the quote, and the invoice becomes Paid', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId, { name: 'Limones Colima' });
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '18000.00',
      rateProtection: '19.00',
      name: 'F-1001',
    });
    const quote = await spotQuote(t, customer.enterpriseId);
    const response = await customer.call('POST', 'payments/invoice', {
      sInvoiceId: invoiceId,
      sExchangeRateReference: quote.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { payment } = json<PaymentAnswer>(response);
    const usd = usdForExactMxn(1_800_000n, quote.rateMicro);
    const budget = convertMxnToUsd(1_800_000n, parseRate('19.00'));
    // The gain values the pesos at the payment's rate (what they are worth), as every row does.
    const cost = convertMxnToUsd(1_800_000n, quote.rateMicro);
    expect(payment).toMatchObject({
      dAmount: 18000,
      dAmountUsd: moneyToNumber(usd),
      sTransactionType: TRANSACTION_TYPE_IDS.PAY_NOW,
      sStatus: 'PROCESSING',
      transaction: [],
      sConcept: 'Pago factura F-1001',
      dCurrencyGain: moneyToNumber(budget - cost),
      dProfitPercentage: percentOf(budget - cost, budget),
      payment_recipient: { sPaymentRecipientId: supplierId, sName: 'Limones Colima' },
    });
    expect(payment.payment_recipient.sAccountNumber).toMatch(/^\*{8}\d{4}$/);
    expect(payment.sTrackingKey).toMatch(/^[A-Z0-9]{1,30}$/);
    expect(payment.invoice_payments_relationship).toHaveLength(1);
    expect(payment.invoice_payments_relationship[0]).toMatchObject({
      dAmount: 18000,
      invoice: { sInvoiceId: invoiceId, sStatusId: INVOICE_STATUS_IDS.PAID, dPaidAmount: 18000 },
    });

    const balances = await balancesOf(t, customer.enterpriseId);
    expect(balances.USD_AVAILABLE).toBe(500_000n - usd);
    expect(balances.MXN_AVAILABLE).toBe(0n);
    const invoice = await invoiceRow(t, invoiceId);
    expect(invoice).toMatchObject({
      status: 'PAID',
      paid_mxn: 1_800_000n,
      assigned_mxn: 1_800_000n,
    });
    const journal = await t.db
      .selectFrom('journals')
      .selectAll()
      .where('id', '=', (await paymentRow(t, payment.sPaymentId)).journal_id)
      .executeTakeFirstOrThrow();
    expect(journal).toMatchObject({
      kind: 'PAY_NOW',
      quote_id: quote.id,
      reference: payment.sTrackingKey,
    });

    // Paid: it cannot be paid again.
    const before = await moneyTableCounts(t);
    const again = await customer.call('POST', 'payments/invoice', {
      sInvoiceId: invoiceId,
      sExchangeRateReference: quote.id,
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'INVALID_STATE', field: 'sInvoiceId' });
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('refuses to pay an invoice without enough USD, writing nothing', async () => {
    const customer = await newCustomer(t, { usd: '10.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '18000.00',
    });
    const quote = await spotQuote(t, customer.enterpriseId);
    const before = await moneyTableCounts(t);
    const response = await customer.call('POST', 'payments/invoice', {
      sInvoiceId: invoiceId,
      sExchangeRateReference: quote.id,
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await moneyTableCounts(t)).toEqual(before);
    expect((await invoiceRow(t, invoiceId)).status).toBe('TO_PAY');
  });

  it('pays or converts for a deleted supplier on no path: 409 SUPPLIER_DELETED, nothing written', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '1800.00',
    });
    const attachedId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '1800.00',
    });
    const conversionId = await insertConversion(t, customer.enterpriseId, { mxn: '5000.00' });
    await assignInvoice(t, customer.enterpriseId, conversionId, attachedId, '1800.00');
    // A list read before the deletion must not be reused after it.
    const listedBefore = await customer.call('POST', 'invoices/invoices', {});
    expect(listedBefore.statusCode).toBe(200);
    const deleted = await customer.call('PUT', 'payment-recipient/delete', {
      sPaymentRecipientId: supplierId,
    });
    expect(deleted.statusCode).toBe(204);
    const otherConversion = await insertConversion(t, customer.enterpriseId, { mxn: '2000.00' });
    const before = await moneyTableCounts(t);

    const quote = await spotQuote(t, customer.enterpriseId);
    const byInvoice = await customer.call('POST', 'payments/invoice', {
      sInvoiceId: invoiceId,
      sExchangeRateReference: quote.id,
    });
    expect(byInvoice.statusCode, byInvoice.body).toBe(409);
    expect(json(byInvoice)).toMatchObject({ code: 'SUPPLIER_DELETED', field: 'sInvoiceId' });
    // The message says why, in both languages (not the generic state error).
    expect(json<{ message: string }>(byInvoice).message).toContain('deleted');
    const inSpanish = await customer.call(
      'POST',
      'payments/invoice',
      { sInvoiceId: invoiceId, sExchangeRateReference: quote.id },
      { lang: 'sp' },
    );
    expect(json<{ message: string }>(inSpanish).message).toContain('eliminado');

    const converted = await customer.call('POST', 'transactions/createTransactionFromInvoice', {
      sInvoiceId: invoiceId,
      sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
      dExchangeRate: rateToNumber(quote.rateMicro),
      referenceExchangeRate: quote.id,
      bExternal: false,
    });
    expect(converted.statusCode, converted.body).toBe(409);
    expect(json(converted)).toMatchObject({ code: 'SUPPLIER_DELETED', field: 'sInvoiceId' });

    const attached = await customer.call('POST', 'transactions/invoice', {
      sTransactionId: otherConversion,
      invoices: [{ sInvoiceId: invoiceId, dAmount: 1000 }],
    });
    expect(attached.statusCode, attached.body).toBe(409);
    expect(json(attached)).toMatchObject({
      code: 'SUPPLIER_DELETED',
      field: 'invoices.0.sInvoiceId',
    });

    // The list still shows the invoice, marked, so the web can say why it cannot be chosen.
    const list = json<{ invoices: Array<{ sInvoiceId: string; bSupplierDeleted: boolean }> }>(
      await customer.call('POST', 'invoices/invoices', {}),
    );
    expect(list.invoices.find((row) => row.sInvoiceId === invoiceId)?.bSupplierDeleted).toBe(true);

    const payNow = await sendPayNow(customer, supplierId);
    expect(payNow.statusCode, payNow.body).toBe(409);
    expect(json(payNow)).toMatchObject({ code: 'SUPPLIER_DELETED', field: 'sPaymentRecipientId' });

    const fromConversion = await customer.call('POST', 'payments/', {
      sTransactionId: conversionId,
      sPaymentRecipientId: supplierId,
      isMxn: true,
      dAmount: 1800,
      comment: 'Factura',
    });
    expect(fromConversion.statusCode, fromConversion.body).toBe(409);
    expect(json(fromConversion)).toMatchObject({
      code: 'SUPPLIER_DELETED',
      field: 'sPaymentRecipientId',
    });

    expect(await moneyTableCounts(t)).toEqual(before);
    expect((await invoiceRow(t, invoiceId)).status).toBe('TO_PAY');
    expect((await invoiceRow(t, attachedId)).paid_mxn).toBe(0n);
  });

  it('pays a supplier from a conversion, oldest attached invoice first', async () => {
    const customer = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId, {
      name: 'Aguacates Uruapan',
    });
    const otherSupplierId = await insertSupplier(t, customer.enterpriseId);
    const conversionId = await insertConversion(t, customer.enterpriseId, {
      mxn: '10000.00',
      rate: '18.00',
    });
    const first = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '4000.00',
      rateProtection: '19.00',
    });
    const second = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '5000.00',
      rateProtection: '17.50',
    });
    const others = await insertInvoice(t, customer.enterpriseId, otherSupplierId, {
      total: '1000.00',
    });
    await assignInvoice(t, customer.enterpriseId, conversionId, others, '1000.00');
    await assignInvoice(t, customer.enterpriseId, conversionId, first, '4000.00');
    await assignInvoice(t, customer.enterpriseId, conversionId, second, '5000.00');

    const pay = (amount: number, key: string) =>
      customer.call(
        'POST',
        'payments/',
        {
          sTransactionId: conversionId,
          sPaymentRecipientId: supplierId,
          isMxn: true,
          dAmount: amount,
          comment: 'Facturas de octubre',
        },
        withKey(key),
      );

    const response = await pay(6000, 'k1');
    expect(response.statusCode, response.body).toBe(201);
    const { payment } = json<PaymentAnswer>(response);
    const usd = convertMxnToUsd(600_000n, parseRate('18.00'));
    const budget =
      convertMxnToUsd(400_000n, parseRate('19.00')) + convertMxnToUsd(200_000n, parseRate('17.50'));
    const cost =
      convertMxnToUsd(400_000n, parseRate('18.00')) + convertMxnToUsd(200_000n, parseRate('18.00'));
    expect(payment).toMatchObject({
      dAmount: 6000,
      dAmountUsd: moneyToNumber(usd),
      dExchangeRate: 18,
      sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
      sConcept: 'Facturas de octubre',
      dCurrencyGain: moneyToNumber(budget - cost),
      dProfitPercentage: percentOf(budget - cost, budget),
    });
    expect(payment.transaction).toEqual([
      {
        dAmount: 6000,
        transaction: {
          sTransactionId: conversionId,
          iTrackingId: expect.any(Number),
          sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
        },
      },
    ]);
    expect(
      new Map(
        payment.invoice_payments_relationship.map((part) => [
          part.invoice.sInvoiceId,
          part.dAmount,
        ]),
      ),
    ).toEqual(
      new Map([
        [first, 4000],
        [second, 2000],
      ]),
    );
    expect((await invoiceRow(t, first)).status).toBe('PAID');
    expect(await invoiceRow(t, second)).toMatchObject({ status: 'ASSIGNED', paid_mxn: 200_000n });
    expect(await invoiceRow(t, others)).toMatchObject({ status: 'ASSIGNED', paid_mxn: 0n });
    expect((await conversionRow(t, conversionId)).paid_mxn).toBe(600_000n);
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(400_000n);

    // 3,000 finish the second invoice; 500 are paid on the conversion alone.
    const next = await pay(3500, 'k2');
    expect(next.statusCode, next.body).toBe(201);
    expect(
      json<PaymentAnswer>(next).payment.invoice_payments_relationship.map((part) => part.dAmount),
    ).toEqual([3000]);
    expect((await invoiceRow(t, second)).status).toBe('PAID');
    expect((await conversionRow(t, conversionId)).paid_mxn).toBe(950_000n);

    // 500 MXN are left of the conversion.
    const before = await moneyTableCounts(t);
    const tooMuch = await pay(500.01, 'k3');
    expect(tooMuch.statusCode).toBe(409);
    expect(json(tooMuch)).toMatchObject({ code: 'INSUFFICIENT_FUNDS', field: 'dAmount' });
    expect(await moneyTableCounts(t)).toEqual(before);
    expect((await pay(500, 'k4')).statusCode).toBe(201);
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(0n);
  });

  it('refuses bad conversion payments with a field, writing nothing', async () => {
    const customer = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const conversionId = await insertConversion(t, customer.enterpriseId, { mxn: '1000.00' });
    const forwardId = await insertConversion(t, customer.enterpriseId, {
      mxn: '1000.00',
      kind: 'ACTIVE_FORWARD',
    });
    const valid = {
      sTransactionId: conversionId,
      sPaymentRecipientId: supplierId,
      isMxn: true,
      dAmount: 100,
      comment: 'Pago',
    };
    const before = await moneyTableCounts(t);
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ sTransactionId: forwardId }, 409, 'INVALID_STATE', 'sTransactionId'],
      [{ sTransactionId: randomUUID() }, 404, 'NOT_FOUND', 'sTransactionId'],
      [{ sTransactionId: '12' }, 404, 'NOT_FOUND', 'sTransactionId'],
      [{ sPaymentRecipientId: randomUUID() }, 404, 'NOT_FOUND', 'sPaymentRecipientId'],
      [{ isMxn: false }, 400, 'INVALID_INPUT', 'isMxn'],
      [{ dAmount: 0 }, 400, 'INVALID_INPUT', 'dAmount'],
      [{ dAmount: 1.234 }, 400, 'INVALID_INPUT', 'dAmount'],
      [{ dAmount: 1000.01 }, 409, 'INSUFFICIENT_FUNDS', 'dAmount'],
      [{ comment: '' }, 400, 'INVALID_INPUT', 'comment'],
    ];
    for (const [overrides, status, code, field] of cases) {
      const response = await customer.call('POST', 'payments/', { ...valid, ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(json(response)).toMatchObject({ code, field });
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/payments/',
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      payload: '{"sTransactionId":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('lists payments newest first with the total profit, bounded and paginated', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '1900.00',
      rateProtection: '19.00',
    });
    const quote = await spotQuote(t, customer.enterpriseId);
    const paid = json<PaymentAnswer>(
      await customer.call('POST', 'payments/invoice', {
        sInvoiceId: invoiceId,
        sExchangeRateReference: quote.id,
      }),
    ).payment;
    t.clock.advanceMinutes(1);
    const sent = json<PaymentAnswer>(await sendPayNow(customer, supplierId)).payment;

    const list = await customer.call('GET', 'payments/');
    expect(list.statusCode).toBe(200);
    const answer = json<{ payments: ApiPayment[]; totalProfit: number }>(list);
    expect(answer.payments.map((payment) => payment.sPaymentId)).toEqual([
      sent.sPaymentId,
      paid.sPaymentId,
    ]);
    // The invoice's own figures are the invoices module's (valued at today's rate), and the
    // payout may have settled meanwhile (the rail settles by the clock the test moved on).
    const {
      invoice_payments_relationship: _invoices,
      sStatus: _status,
      completed_at: _completedAt,
      ...paidFields
    } = paid;
    expect(answer.payments[1]).toMatchObject(paidFields);
    expect(['PROCESSING', 'COMPLETED']).toContain(answer.payments[1]?.sStatus);
    expect(answer.totalProfit).toBe(paid.dCurrencyGain);
    expect(paid.dCurrencyGain).not.toBe(0);

    const page = json<{ payments: ApiPayment[] }>(
      await customer.call('GET', 'payments/?page=2&limit=1'),
    );
    expect(page.payments.map((payment) => payment.sPaymentId)).toEqual([paid.sPaymentId]);
    for (const query of ['limit=0', 'limit=1001', 'page=0', 'page=x']) {
      const bad = await customer.call('GET', `payments/?${query}`);
      expect(bad.statusCode, query).toBe(400);
    }

    const stranger = await newCustomer(t);
    expect(json(await stranger.call('GET', 'payments/'))).toEqual({ payments: [], totalProfit: 0 });
  });

  it('makes a PDF receipt with the tracking key, for the owner only', async () => {
    const customer = await newCustomer(t, { usd: '5000.00' });
    const supplierId = await insertSupplier(t, customer.enterpriseId, { name: 'Berries Jalisco' });
    const invoiceId = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '2500.00',
      name: 'FAC-778',
    });
    const quote = await spotQuote(t, customer.enterpriseId);
    const { payment } = json<PaymentAnswer>(
      await customer.call('POST', 'payments/invoice', {
        sInvoiceId: invoiceId,
        sExchangeRateReference: quote.id,
      }),
    );
    const response = await customer.call(
      'POST',
      'payments/paymentReceipt',
      { sPaymentId: payment.sPaymentId },
      { lang: 'sp' },
    );
    expect(response.statusCode).toBe(200);
    const pdf = Buffer.from(
      json<{ paymentReceipt: { data: string } }>(response).paymentReceipt.data,
      'base64',
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Comprobante de pago',
      'Clave de rastreo',
      payment.sTrackingKey,
      'Berries Jalisco',
      payment.payment_recipient.sAccountNumber,
      'AVA010101AB1',
      'Frutas del Norte LLC',
      '$2,500.00 MXN',
      'FAC-778',
      'En proceso',
    ]) {
      expect(text, expected).toContain(expected);
    }

    const stranger = await newCustomer(t);
    for (const sPaymentId of [payment.sPaymentId, randomUUID(), 'abc']) {
      const refused = await stranger.call('POST', 'payments/paymentReceipt', { sPaymentId });
      expect(refused.statusCode).toBe(404);
      expect(json(refused)).toMatchObject({ code: 'NOT_FOUND', field: 'sPaymentId' });
    }
  });

  it("answers 404 to enterprise A using B's ids, and changes nothing", async () => {
    const a = await newCustomer(t, { usd: '5000.00' });
    const b = await newCustomer(t, { usd: '5000.00' });
    const bSupplier = await insertSupplier(t, b.enterpriseId);
    const bInvoice = await insertInvoice(t, b.enterpriseId, bSupplier, { total: '1000.00' });
    const bConversion = await insertConversion(t, b.enterpriseId, { mxn: '1000.00' });
    const bPayment = json<PaymentAnswer>(await sendPayNow(b, bSupplier)).payment;
    const aSupplier = await insertSupplier(t, a.enterpriseId);
    const aConversion = await insertConversion(t, a.enterpriseId, { mxn: '1000.00' });
    const aQuote = await spotQuote(t, a.enterpriseId);
    const before = await moneyTableCounts(t);
    const balancesBefore = [
      await balancesOf(t, a.enterpriseId),
      await balancesOf(t, b.enterpriseId),
    ];

    const attempts: Array<[string, Record<string, unknown>, string]> = [
      [
        'payments/invoice',
        { sInvoiceId: bInvoice, sExchangeRateReference: aQuote.id },
        'sInvoiceId',
      ],
      [
        'payments/sendPayNow',
        {
          dAmount: 10,
          comment: 'x',
          sPaymentRecipientId: bSupplier,
          sExchangeRateReference: aQuote.id,
        },
        'sPaymentRecipientId',
      ],
      [
        'payments/',
        {
          sTransactionId: bConversion,
          sPaymentRecipientId: aSupplier,
          isMxn: true,
          dAmount: 10,
          comment: 'x',
        },
        'sTransactionId',
      ],
      [
        'payments/',
        {
          sTransactionId: aConversion,
          sPaymentRecipientId: bSupplier,
          isMxn: true,
          dAmount: 10,
          comment: 'x',
        },
        'sPaymentRecipientId',
      ],
      ['payments/paymentReceipt', { sPaymentId: bPayment.sPaymentId }, 'sPaymentId'],
    ];
    for (const [path, body, field] of attempts) {
      const response = await a.call('POST', path, body);
      expect(response.statusCode, path).toBe(404);
      expect(json(response)).toMatchObject({ code: 'NOT_FOUND', field });
    }
    expect(await moneyTableCounts(t)).toEqual(before);
    expect([await balancesOf(t, a.enterpriseId), await balancesOf(t, b.enterpriseId)]).toEqual(
      balancesBefore,
    );
    expect((await invoiceRow(t, bInvoice)).status).toBe('TO_PAY');
    expect(json(await a.call('GET', 'payments/'))).toEqual({ payments: [], totalProfit: 0 });
  });

  it('needs a session', async () => {
    for (const [method, path] of [
      ['GET', 'payments/'],
      ['POST', 'payments/'],
      ['POST', 'payments/invoice'],
      ['POST', 'payments/sendPayNow'],
      ['POST', 'payments/paymentReceipt'],
    ] as const) {
      const response = await t.app.inject({ method, url: `/api/v1/en/${path}`, payload: {} });
      expect(response.statusCode, path).toBe(403);
    }
  });
});

// PGlite is one connection behind a mutex, so requests there never overlap: the race this
// test is about (row locks between concurrent transactions) only exists on PostgreSQL.
describe.skipIf(TEST_ENGINE !== 'postgres')('concurrent payments on postgres', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('pays exactly the MXN of a conversion when 200 payments race for it', async () => {
    const customer = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const conversionId = await insertConversion(t, customer.enterpriseId, { mxn: '1000.00' });
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(100_000n);

    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        customer.call('POST', 'payments/', {
          sTransactionId: conversionId,
          sPaymentRecipientId: supplierId,
          isMxn: true,
          dAmount: 10,
          comment: 'Carrera',
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    expect(statuses.filter((status) => status === 409)).toHaveLength(100);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(json(response)).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    }
    expect((await balancesOf(t, customer.enterpriseId)).MXN_AVAILABLE).toBe(0n);
    expect((await conversionRow(t, conversionId)).paid_mxn).toBe(100_000n);
    const count = await t.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('conversion_id', '=', conversionId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(100);
  });

  it('spends exactly the USD balance when 60 pay-now payments from several enterprises race', async () => {
    // Two enterprises at once: their journals share the house accounts, which no longer
    // serialize them, while each one's USD balance still refuses to go below zero.
    const customers = [
      await newCustomer(t, { usd: '100.00' }),
      await newCustomer(t, { usd: '100.00' }),
    ];
    const suppliers = await Promise.all(
      customers.map((customer) => insertSupplier(t, customer.enterpriseId)),
    );
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) => {
        const which = index % 2;
        return sendPayNow(customers[which]!, suppliers[which]!, { dAmount: 10 });
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(json(response)).toMatchObject({ code: 'INSUFFICIENT_FUNDS', field: 'dAmount' });
    }
    for (const customer of customers) {
      expect((await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE).toBe(0n);
      const count = await t.db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('enterprise_id', '=', customer.enterpriseId)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(10);
    }
  });
});
