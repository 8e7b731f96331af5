import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, type Customer } from '../../test/finance-fixtures.js';
import { insertSupplier } from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiInvoice } from './invoices.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function invoiceBody(supplierId: string, total: number | string) {
  return {
    dPurchaseDate: '2026-11-10',
    sPaymentRecipientId: supplierId,
    sInvoice: 'F-BOUND',
    dTotalAmount: total,
    dRateProtection: 19,
    iCreditPeriod: 30,
  };
}

async function invoiceCount(customer: Customer): Promise<number> {
  const row = await t.db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('enterprise_id', '=', customer.enterpriseId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe(`invoice totals have an upper bound (${TEST_ENGINE})`, () => {
  it('refuses a total above 100,000,000.00 with a clear message in each language, writing nothing', async () => {
    const customer = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId, { name: 'Limones Colima' });
    for (const [lang, message] of [
      ['en', /above the largest allowed, 100,000,000\.00/],
      ['sp', /pasa del máximo permitido de 100,000,000\.00/],
    ] as const) {
      const refused = await customer.call(
        'POST',
        'invoices/',
        invoiceBody(supplierId, 1_000_000_000_000),
        { lang },
      );
      expect(refused.statusCode, refused.body).toBe(400);
      const body = json<{ code: string; field: string; message: string }>(refused);
      expect(body).toMatchObject({ code: 'INVALID_INPUT', field: 'dTotalAmount' });
      expect(body.message).toMatch(message);
    }
    const justOver = await customer.call(
      'POST',
      'invoices/',
      invoiceBody(supplierId, '100000000.01'),
    );
    expect(justOver.statusCode, justOver.body).toBe(400);
    expect(await invoiceCount(customer)).toBe(0);
  });

  it('takes a total of exactly 100,000,000.00, and refuses an edit past it', async () => {
    const customer = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId, { name: 'Limones Colima' });
    const created = await customer.call(
      'POST',
      'invoices/',
      invoiceBody(supplierId, '100000000.00'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const invoice = json<{ invoice: ApiInvoice }>(created).invoice;
    expect(invoice.dTotalAmount).toBe(100_000_000);

    const edited = await customer.call('PUT', 'invoices/', {
      sInvoiceId: invoice.sInvoiceId,
      ...invoiceBody(supplierId, 1_000_000_000),
    });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(json(edited)).toMatchObject({ code: 'INVALID_INPUT', field: 'dTotalAmount' });
    const row = await t.db
      .selectFrom('invoices')
      .select('total_mxn')
      .where('id', '=', invoice.sInvoiceId)
      .executeTakeFirstOrThrow();
    expect(row.total_mxn).toBe(10_000_000_000n);
  });
});
