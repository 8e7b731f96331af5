import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  expectLedgerSound,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { insertSupplier } from '../../test/payment-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiBatch } from './batch-payments.service.js';
import type { ApiPayment } from './payment.view.js';
import type { SpeiProof } from './spei-proof.js';

let t: TestApp;

/** The text of a PDF as pdftotext (poppler) reads it. */
function pdfToText(base64: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'spei-proof-'));
  const file = join(dir, 'proof.pdf');
  writeFileSync(file, Buffer.from(base64, 'base64'));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function payOne(customer: Customer, supplierId: string): Promise<ApiPayment> {
  const quote = await spotQuote(t, customer.enterpriseId);
  const response = await customer.call('POST', 'payments/batch', {
    sExchangeRateReference: quote.id,
    items: [{ sPaymentRecipientId: supplierId, dDesAmount: 48250.75, comment: 'Factura LC-2031' }],
  });
  expect(response.statusCode, response.body).toBe(201);
  const payment = json<{ batch: ApiBatch }>(response).batch.items[0]?.payment;
  if (!payment) throw new Error('no payment');
  return payment;
}

describe(`SPEI evidence on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('proves a liquidated payout: parties, masked CLABE, amount, dates and tracking key', async () => {
    const customer = await newCustomer(t, { usd: '10000' });
    await t.db
      .updateTable('enterprises')
      .set({ name: 'Importadora Río Grande LLC', tax_id: '74-3019283' })
      .where('id', '=', customer.enterpriseId)
      .execute();
    const supplierId = await insertSupplier(t, customer.enterpriseId, { name: 'Limones Colima' });
    const payment = await payOne(customer, supplierId);
    await t.app.finance.payments.completePayout(payment.sPaymentId);

    const response = await customer.call('GET', `payments/${payment.sPaymentId}/spei`);
    expect(response.statusCode).toBe(200);
    const { proof } = json<{ proof: SpeiProof }>(response);
    expect(proof).toMatchObject({
      sTrackingKey: payment.sTrackingKey,
      sStatus: 'COMPLETED',
      sReturnReason: null,
      dAmount: 48250.75,
      sConcept: 'Factura LC-2031',
      issuer: { sName: 'Importadora Río Grande LLC', sTaxId: '74-3019283' },
      payee: { sName: 'Limones Colima', sTaxId: 'AVA010101AB1', sBankName: 'BBVA MEXICO' },
    });
    expect(proof.payee.sAccountNumber).toMatch(/^\*{8}\d{4}$/);
    expect(proof.completed_at).not.toBeNull();

    const pdf = await customer.call('GET', `payments/${payment.sPaymentId}/spei/pdf`, undefined, {
      lang: 'sp',
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfToText(json<{ pdf: { data: string } }>(pdf).pdf.data);
    expect(text).toContain('Comprobante de transferencia SPEI');
    expect(text).toContain(`Clave de rastreo: ${payment.sTrackingKey}`);
    expect(text).toContain('Estado: Liquidada');
    expect(text).toContain('Ordenante (emisor): Importadora Río Grande LLC');
    expect(text).toContain('Beneficiario: Limones Colima');
    expect(text).toContain(`CLABE del beneficiario: ${proof.payee.sAccountNumber}`);
    expect(text).toContain('Monto: $48,250.75 MXN');
    expect(text).toContain('Fecha de liquidación:');
    // The full CLABE never appears.
    const clabe = await t.db
      .selectFrom('payment_recipients')
      .select('clabe')
      .where('id', '=', supplierId)
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(clabe.clabe);
  });

  it('shows the return reason of a returned payout, in the history, the proof and its PDF', async () => {
    const customer = await newCustomer(t, { usd: '10000' });
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const payment = await payOne(customer, supplierId);
    await t.app.finance.payments.returnPayout(
      payment.sPaymentId,
      'Cuenta inexistente (R03: account does not exist)',
    );
    const history = json<{ payments: ApiPayment[] }>(await customer.call('GET', 'payments/'));
    expect(history.payments[0]).toMatchObject({
      sPaymentId: payment.sPaymentId,
      sStatus: 'RETURNED',
      sTrackingKey: payment.sTrackingKey,
      sReturnReason: 'Cuenta inexistente (R03: account does not exist)',
    });
    const pdf = await customer.call('GET', `payments/${payment.sPaymentId}/spei/pdf`);
    const text = pdfToText(json<{ pdf: { data: string } }>(pdf).pdf.data);
    expect(text).toContain('Status: Returned');
    expect(text).toContain('Return reason: Cuenta inexistente (R03: account does not exist)');
    expect(text).not.toContain('Liquidation date');
    const receipt = await customer.call('POST', 'payments/paymentReceipt', {
      sPaymentId: payment.sPaymentId,
    });
    const receiptText = pdfToText(
      json<{ paymentReceipt: { data: string } }>(receipt).paymentReceipt.data,
    );
    expect(receiptText).toContain(payment.sTrackingKey);
    expect(receiptText).toContain(
      'Return reason: Cuenta inexistente (R03: account does not exist)',
    );
  });

  it("answers 404 for another enterprise's payment", async () => {
    const customer = await newCustomer(t, { usd: '10000' });
    const other = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const payment = await payOne(customer, supplierId);
    expect((await other.call('GET', `payments/${payment.sPaymentId}/spei`)).statusCode).toBe(404);
    expect((await other.call('GET', `payments/${payment.sPaymentId}/spei/pdf`)).statusCode).toBe(
      404,
    );
  });
});
