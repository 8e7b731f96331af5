import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeClabe } from '@app/domain';
import { paymentComplement as complement } from '../../test/cfdi-complement.js';
import {
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiInvoice } from '../invoices/invoices.service.js';
import { readCfdiSample, type CfdiSampleFile } from './cfdi-samples.js';
import type { CfdiParseLine } from './cfdi.service.js';

let t: TestApp;

const LIMONES = 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80';
const TOMATES = '0B7E6D52-91A4-4C3F-B8D2-5E1F0A9C7D64';
const CLABE = makeClabe('072', '180', '00012345678');

function limonesComplement(uuid: string, paid: string): string {
  return complement('LCO150820KJ3', 'cfdi40-limones-colima.xml', uuid, paid, [
    { uuid: LIMONES, currency: 'MXN', paid },
  ]);
}

async function setCompanyTaxId(customer: Customer) {
  await t.db
    .updateTable('enterprises')
    .set({ tax_id: '74-3019283' })
    .where('id', '=', customer.enterpriseId)
    .execute();
}

async function parse(customer: Customer, files: Array<[string, string]>, lang = 'en') {
  const response = await customer.call(
    'POST',
    'invoices/cfdi/parse',
    { files: files.map(([sFileName, sContent]) => ({ sFileName, sContent })) },
    { lang: lang as 'en' | 'sp' },
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<{ results: CfdiParseLine[] }>(response).results;
}

/** Imports sample invoices as read, each with a new supplier; answers them by UUID. */
async function importSamples(customer: Customer, names: CfdiSampleFile[]) {
  const lines = await parse(
    customer,
    names.map((name) => [name, readCfdiSample(name)]),
  );
  const response = await customer.call('POST', 'invoices/import', {
    invoices: lines.map((line) => ({
      sUuid: line.sUuid,
      sContent: readCfdiSample(line.sFileName as CfdiSampleFile),
      sInvoice: line.sInvoice,
      dPurchaseDate: line.dPurchaseDate,
      dTotalAmount: line.dTotalAmount,
      dRateProtection: 18.75,
      iCreditPeriod: 30,
      newSupplier: { sName: line.sNombreEmisor, sTaxId: line.sRfcEmisor, sAccountNumber: CLABE },
    })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ invoices: ApiInvoice[] }>(response).invoices;
}

async function payInvoice(customer: Customer, invoiceId: string | undefined) {
  const quote = await spotQuote(t, customer.enterpriseId);
  return customer.call('POST', 'payments/invoice', {
    sInvoiceId: invoiceId,
    sExchangeRateReference: quote.id,
  });
}

async function listInvoices(customer: Customer, filter: Record<string, unknown> = {}) {
  const response = await customer.call('POST', 'invoices/invoices', filter);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ invoices: ApiInvoice[] }>(response).invoices;
}

function applyComplements(customer: Customer, contents: string[], lang: 'en' | 'sp' = 'en') {
  return customer.call(
    'POST',
    'invoices/payment-complements',
    { complements: contents.map((sContent) => ({ sContent })) },
    { lang },
  );
}

describe(`payment complements on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('marks a PPD payment due until a matching complement is imported; a mismatch is flagged', async () => {
    const customer = await newCustomer(t, { usd: '30000.00' });
    await setCompanyTaxId(customer);
    const [limones, berries] = await importSamples(customer, [
      'cfdi40-limones-colima.xml',
      'cfdi33-berries-jalisco.xml',
    ]);
    for (const invoice of [limones, berries]) {
      const paid = await payInvoice(customer, invoice?.sInvoiceId);
      expect(paid.statusCode, paid.body).toBe(201);
    }
    const byId = (invoices: ApiInvoice[], id: string | undefined) =>
      invoices.find((invoice) => invoice.sInvoiceId === id);
    let invoices = await listInvoices(customer);
    expect(byId(invoices, limones?.sInvoiceId)?.paymentComplements).toEqual({
      iDue: 1,
      dDueAmount: 135012.5,
      iMismatched: 0,
    });
    // A PUE invoice was paid at once: no complement is due for it.
    expect(byId(invoices, berries?.sInvoiceId)?.paymentComplements.iDue).toBe(0);
    const due = await listInvoices(customer, { bComplementDue: true });
    expect(due.map((invoice) => invoice.sInvoiceId)).toEqual([limones?.sInvoiceId]);

    // A complement for another amount: read as READY, shown as a mismatch with both amounts.
    const wrong = limonesComplement('C0000000-0000-4000-8000-000000000001', '100000.00');
    const [review] = await parse(customer, [['pago-1.xml', wrong]], 'sp');
    expect(review).toMatchObject({ sStatus: 'READY', sKind: 'PAYMENT_COMPLEMENT' });
    expect(review?.aPayments).toEqual([
      {
        sRelatedUuid: LIMONES,
        sRelatedInvoiceId: limones?.sInvoiceId,
        sInvoice: 'LC-2031',
        sCurrency: 'MXN',
        dAmount: 100000,
        dAmountMxn: 100000,
        sMatch: 'MISMATCH',
        dPaymentAmount: 135012.5,
        sMessage:
          'El complemento dice que se pagaron 100000.00 MXN de la factura LC-2031, pero el pago registrado aquí es de 135012.50 MXN. Se guardará marcado como diferencia; pide al proveedor un complemento corregido.',
      },
    ]);
    const flagged = await applyComplements(customer, [wrong]);
    expect(flagged.statusCode, flagged.body).toBe(201);
    invoices = await listInvoices(customer);
    expect(byId(invoices, limones?.sInvoiceId)?.paymentComplements).toEqual({
      iDue: 1,
      dDueAmount: 135012.5,
      iMismatched: 1,
    });
    let cfdi = await customer.call('GET', `invoices/${limones?.sInvoiceId}/cfdi`);
    expect(json(cfdi)).toMatchObject({
      cfdi: {
        sUuid: LIMONES,
        sMetodoPago: 'PPD',
        aPayments: [{ dAmount: 135012.5, sComplement: 'MISMATCH', dComplementAmount: 100000 }],
      },
    });

    // The right complement settles the payment: nothing is due any more.
    const right = limonesComplement('C0000000-0000-4000-8000-000000000002', '135012.50');
    const [ok] = await parse(customer, [['pago-2.xml', right]]);
    expect(ok?.aPayments[0]).toMatchObject({ sMatch: 'MATCHED', sMessage: null });
    const matched = await applyComplements(customer, [right]);
    expect(matched.statusCode, matched.body).toBe(201);
    expect(json(matched)).toMatchObject({
      complements: [{ aPayments: [{ sMatch: 'MATCHED', dPaymentAmount: 135012.5 }] }],
    });
    invoices = await listInvoices(customer);
    expect(byId(invoices, limones?.sInvoiceId)?.paymentComplements.iDue).toBe(0);
    expect(await listInvoices(customer, { bComplementDue: true })).toEqual([]);
    cfdi = await customer.call('GET', `invoices/${limones?.sInvoiceId}/cfdi`);
    expect(json(cfdi)).toMatchObject({
      cfdi: { aPayments: [{ sComplement: 'MATCHED', dComplementAmount: 135012.5 }] },
    });

    // The same complement again is a duplicate, at review and at import.
    const [again] = await parse(customer, [['pago-2.xml', right]]);
    expect(again).toMatchObject({ sStatus: 'DUPLICATE', sReasonCode: 'ALREADY_IMPORTED' });
    const twice = await applyComplements(customer, [right]);
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toMatchObject({ code: 'DUPLICATE_CFDI' });
  });

  it('matches a USD invoice’s complement through EquivalenciaDR', async () => {
    const customer = await newCustomer(t, { usd: '20000.00' });
    await setCompanyTaxId(customer);
    const [tomates] = await importSamples(customer, ['cfdi40-tomates-sinaloa-usd.xml']);
    expect(tomates?.dTotalAmount).toBe(131011.33);
    const paid = await payInvoice(customer, tomates?.sInvoiceId);
    expect(paid.statusCode, paid.body).toBe(201);
    const usd = complement(
      'TSI110611ZX7',
      'cfdi40-tomates-sinaloa-usd.xml',
      'C0000000-0000-4000-8000-000000000003',
      '131011.33',
      [{ uuid: TOMATES, currency: 'USD', paid: '7100.00', equivalence: '0.0541937861' }],
    );
    const [line] = await parse(customer, [['pago-usd.xml', usd]]);
    expect(line?.aPayments[0]).toMatchObject({
      sCurrency: 'USD',
      dAmount: 7100,
      dAmountMxn: 131011.33,
      sMatch: 'MATCHED',
    });
    expect((await applyComplements(customer, [usd])).statusCode).toBe(201);
    const [invoice] = await listInvoices(customer);
    expect(invoice?.paymentComplements.iDue).toBe(0);
  });

  it("refuses a complement naming another company's invoice, and a PPD invoice unpaid owes none", async () => {
    const owner = await newCustomer(t, { usd: '20000.00' });
    const other = await newCustomer(t);
    for (const customer of [owner, other]) await setCompanyTaxId(customer);
    const [limones] = await importSamples(owner, ['cfdi40-limones-colima.xml']);
    // Not paid yet: nothing is due.
    expect((await listInvoices(owner))[0]?.paymentComplements.iDue).toBe(0);
    expect(await listInvoices(owner, { bComplementDue: true })).toEqual([]);

    const before = await moneyTableCounts(t);
    const foreign = limonesComplement('C0000000-0000-4000-8000-000000000004', '135012.50');
    const [refused] = await parse(other, [['pago.xml', foreign]], 'sp');
    expect(refused).toMatchObject({
      sStatus: 'REFUSED',
      sReasonCode: 'COMPLEMENT_UNKNOWN_INVOICE',
      aPayments: [],
    });
    expect(refused?.sReason).toContain(`relaciona la factura ${LIMONES}`);
    const applied = await applyComplements(other, [foreign]);
    expect(applied.statusCode).toBe(422);
    expect(json(applied)).toMatchObject({ code: 'CFDI_NOT_VERIFIED' });
    // A complement edited after it was sealed does not verify.
    const edited = foreign.replace('ImpPagado="135012.50"', 'ImpPagado="13501.25"');
    const [badSeal] = await parse(owner, [['pago.xml', edited]]);
    expect(badSeal).toMatchObject({ sStatus: 'REFUSED', sReasonCode: 'BAD_SEAL' });
    expect((await applyComplements(owner, [edited])).statusCode).toBe(422);
    expect(await moneyTableCounts(t)).toEqual(before);
    expect(await t.db.selectFrom('cfdi_complement_documents').selectAll().execute()).toEqual([]);

    // A complement for a payment not made here is kept, flagged with no payment.
    const early = await applyComplements(owner, [foreign]);
    expect(early.statusCode, early.body).toBe(201);
    expect(json(early)).toMatchObject({
      complements: [{ aPayments: [{ sMatch: 'MISMATCH', dPaymentAmount: null }] }],
    });
    const cfdi = await owner.call('GET', `invoices/${limones?.sInvoiceId}/cfdi`);
    expect(json(cfdi)).toMatchObject({
      cfdi: {
        aPayments: [],
        aUnmatchedComplements: [{ dAmount: 135012.5, dPaidOn: '2026-11-20' }],
      },
    });
  });
});
