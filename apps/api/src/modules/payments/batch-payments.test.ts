import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moneyToNumber, parseMoney, usdForExactMxn } from '@app/domain';
import {
  balancesOf,
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { insertInvoice, insertSupplier, invoiceRow } from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiBatch } from './batch-payments.service.js';

let t: TestApp;

async function payBatch(
  customer: Customer,
  items: unknown[],
  options: { key?: string; quoteId?: string } = {},
) {
  const quoteId = options.quoteId ?? (await spotQuote(t, customer.enterpriseId)).id;
  return customer.call(
    'POST',
    'payments/batch',
    { sExchangeRateReference: quoteId, items },
    options.key ? { headers: { 'idempotency-key': options.key } } : {},
  );
}

function batchOf(response: { statusCode: number; body: string }): ApiBatch {
  expect(response.statusCode, response.body).toBe(201);
  return (JSON.parse(response.body) as { batch: ApiBatch }).batch;
}

async function usdBalance(customer: Customer): Promise<bigint> {
  return (await balancesOf(t, customer.enterpriseId)).USD_AVAILABLE;
}

describe(`batch payments on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('pays invoices and amounts at one quote: MXN exact, USD rounded up to the cent', async () => {
    const customer = await newCustomer(t, { usd: '50000' });
    const supplierId = await insertSupplier(t, customer.enterpriseId, { name: 'Limones Colima' });
    const invoiceA = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '100000.00',
      name: 'LC-1',
    });
    const invoiceB = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '25000.55',
      name: 'LC-2',
    });
    const quote = await spotQuote(t, customer.enterpriseId);
    const batch = batchOf(
      await payBatch(
        customer,
        [
          { sInvoiceId: invoiceA },
          { sInvoiceId: invoiceB },
          { sPaymentRecipientId: supplierId, dDesAmount: 1234.56, comment: 'Anticipo flete' },
        ],
        { quoteId: quote.id },
      ),
    );
    expect(batch.items.map((item) => item.sStatus)).toEqual(['SENT', 'SENT', 'SENT']);
    const expectedUsd = [
      parseMoney('100000.00'),
      parseMoney('25000.55'),
      parseMoney('1234.56'),
    ].map((mxn) => usdForExactMxn(mxn, quote.rateMicro));
    expect(batch.items.map((item) => item.payment?.dAmount)).toEqual([100000, 25000.55, 1234.56]);
    expect(batch.items.map((item) => item.payment?.dAmountUsd)).toEqual(
      expectedUsd.map(moneyToNumber),
    );
    expect(batch.items[0]?.payment?.sConcept).toBe('Pago factura LC-1');
    expect(batch.items[2]?.payment?.sConcept).toBe('Anticipo flete');
    expect(
      batch.items.every((item) => item.payment?.sTrackingKey.match(/^PP\d{8}[A-Z2-9]{12}$/)),
    ).toBe(true);
    const total = expectedUsd.reduce((sum, usd) => sum + usd, 0n);
    expect(batch.dTotalUsd).toBe(moneyToNumber(total));
    expect(batch.dTotalMxn).toBe(126235.11);
    expect(await usdBalance(customer)).toBe(parseMoney('50000') - total);
    expect((await invoiceRow(t, invoiceA)).status).toBe('PAID');
    expect((await invoiceRow(t, invoiceB)).status).toBe('PAID');

    const fetched = await customer.call('GET', `payments/batches/${batch.sBatchId}`);
    expect(fetched.statusCode).toBe(200);
    expect(json<{ batch: ApiBatch }>(fetched).batch).toEqual(batch);
  });

  it('fails items on their own: unknown supplier, invoice paid already, the same invoice twice', async () => {
    const customer = await newCustomer(t, { usd: '50000' });
    const other = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const foreignSupplier = await insertSupplier(t, other.enterpriseId);
    const invoice = await insertInvoice(t, customer.enterpriseId, supplierId, {
      total: '1000',
      name: 'F2-BORDER-000123',
    });
    const batch = batchOf(
      await payBatch(customer, [
        { sPaymentRecipientId: foreignSupplier, dDesAmount: 100, comment: 'x' },
        { sInvoiceId: invoice },
        { sInvoiceId: invoice },
        { sInvoiceId: randomUUID() },
        { sPaymentRecipientId: supplierId, dDesAmount: 500, comment: 'Pago parcial' },
      ]),
    );
    expect(batch.items.map((item) => [item.sStatus, item.code])).toEqual([
      ['FAILED', 'NOT_FOUND'],
      ['SENT', undefined],
      ['FAILED', 'INVALID_STATE'],
      ['FAILED', 'NOT_FOUND'],
      ['SENT', undefined],
    ]);
    // Each line says what it asked for, failed ones too, and reads back the same.
    const rate = batch.dExchangeRate;
    expect(batch.items[0]!.asked).toEqual({
      sInvoiceName: null,
      sPayeeName: null,
      dAmountMxn: 100,
      dAmountUsd: expect.any(Number),
      sConcept: 'x',
    });
    expect(batch.items[2]!.asked).toMatchObject({
      sInvoiceName: 'F2-BORDER-000123',
      sPayeeName: expect.stringMatching(/^Agrícola del Valle/),
      dAmountMxn: 1000,
      sConcept: null,
    });
    expect(batch.items[2]!.asked.dAmountUsd).toBeCloseTo(1000 / rate, 1);
    expect(batch.items[3]!.asked).toMatchObject({ sInvoiceName: null, dAmountMxn: null });
    const read = json<{ batch: ApiBatch }>(
      await customer.call('GET', `payments/batches/${batch.sBatchId}`),
    ).batch;
    expect(read.items.map((item) => item.asked)).toEqual(batch.items.map((item) => item.asked));
    const payments = await t.db
      .selectFrom('payments')
      .select('amount_mxn')
      .where('enterprise_id', '=', customer.enterpriseId)
      .orderBy('amount_mxn')
      .execute();
    expect(payments.map((row) => row.amount_mxn)).toEqual([50_000n, 100_000n]);
  });

  it('pays no deleted supplier: neither its invoices nor an amount (SUPPLIER_DELETED)', async () => {
    const customer = await newCustomer(t, { usd: '50000' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const invoice = await insertInvoice(t, customer.enterpriseId, supplierId, { total: '1000' });
    const deleted = await customer.call('PUT', 'payment-recipient/delete', {
      sPaymentRecipientId: supplierId,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const before = await moneyTableCounts(t);
    const batch = batchOf(
      await payBatch(customer, [
        { sInvoiceId: invoice },
        { sPaymentRecipientId: supplierId, dDesAmount: 500, comment: 'Pago' },
      ]),
    );
    expect(batch.items.map((item) => [item.sStatus, item.code])).toEqual([
      ['FAILED', 'SUPPLIER_DELETED'],
      ['FAILED', 'SUPPLIER_DELETED'],
    ]);
    const after = await moneyTableCounts(t);
    expect(after.payments).toBe(before.payments);
    expect(after.journals).toBe(before.journals);
  });

  it('stops at the first item the balance cannot cover and marks the rest, moving nothing for them', async () => {
    const customer = await newCustomer(t, { usd: '100' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    const item = (mxn: number) => ({
      sPaymentRecipientId: supplierId,
      dDesAmount: mxn,
      comment: 'Pago',
    });
    const batch = batchOf(
      await payBatch(customer, [item(500), item(900), item(700), item(10)], { quoteId: quote.id }),
    );
    // 500 + 900 MXN fit in 100 USD at ~18 MXN/USD (about 1,800 MXN); 700 more does not.
    expect(batch.items.map((entry) => [entry.sStatus, entry.code])).toEqual([
      ['SENT', undefined],
      ['SENT', undefined],
      ['FAILED', 'INSUFFICIENT_FUNDS'],
      ['NOT_ATTEMPTED', 'INSUFFICIENT_FUNDS'],
    ]);
    const spent =
      usdForExactMxn(50_000n, quote.rateMicro) + usdForExactMxn(90_000n, quote.rateMicro);
    expect(await usdBalance(customer)).toBe(10_000n - spent);
    const count = await t.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('enterprise_id', '=', customer.enterpriseId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('replays the same answer under one Idempotency-Key, moving money once', async () => {
    const customer = await newCustomer(t, { usd: '5000' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const invoice = await insertInvoice(t, customer.enterpriseId, supplierId, { total: '9000' });
    const quote = await spotQuote(t, customer.enterpriseId);
    const items = [
      { sInvoiceId: invoice },
      { sPaymentRecipientId: supplierId, dDesAmount: 2500, comment: 'Anticipo' },
    ];
    const key = `batch-${randomUUID()}`;
    const first = batchOf(await payBatch(customer, items, { key, quoteId: quote.id }));
    const balanceAfterFirst = await usdBalance(customer);
    const counts = await moneyTableCounts(t);
    const replay = batchOf(await payBatch(customer, items, { key, quoteId: quote.id }));
    expect(replay).toEqual(first);
    expect(await usdBalance(customer)).toBe(balanceAfterFirst);
    expect(await moneyTableCounts(t)).toEqual(counts);
    const otherBody = await payBatch(customer, items.slice(1), { key, quoteId: quote.id });
    expect(otherBody.statusCode).toBe(422);
    expect(json(otherBody)).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('refuses an expired quote, a bad item and too many items, writing nothing', async () => {
    const customer = await newCustomer(t, { usd: '5000' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const quote = await spotQuote(t, customer.enterpriseId);
    const before = await moneyTableCounts(t);
    t.clock.advanceSeconds(120);
    const expired = await payBatch(
      customer,
      [{ sPaymentRecipientId: supplierId, dDesAmount: 10, comment: 'x' }],
      { quoteId: quote.id },
    );
    expect(expired.statusCode).toBe(409);
    expect(json(expired)).toMatchObject({ code: 'QUOTE_EXPIRED' });
    const mixed = await payBatch(customer, [
      { sPaymentRecipientId: supplierId, dDesAmount: 10.005, comment: 'x' },
    ]);
    expect(mixed.statusCode).toBe(400);
    const both = await payBatch(customer, [
      { sInvoiceId: randomUUID(), sPaymentRecipientId: supplierId, dDesAmount: 10, comment: 'x' },
    ]);
    expect(both.statusCode).toBe(400);
    const tooMany = await payBatch(
      customer,
      Array.from({ length: 1001 }, () => ({ sInvoiceId: randomUUID() })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(await moneyTableCounts(t)).toEqual(before);
    const unknown = await customer.call('GET', `payments/batches/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
  });

  it("answers 404 for another enterprise's batch", async () => {
    const customer = await newCustomer(t, { usd: '5000' });
    const other = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const batch = batchOf(
      await payBatch(customer, [{ sPaymentRecipientId: supplierId, dDesAmount: 10, comment: 'x' }]),
    );
    const response = await other.call('GET', `payments/batches/${batch.sBatchId}`);
    expect(response.statusCode).toBe(404);
  });

  it('keeps each invoice To pay when its item fails', async () => {
    const customer = await newCustomer(t, { usd: '10' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const invoice = await insertInvoice(t, customer.enterpriseId, supplierId, { total: '90000' });
    const batch = batchOf(await payBatch(customer, [{ sInvoiceId: invoice }]));
    expect(batch.items).toMatchObject([
      {
        sStatus: 'FAILED',
        code: 'INSUFFICIENT_FUNDS',
        asked: { sPayeeName: expect.stringMatching(/^Agrícola del Valle/), dAmountMxn: 90000 },
      },
    ]);
    const row = await invoiceRow(t, invoice);
    expect([row.status, row.assigned_mxn, row.paid_mxn]).toEqual(['TO_PAY', 0n, 0n]);
  });

  it('pays each invoice once when two batches take the same invoices in opposite orders', async () => {
    const customer = await newCustomer(t, { usd: '50000' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const first = await insertInvoice(t, customer.enterpriseId, supplierId, { total: '1000' });
    const second = await insertInvoice(t, customer.enterpriseId, supplierId, { total: '2000' });
    const quote = await spotQuote(t, customer.enterpriseId);
    const [a, b] = await Promise.all([
      payBatch(customer, [{ sInvoiceId: first }, { sInvoiceId: second }], { quoteId: quote.id }),
      payBatch(customer, [{ sInvoiceId: second }, { sInvoiceId: first }], { quoteId: quote.id }),
    ]);
    const statuses = [...batchOf(a).items, ...batchOf(b).items].map((item) => item.sStatus);
    expect(statuses.filter((status) => status === 'SENT')).toHaveLength(2);
    expect(statuses.filter((status) => status === 'FAILED')).toHaveLength(2);
    expect((await invoiceRow(t, first)).status).toBe('PAID');
    expect((await invoiceRow(t, second)).status).toBe('PAID');
  });
});
