import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeClabe } from '@app/domain';
import {
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
  type Customer,
} from '../../test/finance-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

let t: TestApp;

interface Recipient {
  sPaymentRecipientId: string;
  sName: string;
  sEmail: string;
  sBankName: string;
  sAccountNumber: string;
  sTaxId: string;
  sEntityBusiness: string;
}

const VALID_CLABE = '032180000118359719';

function supplierBody(overrides: Record<string, unknown> = {}) {
  return {
    sName: 'Agrícola del Valle',
    sEmail: 'Pagos@AgricolaValle.mx',
    sBankName: 'BBVA MEXICO',
    sAccountNumber: VALID_CLABE,
    sEntityBusiness: 'COMPANY',
    sTaxId: 'SAT970701NN3',
    ...overrides,
  };
}

async function addSupplier(customer: Customer, overrides: Record<string, unknown> = {}) {
  const response = await customer.call('POST', 'payment-recipient/', supplierBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return json<{ paymentRecipient: Recipient }>(response).paymentRecipient;
}

async function listSuppliers(customer: Customer, query = '') {
  const response = await customer.call('GET', `payment-recipient/${query}`);
  expect(response.statusCode).toBe(200);
  return json<{ paymentRecipients: Recipient[] }>(response).paymentRecipients;
}

describe(`suppliers on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('adds a supplier with its RFC normalized and lists live ones by name', async () => {
    const customer = await newCustomer(t);
    const created = await addSupplier(customer, { sTaxId: ' sat-970701-nn3 ', sName: ' Zeta ' });
    expect(created).toEqual({
      sPaymentRecipientId: expect.any(String),
      sName: 'Zeta',
      sEmail: 'pagos@agricolavalle.mx',
      sBankName: 'BBVA MEXICO',
      sAccountNumber: VALID_CLABE,
      sTaxId: 'SAT970701NN3',
      sEntityBusiness: 'COMPANY',
      // A new supplier is not in a cooling-off: only a changed CLABE starts one.
      dPaymentsHeldUntil: null,
    });
    await addSupplier(customer, {
      sName: 'Alfa',
      sTaxId: 'GODE561231GR8',
      sEntityBusiness: undefined,
      sAccountNumber: '012180026050783858',
    });
    const list = await listSuppliers(customer);
    expect(list.map((row) => row.sName)).toEqual(['Alfa', 'Zeta']);
    expect(list[0]).toMatchObject({ sTaxId: 'GODE561231GR8', sEntityBusiness: 'COMPANY' });
    expect((await listSuppliers(customer, '?page=2&limit=1')).map((row) => row.sName)).toEqual([
      'Zeta',
    ]);
  });

  it('accepts company, person and generic RFCs and a wrong RFC check digit', async () => {
    const customer = await newCustomer(t);
    for (const rfc of ['SAT970701NN3', 'GODE561231GR8', 'XAXX010101000', 'GODE561231GR9']) {
      expect((await addSupplier(customer, { sTaxId: rfc })).sTaxId).toBe(rfc);
    }
  });

  it('refuses a bad CLABE, RFC, e-mail or missing field with the field, writing nothing', async () => {
    const customer = await newCustomer(t);
    const before = await moneyTableCounts(t);
    const changedDigit = '032180000118359718';
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sAccountNumber: changedDigit }, 'sAccountNumber'],
      [{ sAccountNumber: '03218000011835971' }, 'sAccountNumber'],
      [{ sAccountNumber: '03218000011835971X' }, 'sAccountNumber'],
      [{ sAccountNumber: 3218000011835971 }, 'sAccountNumber'],
      [{ sAccountNumber: '' }, 'sAccountNumber'],
      [{ sTaxId: 'SAT970701NN' }, 'sTaxId'],
      [{ sTaxId: 'SAT971301NN3' }, 'sTaxId'],
      [{ sTaxId: 'SA970701NN3' }, 'sTaxId'],
      [{ sTaxId: 'X'.repeat(5000) }, 'sTaxId'],
      [{ sEmail: 'not-an-email' }, 'sEmail'],
      [{ sEmail: undefined }, 'sEmail'],
      [{ sName: '   ' }, 'sName'],
      [{ sName: 'N'.repeat(201) }, 'sName'],
      [{ sName: 12 }, 'sName'],
      [{ sBankName: undefined }, 'sBankName'],
      [{ sBankName: 'B'.repeat(101) }, 'sBankName'],
      [{ sTaxId: undefined }, 'sTaxId'],
      [{ sAccountNumber: undefined }, 'sAccountNumber'],
    ];
    for (const [overrides, field] of cases) {
      const response = await customer.call('POST', 'payment-recipient/', supplierBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(json(response)).toMatchObject({ code: 'INVALID_INPUT', field });
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/payment-recipient/',
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      payload: '{"sName": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await moneyTableCounts(t)).toEqual(before);
    expect(await listSuppliers(customer)).toEqual([]);
  });

  it('edits a supplier with the same checks', async () => {
    const customer = await newCustomer(t);
    const created = await addSupplier(customer);
    const newClabe = makeClabe('072', '180', '00123456789');
    const response = await customer.call('PUT', 'payment-recipient/', {
      sPaymentRecipientId: created.sPaymentRecipientId,
      ...supplierBody({ sName: 'Nuevo nombre', sAccountNumber: newClabe, sBankName: 'BANORTE' }),
    });
    expect(response.statusCode).toBe(200);
    expect(json<{ paymentRecipient: Recipient }>(response).paymentRecipient).toMatchObject({
      sPaymentRecipientId: created.sPaymentRecipientId,
      sName: 'Nuevo nombre',
      sAccountNumber: newClabe,
      sBankName: 'BANORTE',
    });
    const bad = await customer.call('PUT', 'payment-recipient/', {
      sPaymentRecipientId: created.sPaymentRecipientId,
      ...supplierBody({ sAccountNumber: '032180000118359718' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ field: 'sAccountNumber' });
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const missing = await customer.call('PUT', 'payment-recipient/', {
        sPaymentRecipientId: id,
        ...supplierBody(),
      });
      expect(missing.statusCode).toBe(404);
      expect(json(missing)).toMatchObject({ code: 'NOT_FOUND', field: 'sPaymentRecipientId' });
    }
    expect((await listSuppliers(customer))[0]?.sName).toBe('Nuevo nombre');
  });

  it('soft-deletes a supplier: it leaves the list, history stays, no new invoices', async () => {
    const customer = await newCustomer(t);
    const supplier = await addSupplier(customer);
    const invoiceBody = {
      dPurchaseDate: '2026-11-01',
      sPaymentRecipientId: supplier.sPaymentRecipientId,
      sInvoice: 'F-1',
      dTotalAmount: 1000,
      dRateProtection: 19,
      iCreditPeriod: 30,
    };
    const invoice = await customer.call('POST', 'invoices/', invoiceBody);
    expect(invoice.statusCode).toBe(201);

    const deleted = await customer.call('PUT', 'payment-recipient/delete', {
      sPaymentRecipientId: supplier.sPaymentRecipientId,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await listSuppliers(customer)).toEqual([]);
    const row = await t.db
      .selectFrom('payment_recipients')
      .select('deleted_at')
      .where('id', '=', supplier.sPaymentRecipientId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);

    const refused = await customer.call('POST', 'invoices/', { ...invoiceBody, sInvoice: 'F-2' });
    expect(refused.statusCode).toBe(404);
    expect(json(refused)).toMatchObject({ field: 'sPaymentRecipientId' });

    // History stays: the old invoice is still listed with its supplier's name.
    const list = json<{ invoices: Array<{ sInvoice: string; sName: string }> }>(
      await customer.call('POST', 'invoices/invoices', {}),
    ).invoices;
    expect(list.map((row) => [row.sInvoice, row.sName])).toEqual([['F-1', 'Agrícola del Valle']]);

    for (const [method, path, body] of [
      ['PUT', 'payment-recipient/delete', { sPaymentRecipientId: supplier.sPaymentRecipientId }],
      [
        'PUT',
        'payment-recipient/',
        { sPaymentRecipientId: supplier.sPaymentRecipientId, ...supplierBody() },
      ],
    ] as const) {
      const again = await customer.call(method, path, body);
      expect(again.statusCode).toBe(404);
    }
    await expect(
      t.app.finance.suppliers.requireRecipient(
        t.db,
        customer.enterpriseId,
        supplier.sPaymentRecipientId,
        { includeDeleted: true },
      ),
    ).resolves.toMatchObject({ id: supplier.sPaymentRecipientId });
  });

  it("keeps enterprises apart: B's supplier is 404 for A and stays unchanged", async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    const theirs = await addSupplier(b, { sName: 'De B' });
    expect(await listSuppliers(a)).toEqual([]);
    const edit = await a.call('PUT', 'payment-recipient/', {
      sPaymentRecipientId: theirs.sPaymentRecipientId,
      ...supplierBody({ sName: 'Robado' }),
    });
    expect(edit.statusCode).toBe(404);
    expect(json(edit)).toMatchObject({ code: 'NOT_FOUND', field: 'sPaymentRecipientId' });
    const remove = await a.call('PUT', 'payment-recipient/delete', {
      sPaymentRecipientId: theirs.sPaymentRecipientId,
    });
    expect(remove.statusCode).toBe(404);
    await expect(
      t.app.finance.suppliers.requireRecipient(t.db, a.enterpriseId, theirs.sPaymentRecipientId),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'sPaymentRecipientId' });
    expect(await listSuppliers(b)).toEqual([theirs]);
  });

  it('asks for a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/en/payment-recipient/' });
    expect(response.statusCode).toBe(403);
  });
});
