import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeClabe, rateToNumber, TRANSACTION_TYPE_IDS } from '@app/domain';
import {
  expectLedgerSound,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiInvoice } from '../invoices/invoices.service.js';
import { readCfdiSample } from './cfdi-samples.js';
import type { CfdiParseLine } from './cfdi.service.js';

let t: TestApp;

const LIMONES = 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80';

/** Imports the Limones Colima sample (135,012.50 MXN) with a new supplier. */
async function importLimones(customer: Customer): Promise<ApiInvoice> {
  await t.db
    .updateTable('enterprises')
    .set({ tax_id: '74-3019283' })
    .where('id', '=', customer.enterpriseId)
    .execute();
  const content = readCfdiSample('cfdi40-limones-colima.xml');
  const parsed = await customer.call('POST', 'invoices/cfdi/parse', {
    files: [{ sFileName: 'limones.xml', sContent: content }],
  });
  const [line] = json<{ results: CfdiParseLine[] }>(parsed).results;
  const response = await customer.call('POST', 'invoices/import', {
    invoices: [
      {
        sUuid: line?.sUuid,
        sContent: content,
        sInvoice: line?.sInvoice,
        dPurchaseDate: line?.dPurchaseDate,
        dTotalAmount: line?.dTotalAmount,
        dRateProtection: 18.75,
        iCreditPeriod: 30,
        newSupplier: {
          sName: line?.sNombreEmisor,
          sTaxId: line?.sRfcEmisor,
          sAccountNumber: makeClabe('072', '180', '00012345678'),
        },
      },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ invoices: ApiInvoice[] }>(response).invoices[0] as ApiInvoice;
}

/** What the cfdi.sat-status job records when the issuer cancels the CFDI after import. */
async function cancelAtSat() {
  await t.db
    .updateTable('cfdi_imports')
    .set({ sat_status: 'CANCELADO', sat_checked_at: t.clock.now() })
    .where('uuid', '=', LIMONES)
    .execute();
}

async function forex(customer: Customer, usd: number) {
  const quote = await spotQuote(t, customer.enterpriseId);
  const response = await customer.call('POST', 'transactions/', {
    sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
    dAmount: usd,
    dExchangeRate: rateToNumber(quote.rateMicro),
    referenceExchangeRate: quote.id,
    bExternal: false,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ transaction: { sTransactionId: string } }>(response).transaction.sTransactionId;
}

describe(`a CFDI cancelled since import on every pay path on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('stops the batch item, the conversion from the invoice and attaching it', async () => {
    const customer = await newCustomer(t, { usd: '20000.00' });
    const invoice = await importLimones(customer);
    await cancelAtSat();
    const quote = await spotQuote(t, customer.enterpriseId);
    const batch = await customer.call('POST', 'payments/batch', {
      sExchangeRateReference: quote.id,
      items: [{ sInvoiceId: invoice.sInvoiceId }],
    });
    expect(batch.statusCode, batch.body).toBe(201);
    expect(json(batch)).toMatchObject({
      batch: { items: [{ sStatus: 'FAILED', code: 'CFDI_CANCELLED' }] },
    });

    const converted = await customer.call('POST', 'transactions/createTransactionFromInvoice', {
      sInvoiceId: invoice.sInvoiceId,
      sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
      dExchangeRate: rateToNumber(quote.rateMicro),
      referenceExchangeRate: quote.id,
      bExternal: false,
    });
    expect(converted.statusCode, converted.body).toBe(409);
    expect(json(converted)).toMatchObject({ code: 'CFDI_CANCELLED', field: 'sInvoiceId' });

    const conversionId = await forex(customer, 8000);
    const attached = await customer.call('POST', 'transactions/invoice', {
      sTransactionId: conversionId,
      invoices: [{ sInvoiceId: invoice.sInvoiceId, dAmount: 1000 }],
    });
    expect(attached.statusCode, attached.body).toBe(409);
    expect(json(attached)).toMatchObject({
      code: 'CFDI_CANCELLED',
      field: 'invoices.0.sInvoiceId',
    });
    const [after] = json<{ invoices: ApiInvoice[] }>(
      await customer.call('POST', 'invoices/invoices', {}),
    ).invoices;
    expect(after).toMatchObject({ dAssignedAmount: 0, dPaidAmount: 0 });
  });

  it("stops paying a conversion's invoice cancelled after it was attached", async () => {
    const customer = await newCustomer(t, { usd: '20000.00' });
    const invoice = await importLimones(customer);
    const conversionId = await forex(customer, 8000);
    const attached = await customer.call('POST', 'transactions/invoice', {
      sTransactionId: conversionId,
      invoices: [{ sInvoiceId: invoice.sInvoiceId, dAmount: 1000 }],
    });
    expect(attached.statusCode, attached.body).toBe(200);
    await cancelAtSat();
    const paid = await customer.call('POST', 'payments/', {
      sTransactionId: conversionId,
      sPaymentRecipientId: invoice.sPaymentRecipientId,
      isMxn: true,
      dAmount: 1000,
      comment: 'Factura LC-2031',
    });
    expect(paid.statusCode, paid.body).toBe(409);
    expect(json(paid)).toMatchObject({ code: 'CFDI_CANCELLED' });
    expect(await t.db.selectFrom('payments').select('id').execute()).toEqual([]);
  });
});
