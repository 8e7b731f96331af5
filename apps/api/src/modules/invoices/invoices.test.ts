import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  INVOICE_STATUS_IDS,
  convertMxnToUsd,
  coveredActualUsd,
  currencyGainForActualUsd,
  makeClabe,
  moneyToNumber,
  parseMoney,
  parseRate,
  rateToNumber,
  type InvoiceStatusKey,
} from '@app/domain';
import {
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
  type Customer,
} from '../../test/finance-fixtures.js';
import { loadConfig } from '../../config.js';
import { insertInvoice } from '../../test/payment-fixtures.js';
import { countingStatements } from '../../test/statement-counter.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { createFinanceServices } from '../finance.js';
import type { ApiInvoice } from './invoices.service.js';

let t: TestApp;

interface ListAnswer {
  invoices: ApiInvoice[];
  total: number;
  totalProfit: number;
  exchangeRateToday: number;
  exchangeRateTodayReference: string;
  quoteExpiresAt: string;
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function addSupplier(customer: Customer, name = 'Agrícola del Valle', clabe?: string) {
  const response = await customer.call('POST', 'payment-recipient/', {
    sName: name,
    sEmail: 'pagos@valle.mx',
    sBankName: 'BBVA MEXICO',
    sAccountNumber: clabe ?? '032180000118359719',
    sTaxId: 'SAT970701NN3',
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ paymentRecipient: { sPaymentRecipientId: string } }>(response).paymentRecipient
    .sPaymentRecipientId;
}

function invoiceBody(supplierId: string, overrides: Record<string, unknown> = {}) {
  return {
    dPurchaseDate: '2026-11-10',
    sPaymentRecipientId: supplierId,
    sInvoice: 'F-1001',
    dTotalAmount: 500000,
    dRateProtection: 19,
    iCreditPeriod: 30,
    ...overrides,
  };
}

async function addInvoice(
  customer: Customer,
  supplierId: string,
  overrides: Record<string, unknown> = {},
): Promise<ApiInvoice> {
  const response = await customer.call('POST', 'invoices/', invoiceBody(supplierId, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return json<{ invoice: ApiInvoice }>(response).invoice;
}

async function list(customer: Customer, body: Record<string, unknown> = {}): Promise<ListAnswer> {
  const response = await customer.call('POST', 'invoices/invoices', body);
  expect(response.statusCode, response.body).toBe(200);
  return json<ListAnswer>(response);
}

async function invoiceRow(id: string) {
  return t.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A conversion of the enterprise covering `amount` of the invoice at `rate` (test fixture). */
async function coverWithConversion(
  customer: Customer,
  invoiceId: string,
  amount: string,
  rate: string,
): Promise<string> {
  const id = randomUUID();
  const mxn = parseMoney(amount);
  const rateMicro = parseRate(rate);
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('conversions')
      .values({
        id,
        enterprise_id: customer.enterpriseId,
        type: 'FOREX',
        status: 'ACTIVE',
        usd_cents: convertMxnToUsd(mxn, rateMicro),
        mxn_cents: mxn,
        rate_micro: rateMicro,
        quote_id: null,
        forward_date: null,
        created_at: t.clock.now(),
        settled_at: null,
      })
      .execute();
    await trx
      .insertInto('conversion_invoices')
      .values({
        conversion_id: id,
        invoice_id: invoiceId,
        enterprise_id: customer.enterpriseId,
        amount_mxn: mxn,
        created_at: t.clock.now(),
      })
      .execute();
    await t.app.finance.invoices.changeAssigned(trx, invoiceId, mxn);
  });
  return id;
}

/** A PAY_NOW payment (no conversion) paying `amount` of the invoice at `rate` (test fixture). */
async function payNow(
  customer: Customer,
  supplierId: string,
  invoiceId: string,
  amount: string,
  rate: string,
): Promise<void> {
  const mxn = parseMoney(amount);
  const rateMicro = parseRate(rate);
  await t.db.transaction().execute(async (trx) => {
    const journalId = randomUUID();
    await trx
      .insertInto('journals')
      .values({
        id: journalId,
        enterprise_id: customer.enterpriseId,
        kind: 'PAY_NOW',
        description: 'test',
        reference: null,
        quote_id: null,
        rate_micro: rateMicro,
        created_at: t.clock.now(),
      })
      .execute();
    const paymentId = randomUUID();
    await trx
      .insertInto('payments')
      .values({
        id: paymentId,
        enterprise_id: customer.enterpriseId,
        type: 'PAY_NOW',
        status: 'COMPLETED',
        payment_recipient_id: supplierId,
        conversion_id: null,
        amount_mxn: mxn,
        amount_usd: convertMxnToUsd(mxn, rateMicro),
        rate_micro: rateMicro,
        concept: 'test',
        tracking_key: `TEST${paymentId.slice(0, 8)}`,
        journal_id: journalId,
        created_at: t.clock.now(),
        completed_at: t.clock.now(),
        paid_clabe: '012180001234567897',
        paid_bank_name: 'BBVA MEXICO',
        paid_beneficiary_name: 'Test supplier',
      })
      .execute();
    await trx
      .insertInto('payment_invoices')
      .values({ payment_id: paymentId, invoice_id: invoiceId, amount_mxn: mxn })
      .execute();
    await t.app.finance.invoices.changeAssigned(trx, invoiceId, mxn);
    await t.app.finance.invoices.changePaid(trx, invoiceId, mxn);
  });
}

function expectError(
  response: { statusCode: number; json(): unknown },
  status: number,
  code: string,
  field?: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject(field ? { code, field } : { code });
}

describe(`invoices on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('serves the status catalog in the request language', async () => {
    const customer = await newCustomer(t);
    const en = await customer.call('GET', 'catalog/statuses');
    expect(en.statusCode).toBe(200);
    const body = json<{
      invoiceStatuses: Array<{ sStatusId: string; sName: string; sKey: string }>;
      transactionTypes: Array<{ sTransactionTypeId: string; sKey: string }>;
    }>(en);
    expect(body.invoiceStatuses).toContainEqual({
      sStatusId: INVOICE_STATUS_IDS.TO_PAY,
      sName: 'To pay',
      sKey: 'TO_PAY',
    });
    expect(body.transactionTypes.map((type) => type.sKey)).toEqual(['FOREX', 'FORWARD', 'PAY_NOW']);
    const sp = json<typeof body>(
      await customer.call('GET', 'catalog/statuses', undefined, { lang: 'sp' }),
    );
    expect(sp.invoiceStatuses.find((status) => status.sKey === 'TO_PAY')?.sName).toBe('Por pagar');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/en/catalog/statuses' });
    expect(anonymous.statusCode).toBe(403);
  });

  it('registers an invoice with its due date, masked CLABE and today valuation', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const invoice = await addInvoice(customer, supplierId, {
      dPurchaseDate: '2026-12-15',
      iCreditPeriod: 30,
      dTotalAmount: '1234.56',
      dRateProtection: '19.123456',
      contactData: { sName: 'legacy', create: false },
    });
    expect(invoice).toMatchObject({
      sInvoice: 'F-1001',
      sPaymentRecipientId: supplierId,
      sName: 'Agrícola del Valle',
      sAccountNumber: '********9719',
      dPurchaseDate: '2026-12-15',
      iCreditPeriod: 30,
      dDueDate: '2027-01-14',
      dTotalAmount: 1234.56,
      dAssignedAmount: 0,
      dPaidAmount: 0,
      dRateProtection: 19.123456,
      sStatusId: INVOICE_STATUS_IDS.TO_PAY,
      created_at: t.clock.now().toISOString(),
    });
    const row = await invoiceRow(invoice.sInvoiceId);
    expect(row).toMatchObject({ total_mxn: 123456n, rate_protection_micro: 19_123_456n });
    const zeroCredit = await addInvoice(customer, supplierId, {
      dPurchaseDate: '2028-02-29',
      iCreditPeriod: 0,
    });
    expect(zeroCredit.dDueDate).toBe('2028-02-29');
    const leap = await addInvoice(customer, supplierId, {
      dPurchaseDate: '2028-02-28',
      iCreditPeriod: 1,
    });
    expect(leap.dDueDate).toBe('2028-02-29');
  });

  it('values the DOMAIN.md example: 500,000 MXN protected at 19.00, quote 18.40', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const invoice = await addInvoice(customer, supplierId);
    const described = await t.app.finance.invoices.describeInvoices(
      t.db,
      customer.enterpriseId,
      [invoice.sInvoiceId, 'not-a-uuid', UNKNOWN_ID],
      parseRate('18.40'),
    );
    expect(described.size).toBe(1);
    expect(described.get(invoice.sInvoiceId)).toMatchObject({
      dTotalUsd: 27173.91,
      dCurrencyGain: -858.12,
      dProfitPercentage: -3.26,
    });
    // Budget 26,315.79 = actual + gain.
    const answer = described.get(invoice.sInvoiceId);
    expect(parseMoney(answer?.dTotalUsd ?? 0) + parseMoney(answer?.dCurrencyGain ?? 0)).toBe(
      parseMoney('26315.79'),
    );
    // Another enterprise's describe finds nothing.
    const other = await newCustomer(t);
    const theirs = await t.app.finance.invoices.describeInvoices(
      t.db,
      other.enterpriseId,
      [invoice.sInvoiceId],
      parseRate('18.40'),
    );
    expect(theirs.size).toBe(0);
  });

  it('lists newest first with a live quote reference and totalProfit over the filter', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const first = await addInvoice(customer, supplierId, { sInvoice: 'A' });
    t.clock.advanceMinutes(1);
    const second = await addInvoice(customer, supplierId, { sInvoice: 'B', dTotalAmount: 1000 });
    t.clock.advanceMinutes(1);
    await addInvoice(customer, supplierId, {
      sInvoice: 'C',
      dTotalAmount: 250.55,
      dRateProtection: 17.5,
    });

    const answer = await list(customer);
    expect(answer.invoices.map((invoice) => invoice.sInvoice)).toEqual(['C', 'B', 'A']);
    const quote = await t.db
      .selectFrom('quotes')
      .selectAll()
      .where('id', '=', answer.exchangeRateTodayReference)
      .executeTakeFirstOrThrow();
    expect(quote.enterprise_id).toBe(customer.enterpriseId);
    expect(answer.exchangeRateToday).toBe(rateToNumber(quote.rate_micro));
    expect(answer.quoteExpiresAt).toBe(quote.expires_at.toISOString());
    expect(new Date(answer.quoteExpiresAt).getTime()).toBeGreaterThan(t.clock.now().getTime());

    // Each row at today's quote, and the total is their sum.
    const expected = [first, second].map((invoice) => invoice.sInvoiceId);
    const described = await t.app.finance.invoices.describeInvoices(
      t.db,
      customer.enterpriseId,
      expected,
      quote.rate_micro,
    );
    expect(answer.invoices.find((row) => row.sInvoice === 'A')).toEqual(
      described.get(first.sInvoiceId),
    );
    const sum = answer.invoices.reduce((total, row) => total + parseMoney(row.dCurrencyGain), 0n);
    expect(answer.totalProfit).toBe(moneyToNumber(sum));

    // A page carries the profit of the whole filter.
    const page = await list(customer, { page: 2, limit: 2 });
    expect(page.invoices.map((invoice) => invoice.sInvoice)).toEqual(['A']);
    expect(page.totalProfit).toBe(answer.totalProfit);
    expect((await list(customer, { page: 3, limit: 2 })).invoices).toEqual([]);
  });

  it('orders every page by the asked column and counts the whole filter', async () => {
    const customer = await newCustomer(t);
    const valle = await addSupplier(customer, 'Valle');
    const bajio = await addSupplier(customer, 'Bajío', makeClabe('072', '180', '00123456789'));
    const specs = [
      { sInvoice: 'A', dTotalAmount: 1000, dRateProtection: 18.2, iCreditPeriod: 10 },
      { sInvoice: 'B', dTotalAmount: 250.55, dRateProtection: 21, iCreditPeriod: 45 },
      // The largest total the bound (100,000,000.00) allows sorts as a number, not as text.
      { sInvoice: 'C', dTotalAmount: 99_999_999.07, dRateProtection: 17.3, iCreditPeriod: 0 },
      { sInvoice: 'D', dTotalAmount: 500000, dRateProtection: 19, iCreditPeriod: 30 },
      { sInvoice: 'E', dTotalAmount: 7777.77, dRateProtection: 16.9, iCreditPeriod: 90 },
    ];
    const created: ApiInvoice[] = [];
    for (const [index, spec] of specs.entries()) {
      created.push(await addInvoice(customer, index % 2 === 0 ? valle : bajio, spec));
      t.clock.advanceMinutes(1);
    }
    // One partly covered invoice takes the exact path with its conversion's rate.
    await coverWithConversion(customer, created[3]!.sInvoiceId, '123456.78', '18.3');

    const all = await list(customer);
    expect(all.total).toBe(5);
    expect(all.invoices.map((row) => row.sInvoice)).toEqual(['E', 'D', 'C', 'B', 'A']);
    const sum = all.invoices.reduce((total, row) => total + parseMoney(row.dCurrencyGain), 0n);
    expect(all.totalProfit).toBe(moneyToNumber(sum));

    const byNumber = (key: 'dTotalAmount' | 'dCurrencyGain' | 'dProfitPercentage') =>
      [...all.invoices].sort((a, b) => a[key] - b[key]).map((row) => row.sInvoice);
    const pages = async (sortBy: string, sortDirection: 'asc' | 'desc') => {
      const names: string[] = [];
      for (const page of [1, 2, 3]) {
        const answer = await list(customer, { sortBy, sortDirection, page, limit: 2 });
        expect(answer.total).toBe(5);
        names.push(...answer.invoices.map((row) => row.sInvoice));
      }
      return names;
    };
    expect(await pages('dTotalAmount', 'asc')).toEqual(byNumber('dTotalAmount'));
    expect(await pages('dCurrencyGain', 'asc')).toEqual(byNumber('dCurrencyGain'));
    expect(await pages('dProfitPercentage', 'desc')).toEqual(
      byNumber('dProfitPercentage').reverse(),
    );
    expect(await pages('iCreditPeriod', 'desc')).toEqual(['E', 'B', 'D', 'A', 'C']);
    // Equal supplier names keep newest first.
    expect(await pages('sName', 'asc')).toEqual(['D', 'B', 'E', 'C', 'A']);
    expect(await pages('sInvoice', 'asc')).toEqual(['A', 'B', 'C', 'D', 'E']);

    const filtered = await list(customer, { sPaymentRecipientId: bajio, limit: 1 });
    expect(filtered.total).toBe(2);
    expect(filtered.invoices.map((row) => row.sInvoice)).toEqual(['D']);

    for (const body of [{ sortBy: 'dTotalUsd' }, { sortBy: 'id' }, { sortDirection: 'up' }]) {
      const response = await customer.call('POST', 'invoices/invoices', body);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ code: 'INVALID_INPUT', field: Object.keys(body)[0] });
    }
  });

  it('filters by supplier and by status, refusing unknown ones', async () => {
    const customer = await newCustomer(t);
    const one = await addSupplier(customer, 'Uno');
    const two = await addSupplier(customer, 'Dos', makeClabe('072', '180', '00123456789'));
    const a = await addInvoice(customer, one, { sInvoice: 'A', dTotalAmount: 1000 });
    await addInvoice(customer, two, { sInvoice: 'B' });
    await coverWithConversion(customer, a.sInvoiceId, '400.00', '18.00');

    const byOne = await list(customer, { sPaymentRecipientId: one });
    expect(byOne.invoices.map((row) => row.sInvoice)).toEqual(['A']);
    expect(byOne.totalProfit).toBe(byOne.invoices[0]?.dCurrencyGain);
    const parcial = await list(customer, { sStatusId: INVOICE_STATUS_IDS.PARCIAL });
    expect(parcial.invoices.map((row) => row.sInvoice)).toEqual(['A']);
    const toPay = await list(customer, { sStatusId: INVOICE_STATUS_IDS.TO_PAY });
    expect(toPay.invoices.map((row) => row.sInvoice)).toEqual(['B']);
    expect(
      (await list(customer, { sStatusId: INVOICE_STATUS_IDS.TO_PAY, sPaymentRecipientId: one }))
        .invoices,
    ).toEqual([]);

    expectError(
      await customer.call('POST', 'invoices/invoices', { sStatusId: 'bogus' }),
      400,
      'INVALID_INPUT',
      'sStatusId',
    );
    for (const id of [UNKNOWN_ID, 'bogus']) {
      expectError(
        await customer.call('POST', 'invoices/invoices', { sPaymentRecipientId: id }),
        404,
        'NOT_FOUND',
        'sPaymentRecipientId',
      );
    }
    for (const body of [{ page: 0 }, { limit: 1001 }, { limit: 'ten' }, { page: 1.5 }]) {
      const response = await customer.call('POST', 'invoices/invoices', body);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ field: Object.keys(body)[0] });
    }
  });

  it('values covered parts at their conversions and PAY_NOW parts at their payments', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const invoice = await addInvoice(customer, supplierId);
    await coverWithConversion(customer, invoice.sInvoiceId, '200000.00', '18.00');
    await coverWithConversion(customer, invoice.sInvoiceId, '100000.00', '18.70');
    await payNow(customer, supplierId, invoice.sInvoiceId, '50000.00', '18.55');
    const today = parseRate('18.40');
    const described = (
      await t.app.finance.invoices.describeInvoices(
        t.db,
        customer.enterpriseId,
        [invoice.sInvoiceId],
        today,
      )
    ).get(invoice.sInvoiceId);
    const actual = coveredActualUsd(
      [
        { mxnCents: parseMoney('200000'), rateMicro: parseRate('18') },
        { mxnCents: parseMoney('100000'), rateMicro: parseRate('18.70') },
        { mxnCents: parseMoney('50000'), rateMicro: parseRate('18.55') },
      ],
      parseMoney('150000'),
      today,
    );
    const gain = currencyGainForActualUsd({
      totalMxnCents: parseMoney('500000'),
      protectedRateMicro: parseRate('19'),
      actualUsd: actual,
    });
    expect(described).toMatchObject({
      dAssignedAmount: 350000,
      dPaidAmount: 50000,
      dTotalUsd: moneyToNumber(actual),
      dCurrencyGain: moneyToNumber(gain.gainUsd),
      dProfitPercentage: gain.profitPercentage,
      sStatusId: INVOICE_STATUS_IDS.PARCIAL,
    });

    // The SQL total of the list agrees with the rows' exact arithmetic.
    await addInvoice(customer, supplierId, {
      sInvoice: 'odd',
      dTotalAmount: 12345.67,
      dRateProtection: 17.777777,
    });
    const other = await addInvoice(customer, supplierId, {
      sInvoice: 'odd2',
      dTotalAmount: 999.99,
    });
    await coverWithConversion(customer, other.sInvoiceId, '333.33', '17.123457');
    const answer = await list(customer);
    const sum = answer.invoices.reduce((total, row) => total + parseMoney(row.dCurrencyGain), 0n);
    expect(answer.totalProfit).toBe(moneyToNumber(sum));
  });

  it('derives the status as amounts change and refuses impossible amounts', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const invoice = await addInvoice(customer, supplierId, { dTotalAmount: 1000 });
    const { invoices } = t.app.finance;
    const step = async (assigned: bigint, paid: bigint, status: InvoiceStatusKey) => {
      await t.db.transaction().execute(async (trx) => {
        if (assigned !== 0n) await invoices.changeAssigned(trx, invoice.sInvoiceId, assigned);
        if (paid !== 0n) await invoices.changePaid(trx, invoice.sInvoiceId, paid);
      });
      expect((await invoiceRow(invoice.sInvoiceId)).status).toBe(status);
    };
    await step(40000n, 0n, 'PARCIAL');
    await step(60000n, 0n, 'ASSIGNED');
    await step(0n, 30000n, 'ASSIGNED');
    await step(0n, 70000n, 'PAID');
    await step(0n, -100000n, 'ASSIGNED');
    await step(-100000n, 0n, 'TO_PAY');

    for (const [assigned, paid] of [
      [100001n, 0n],
      [-1n, 0n],
      [0n, 1n],
      [500n, 501n],
    ] as const) {
      await expect(
        t.db.transaction().execute(async (trx) => {
          if (assigned !== 0n) await invoices.changeAssigned(trx, invoice.sInvoiceId, assigned);
          await invoices.changePaid(trx, invoice.sInvoiceId, paid);
        }),
      ).rejects.toMatchObject({ code: 'INVALID_STATE', field: 'dAmount' });
    }
    expect(await invoiceRow(invoice.sInvoiceId)).toMatchObject({
      assigned_mxn: 0n,
      paid_mxn: 0n,
      status: 'TO_PAY',
    });
    await expect(
      t.db.transaction().execute((trx) => invoices.changeAssigned(trx, UNKNOWN_ID, 1n)),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('edits and deletes To pay invoices only', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const otherSupplier = await addSupplier(
      customer,
      'Otro',
      makeClabe('014', '180', '00000000001'),
    );
    const invoice = await addInvoice(customer, supplierId);

    const edited = await customer.call('PUT', 'invoices/', {
      sInvoiceId: invoice.sInvoiceId,
      ...invoiceBody(otherSupplier, { sInvoice: 'F-2', dTotalAmount: 750.25, iCreditPeriod: 45 }),
    });
    expect(edited.statusCode).toBe(200);
    expect(json<{ invoice: ApiInvoice }>(edited).invoice).toMatchObject({
      sInvoiceId: invoice.sInvoiceId,
      sInvoice: 'F-2',
      sPaymentRecipientId: otherSupplier,
      sName: 'Otro',
      dTotalAmount: 750.25,
      dDueDate: '2026-12-25',
      created_at: invoice.created_at,
    });
    const byId = await customer.call('POST', 'invoices/id', { sInvoiceId: invoice.sInvoiceId });
    expect(byId.statusCode).toBe(200);
    expect(json<{ invoice: ApiInvoice }>(byId).invoice.sInvoice).toBe('F-2');

    const covered = await addInvoice(customer, supplierId, { sInvoice: 'covered' });
    await t.db
      .transaction()
      .execute((trx) => t.app.finance.invoices.changeAssigned(trx, covered.sInvoiceId, 100n));
    const before = await invoiceRow(covered.sInvoiceId);
    expectError(
      await customer.call('PUT', 'invoices/', {
        sInvoiceId: covered.sInvoiceId,
        ...invoiceBody(supplierId, { sInvoice: 'changed' }),
      }),
      409,
      'INVALID_STATE',
    );
    expectError(
      await customer.call('PUT', 'invoices/delete', { sInvoiceId: covered.sInvoiceId }),
      409,
      'INVALID_STATE',
    );
    expect(await invoiceRow(covered.sInvoiceId)).toEqual(before);

    // Deleting a To pay invoice hides it everywhere.
    const deleted = await customer.call('PUT', 'invoices/delete', {
      sInvoiceId: invoice.sInvoiceId,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await invoiceRow(invoice.sInvoiceId)).deleted_at).toBeInstanceOf(Date);
    expect((await list(customer)).invoices.map((row) => row.sInvoice)).toEqual(['covered']);
    for (const [method, path, body] of [
      ['POST', 'invoices/id', { sInvoiceId: invoice.sInvoiceId }],
      ['PUT', 'invoices/delete', { sInvoiceId: invoice.sInvoiceId }],
      ['PUT', 'invoices/', { sInvoiceId: invoice.sInvoiceId, ...invoiceBody(supplierId) }],
    ] as const) {
      expectError(await customer.call(method, path, body), 404, 'NOT_FOUND', 'sInvoiceId');
    }
    expectError(
      await customer.call('POST', 'invoices/id', { sInvoiceId: 'nope' }),
      404,
      'NOT_FOUND',
      'sInvoiceId',
    );
    await expect(
      t.app.finance.invoices.requireInvoice(t.db, customer.enterpriseId, invoice.sInvoiceId),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'sInvoiceId' });
  });

  it('lists a supplier invoices that still have MXN to assign, valued at the given rate', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const otherSupplier = await addSupplier(
      customer,
      'Otro',
      makeClabe('014', '180', '00000000001'),
    );
    const open = await addInvoice(customer, supplierId, { sInvoice: 'open' });
    const partly = await addInvoice(customer, supplierId, { sInvoice: 'partly' });
    const full = await addInvoice(customer, supplierId, { sInvoice: 'full', dTotalAmount: 100 });
    await addInvoice(customer, otherSupplier, { sInvoice: 'other' });
    await coverWithConversion(customer, partly.sInvoiceId, '100000.00', '18.00');
    await coverWithConversion(customer, full.sInvoiceId, '100.00', '18.00');

    const response = await customer.call('POST', 'invoices/supplier', {
      sPaymentRecipientId: supplierId,
      dExchangeRate: 18.4,
    });
    expect(response.statusCode).toBe(200);
    const { invoices } = json<{ invoices: ApiInvoice[] }>(response);
    expect(invoices.map((row) => row.sInvoice).sort()).toEqual(['open', 'partly']);
    expect(invoices.find((row) => row.sInvoiceId === open.sInvoiceId)).toMatchObject({
      dCurrencyGain: -858.12,
      dProfitPercentage: -3.26,
    });
    const partlyGain = currencyGainForActualUsd({
      totalMxnCents: parseMoney('500000'),
      protectedRateMicro: parseRate('19'),
      actualUsd: coveredActualUsd(
        [{ mxnCents: parseMoney('100000'), rateMicro: parseRate('18') }],
        parseMoney('400000'),
        parseRate('18.4'),
      ),
    });
    expect(invoices.find((row) => row.sInvoiceId === partly.sInvoiceId)?.dCurrencyGain).toBe(
      moneyToNumber(partlyGain.gainUsd),
    );

    for (const [body, status, field] of [
      [{ sPaymentRecipientId: UNKNOWN_ID, dExchangeRate: 18.4 }, 404, 'sPaymentRecipientId'],
      [{ sPaymentRecipientId: supplierId, dExchangeRate: 0 }, 400, 'dExchangeRate'],
      [{ sPaymentRecipientId: supplierId, dExchangeRate: -1 }, 400, 'dExchangeRate'],
      [{ sPaymentRecipientId: supplierId }, 400, 'dExchangeRate'],
      [{ dExchangeRate: 18.4 }, 400, 'sPaymentRecipientId'],
    ] as const) {
      const refused = await customer.call('POST', 'invoices/supplier', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(json(refused)).toMatchObject({ field });
    }
  });

  it('edits an invoice attached to a conversion within what is assigned', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const otherSupplier = await addSupplier(
      customer,
      'Otro',
      makeClabe('014', '180', '00000000001'),
    );
    const invoice = await addInvoice(customer, supplierId, { dTotalAmount: 1000 });
    const conversionId = await coverWithConversion(
      customer,
      invoice.sInvoiceId,
      '1000.00',
      '18.00',
    );
    const loose = await addInvoice(customer, supplierId, { sInvoice: 'loose' });
    const edit = (overrides: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      customer.call('PUT', 'invoices/conversion', {
        sInvoiceId: invoice.sInvoiceId,
        sTransactionId: conversionId,
        exchangeRate: 18,
        ...invoiceBody(supplierId, { dTotalAmount: 1000, ...overrides }),
        ...extra,
      });

    const raised = await edit({ dTotalAmount: 1500, sInvoice: 'F-raised', iCreditPeriod: 10 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(json<{ invoice: ApiInvoice }>(raised).invoice).toMatchObject({
      sInvoice: 'F-raised',
      dTotalAmount: 1500,
      dAssignedAmount: 1000,
      dDueDate: '2026-11-20',
      sStatusId: INVOICE_STATUS_IDS.PARCIAL,
    });
    const back = await edit({ dTotalAmount: 1000 });
    expect(json<{ invoice: ApiInvoice }>(back).invoice.sStatusId).toBe(INVOICE_STATUS_IDS.ASSIGNED);

    const before = await invoiceRow(invoice.sInvoiceId);
    expectError(await edit({ dTotalAmount: 999.99 }), 409, 'INVALID_STATE', 'dTotalAmount');
    expectError(
      await edit({ sPaymentRecipientId: otherSupplier }),
      409,
      'INVALID_STATE',
      'sPaymentRecipientId',
    );
    expectError(await edit({}, { sTransactionId: UNKNOWN_ID }), 404, 'NOT_FOUND', 'sTransactionId');
    expectError(await edit({}, { sTransactionId: 'nope' }), 404, 'NOT_FOUND', 'sTransactionId');
    expectError(
      await edit({}, { sInvoiceId: loose.sInvoiceId }),
      404,
      'NOT_FOUND',
      'sTransactionId',
    );
    expectError(await edit({}, { exchangeRate: 0 }), 400, 'INVALID_INPUT', 'exchangeRate');
    expect(await invoiceRow(invoice.sInvoiceId)).toEqual(before);
  });

  it("keeps enterprises apart: B's ids answer 404 to A on every endpoint and change nothing", async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    const aSupplier = await addSupplier(a);
    const bSupplier = await addSupplier(b, 'De B');
    const bInvoice = await addInvoice(b, bSupplier);
    const bConversion = await coverWithConversion(b, bInvoice.sInvoiceId, '100.00', '18.00');
    const aInvoice = await addInvoice(a, aSupplier);
    const aConversion = await coverWithConversion(a, aInvoice.sInvoiceId, '100.00', '18.00');
    const before = await moneyTableCounts(t);
    const bRow = await invoiceRow(bInvoice.sInvoiceId);

    const attempts: Array<
      [Parameters<Customer['call']>[0], string, Record<string, unknown>, string]
    > = [
      ['POST', 'invoices/invoices', { sPaymentRecipientId: bSupplier }, 'sPaymentRecipientId'],
      ['POST', 'invoices/', invoiceBody(bSupplier), 'sPaymentRecipientId'],
      [
        'PUT',
        'invoices/',
        { sInvoiceId: bInvoice.sInvoiceId, ...invoiceBody(aSupplier) },
        'sInvoiceId',
      ],
      ['PUT', 'invoices/delete', { sInvoiceId: bInvoice.sInvoiceId }, 'sInvoiceId'],
      ['POST', 'invoices/id', { sInvoiceId: bInvoice.sInvoiceId }, 'sInvoiceId'],
      [
        'POST',
        'invoices/supplier',
        { sPaymentRecipientId: bSupplier, dExchangeRate: 18 },
        'sPaymentRecipientId',
      ],
      [
        'PUT',
        'invoices/conversion',
        { sInvoiceId: bInvoice.sInvoiceId, sTransactionId: bConversion, ...invoiceBody(bSupplier) },
        'sInvoiceId',
      ],
      [
        'PUT',
        'invoices/conversion',
        { sInvoiceId: aInvoice.sInvoiceId, sTransactionId: bConversion, ...invoiceBody(aSupplier) },
        'sTransactionId',
      ],
    ];
    for (const [method, path, body, field] of attempts) {
      const response = await a.call(method, path, body);
      expect(response.statusCode, `${method} ${path} ${response.body}`).toBe(404);
      expect(json(response)).toMatchObject({ code: 'NOT_FOUND', field });
    }
    // A's own invoice cannot move to B's supplier either (To pay invoice of A).
    const aToPay = await addInvoice(a, aSupplier, { sInvoice: 'to-pay' });
    expectError(
      await a.call('PUT', 'invoices/', {
        sInvoiceId: aToPay.sInvoiceId,
        ...invoiceBody(bSupplier),
      }),
      404,
      'NOT_FOUND',
      'sPaymentRecipientId',
    );
    expectError(
      await a.call('PUT', 'invoices/conversion', {
        sInvoiceId: aInvoice.sInvoiceId,
        sTransactionId: aConversion,
        ...invoiceBody(bSupplier, { dTotalAmount: 600000 }),
      }),
      409,
      'INVALID_STATE',
      'sPaymentRecipientId',
    );
    expect((await list(a)).invoices.map((row) => row.sInvoiceId)).not.toContain(
      bInvoice.sInvoiceId,
    );
    expect(await invoiceRow(bInvoice.sInvoiceId)).toEqual(bRow);
    expect({ ...(await moneyTableCounts(t)), invoices: before.invoices }).toEqual(before);
  });

  it('refuses bad invoice input with the field and writes nothing', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const before = await moneyTableCounts(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dTotalAmount: -5 }, 'dTotalAmount'],
      [{ dTotalAmount: 0 }, 'dTotalAmount'],
      [{ dTotalAmount: 10.005 }, 'dTotalAmount'],
      [{ dTotalAmount: '1e3' }, 'dTotalAmount'],
      [{ dTotalAmount: true }, 'dTotalAmount'],
      [{ dTotalAmount: undefined }, 'dTotalAmount'],
      [{ dTotalAmount: 1e20 }, 'dTotalAmount'],
      [{ dRateProtection: 0 }, 'dRateProtection'],
      [{ dRateProtection: -19 }, 'dRateProtection'],
      [{ dRateProtection: '19.1234567' }, 'dRateProtection'],
      [{ iCreditPeriod: -1 }, 'iCreditPeriod'],
      [{ iCreditPeriod: 3651 }, 'iCreditPeriod'],
      [{ iCreditPeriod: 1.5 }, 'iCreditPeriod'],
      [{ iCreditPeriod: '30' }, 'iCreditPeriod'],
      [{ dPurchaseDate: '2026-02-30' }, 'dPurchaseDate'],
      [{ dPurchaseDate: '10/11/2026' }, 'dPurchaseDate'],
      [{ dPurchaseDate: 20261110 }, 'dPurchaseDate'],
      [{ sInvoice: '' }, 'sInvoice'],
      [{ sInvoice: 'x'.repeat(121) }, 'sInvoice'],
      [{ sInvoice: ['F-1'] }, 'sInvoice'],
      [{ sPaymentRecipientId: 'x'.repeat(65) }, 'sPaymentRecipientId'],
      [{ sPaymentRecipientId: 42 }, 'sPaymentRecipientId'],
    ];
    for (const [overrides, field] of cases) {
      const response = await customer.call('POST', 'invoices/', invoiceBody(supplierId, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(json(response)).toMatchObject({ code: 'INVALID_INPUT', field });
    }
    expectError(
      await customer.call('POST', 'invoices/', invoiceBody('not-a-uuid')),
      404,
      'NOT_FOUND',
      'sPaymentRecipientId',
    );
    expectError(
      await customer.call('POST', 'invoices/', invoiceBody(UNKNOWN_ID)),
      404,
      'NOT_FOUND',
      'sPaymentRecipientId',
    );
    for (const path of ['invoices/', 'invoices/invoices', 'invoices/id']) {
      const malformed = await t.app.inject({
        method: 'POST',
        url: `/api/v1/en/${path}`,
        headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
        payload: '{"dTotalAmount": 1,',
      });
      expect(malformed.statusCode).toBe(400);
      expect(json(malformed)).toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect(await moneyTableCounts(t)).toEqual(before);

    // Same rules on edit, and the To pay invoice is left as it was.
    const invoice = await addInvoice(customer, supplierId);
    const row = await invoiceRow(invoice.sInvoiceId);
    for (const [overrides, field] of cases.slice(0, 6)) {
      const response = await customer.call('PUT', 'invoices/', {
        sInvoiceId: invoice.sInvoiceId,
        ...invoiceBody(supplierId, overrides),
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ field });
    }
    expectError(
      await customer.call('PUT', 'invoices/', invoiceBody(supplierId)),
      400,
      'INVALID_INPUT',
      'sInvoiceId',
    );
    expect(await invoiceRow(invoice.sInvoiceId)).toEqual(row);
  });
});

describe(`the invoice list's summary cache on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp({ INVOICE_SUMMARY_CACHE_MS: '2000' });
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('reuses the total while nothing changes, and sums again once a change is committed, through the API or not', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const first = await addInvoice(customer, supplierId, { sInvoice: 'A', dTotalAmount: 1000 });
    expect((await list(customer)).total).toBe(1);

    const second = await addInvoice(customer, supplierId, { sInvoice: 'B', dTotalAmount: 2000 });
    const both = await list(customer);
    expect(both.total).toBe(2);
    expect(both.totalProfit).toBe(
      moneyToNumber(parseMoney(first.dCurrencyGain) + parseMoney(second.dCurrencyGain)),
    );
    const edited = await customer.call('PUT', 'invoices/', {
      sInvoiceId: second.sInvoiceId,
      ...invoiceBody(supplierId, { sInvoice: 'B', dTotalAmount: 3000 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list(customer)).totalProfit).toBe(
      moneyToNumber(
        parseMoney(first.dCurrencyGain) +
          parseMoney(json<{ invoice: ApiInvoice }>(edited).invoice.dCurrencyGain),
      ),
    );
    const removed = await customer.call('PUT', 'invoices/delete', {
      sInvoiceId: second.sInvoiceId,
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(customer)).total).toBe(1);

    // Written by someone else (another process, here SQL): its commit raised the list
    // version (migration 0019), so it is seen at once, well within the 2 s.
    await insertInvoice(t, customer.enterpriseId, supplierId, { total: '500.00' });
    const after = await list(customer);
    expect(after.total).toBe(2);
    expect(after.invoices).toHaveLength(2);
  });

  it('shares one sum among lists that arrive together, and sums again after a change', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    await addInvoice(customer, supplierId, { sInvoice: 'A' });
    const second = await addInvoice(customer, supplierId, { sInvoice: 'B' });
    // Services of their own over a database that counts the summing statements.
    const sums = countingStatements(t.db, 'count(*)::text as count');
    const { invoices } = createFinanceServices(
      sums.db,
      loadConfig({ DATA_DIR: 'memory://', INVOICE_SUMMARY_CACHE_MS: '2000' }),
      t.clock.now,
    );
    const page = { page: 1, limit: 1 };

    const together = await Promise.all(
      Array.from({ length: 10 }, () => invoices.list(customer.enterpriseId, page)),
    );
    expect(together.map((answer) => answer.total)).toEqual(Array(10).fill(2));
    expect(sums.count()).toBe(1);

    await invoices.remove(customer.enterpriseId, second.sInvoiceId);
    expect((await invoices.list(customer.enterpriseId, page)).total).toBe(1);
    expect(sums.count()).toBe(2);
    t.clock.advanceSeconds(2);
    await invoices.list(customer.enterpriseId, page);
    expect(sums.count()).toBe(3);
  });
});

describe(`the invoice list's cache on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    // The default: lists are kept by list version and quote (tests keep no summaries).
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  const listVersion = async (enterpriseId: string) =>
    (
      await t.db
        .selectFrom('invoice_list_versions')
        .select('version')
        .where('enterprise_id', '=', enterpriseId)
        .executeTakeFirst()
    )?.version ?? 0n;

  it('answers the same list again without reading the invoices, until a change is committed', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const invoice = await addInvoice(customer, supplierId, { sInvoice: 'A' });
    const reads = countingStatements(t.db, 'as pay_now_parts');
    const { invoices } = createFinanceServices(
      reads.db,
      loadConfig({ DATA_DIR: 'memory://' }),
      t.clock.now,
    );
    const asJson = (answer: unknown) => JSON.stringify(answer);
    const page = { page: 1, limit: 50 };

    const together = await Promise.all(
      Array.from({ length: 10 }, () => invoices.listJson(customer.enterpriseId, page, asJson)),
    );
    expect(new Set(together).size).toBe(1);
    expect(reads.count()).toBe(1);
    await invoices.listJson(customer.enterpriseId, page, asJson);
    expect(reads.count()).toBe(1);
    // Another page, order or filter is another list.
    await invoices.listJson(customer.enterpriseId, { ...page, sortBy: 'sInvoice' }, asJson);
    expect(reads.count()).toBe(2);

    // Committed by someone else (another process, here SQL): read again at once.
    await t.db
      .updateTable('invoices')
      .set({ invoice_name: 'Renamed' })
      .where('id', '=', invoice.sInvoiceId)
      .execute();
    const renamed = JSON.parse(await invoices.listJson(customer.enterpriseId, page, asJson));
    expect(reads.count()).toBe(3);
    expect(renamed.invoices[0].sInvoice).toBe('Renamed');
    // A change not yet committed is not seen, and the list written meanwhile is not reused
    // after its commit.
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('invoices')
        .set({ invoice_name: 'Pending' })
        .where('id', '=', invoice.sInvoiceId)
        .execute();
      if (TEST_ENGINE === 'postgres') {
        const meanwhile = JSON.parse(await invoices.listJson(customer.enterpriseId, page, asJson));
        expect(meanwhile.invoices[0].sInvoice).toBe('Renamed');
      }
    });
    const committed = JSON.parse(await invoices.listJson(customer.enterpriseId, page, asJson));
    expect(committed.invoices[0].sInvoice).toBe('Pending');
  });

  it('shows at once what another process commits to any table the list reads', async () => {
    const customer = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const invoice = await addInvoice(customer, supplierId, {
      sInvoice: 'A',
      dTotalAmount: 10_000,
    });
    const conversionId = await coverWithConversion(customer, invoice.sInvoiceId, '2000.00', '17.5');
    await payNow(customer, supplierId, invoice.sInvoiceId, '1000.00', '18.25');
    const payment = await t.db
      .selectFrom('payment_invoices')
      .select('payment_id')
      .where('invoice_id', '=', invoice.sInvoiceId)
      .executeTakeFirstOrThrow();
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('enterprise_id', '=', customer.enterpriseId)
      .executeTakeFirstOrThrow();

    // Each change, made in SQL as another process would, and undone where it would leave
    // the invoice's amounts inconsistent with its parts.
    const invoiceId = invoice.sInvoiceId;
    const paymentId = payment.payment_id;
    const changes: Array<[string, Array<RawBuilder<unknown>>]> = [
      ['invoices', [sql`update invoices set invoice_name = 'B' where id = ${invoiceId}`]],
      [
        'payment_recipients',
        [sql`update payment_recipients set name = 'Otro' where id = ${supplierId}`],
      ],
      [
        'conversions',
        [sql`update conversions set rate_micro = 19000000 where id = ${conversionId}`],
      ],
      [
        'conversion_invoices',
        [
          sql`update conversion_invoices set amount_mxn = 150000 where invoice_id = ${invoiceId}`,
          sql`update conversion_invoices set amount_mxn = 200000 where invoice_id = ${invoiceId}`,
        ],
      ],
      [
        'payments',
        [
          sql`update payments set status = 'RETURNED' where id = ${paymentId}`,
          sql`update payments set status = 'COMPLETED' where id = ${paymentId}`,
        ],
      ],
      [
        'payment_invoices',
        [
          sql`update payment_invoices set amount_mxn = 50000 where payment_id = ${paymentId}`,
          sql`update payment_invoices set amount_mxn = 100000 where payment_id = ${paymentId}`,
        ],
      ],
      [
        'rate_orders',
        [
          sql`insert into rate_orders (id, enterprise_id, invoice_id, created_by, language,
                target_rate_micro, expires_on, status, created_at)
              values (${randomUUID()}, ${customer.enterpriseId}, ${invoiceId}, ${user.id}, 'en',
                17000000, current_date + 30, 'ACTIVE', now())`,
        ],
      ],
    ];
    for (const [table, statements] of changes) {
      const before = await list(customer);
      const version = await listVersion(customer.enterpriseId);
      for (const [index, statement] of statements.entries()) {
        await statement.execute(t.db);
        const after = await list(customer);
        // The answer is the one the database gives now, not the one kept from before.
        expect(after, `${table} #${index + 1}`).toEqual(
          await t.app.finance.invoices.list(customer.enterpriseId, {}),
        );
        if (index === 0) expect(after, table).not.toEqual(before);
      }
      expect(await listVersion(customer.enterpriseId), table).toBe(
        version + BigInt(statements.length),
      );
    }
  });

  it('raises the version once per transaction and enterprise, and not for what the list does not show', async () => {
    const customer = await newCustomer(t);
    const other = await newCustomer(t);
    const supplierId = await addSupplier(customer);
    const otherSupplierId = await addSupplier(other);
    await addInvoice(customer, supplierId, { sInvoice: 'A' });
    await addInvoice(customer, supplierId, { sInvoice: 'B' });
    await addInvoice(other, otherSupplierId, { sInvoice: 'C' });
    const version = await listVersion(customer.enterpriseId);
    const otherVersion = await listVersion(other.enterpriseId);
    expect(version).toBeGreaterThan(0n);
    await t.db.transaction().execute(async (trx) => {
      await sql`update invoices set invoice_name = invoice_name || '!'
        where enterprise_id = ${customer.enterpriseId}`.execute(trx);
      await sql`update payment_recipients set name = 'Otro' where id = ${supplierId}`.execute(trx);
    });
    expect(await listVersion(customer.enterpriseId)).toBe(version + 1n);
    expect(await listVersion(other.enterpriseId)).toBe(otherVersion);
    // A supplier's e-mail is not in the list.
    await sql`update payment_recipients set email = 'new@example.test' where id = ${supplierId}`.execute(
      t.db,
    );
    expect(await listVersion(customer.enterpriseId)).toBe(version + 1n);
  });
});
