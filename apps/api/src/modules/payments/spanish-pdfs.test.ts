import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_DOCUMENT_KINDS } from '@app/domain';
import { JOURNAL_KINDS } from '../../ledger/accounts.js';
import { newCustomer, spotQuote } from '../../test/finance-fixtures.js';
import { insertSupplier, pdfText } from '../../test/payment-fixtures.js';
import {
  checkoutBody,
  newGrower,
  newOrderBuyer,
  placedOrder,
  putInCart,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { renderStatementPdf } from '../statement/statement-pdf.js';
import { renderPaymentReceipt, type ReceiptData } from './payment-receipt.js';

/**
 * Every PDF a Spanish reader gets, read back as text: no code of the ledger or of a status, and
 * none of the English words the documents use.
 */

/** Codes a document must translate, never print. */
const CODES = [
  ...JOURNAL_KINDS,
  'PROCESSING',
  'COMPLETED',
  'RETURNED',
  'PENDING',
  'PAID',
  'DEFERRED',
  'CONVERT_MXN',
];
/** English words of the documents' labels, statuses and types. */
const ENGLISH =
  /Pay now|Pay Now|Payment|Receipt|Recipient|Amount|Invoices? paid|Processing|Completed|Returned|Statement|Balance|Date\b|Pending|Paid\b|Commercial invoice|Packing list|Bill of lading|Boxes|Pallets|Freight|Seller|Buyer|Order date|Printed|Funds added|Supplier payment|Order refund|Marketplace order/;

function expectSpanishOnly(text: string): void {
  expect(text.length).toBeGreaterThan(100);
  for (const code of CODES) expect(text, code).not.toContain(code);
  expect(text).not.toMatch(ENGLISH);
}

const RECEIPT: ReceiptData = {
  trackingId: 42n,
  trackingKey: 'PP20261121ABCDEFGHJKLMNPQR',
  createdAt: new Date('2026-11-21T18:00:00Z'),
  completedAt: new Date('2026-11-21T18:05:00Z'),
  status: 'COMPLETED',
  type: 'PAY_NOW',
  payerName: 'Frutas del Norte SA',
  timeZone: 'America/Mexico_City',
  recipientName: 'Limones Colima SPR',
  bankName: 'BBVA México',
  clabe: '012180000000000005',
  taxId: 'LCO010101AB1',
  amountMxn: 250_000n,
  amountUsd: 13_587n,
  rateMicro: 18_400_000n,
  referenceFix: { date: '2026-11-20', rateMicro: 18_390_000n },
  concept: 'Anticipo',
  invoices: [{ name: 'F-2026-001', amountMxn: 250_000n }],
  cep: {
    fechaOperacion: '2026-11-21',
    claveRastreo: 'PP20261121ABCDEFGHJKLMNPQR',
    emisor: '90646',
    emisorName: 'STP',
    receptor: '40012',
    receptorName: 'BBVA MEXICO',
    cuentaBeneficiario: '012180000000000005',
    amountMxn: 250_000n,
    url: 'https://www.banxico.org.mx/cep/',
  },
};

describe('PDFs in Spanish show words, never codes', () => {
  it('names every kind of movement of a statement in Spanish, each date on one line', async () => {
    const pdf = await renderStatementPdf(
      {
        currency: 'USD',
        from: '2026-11-01',
        to: '2026-11-30',
        opening: 0n,
        closing: 100_000n,
        totalDebit: 0n,
        totalCredit: 100_000n,
        truncated: false,
        lines: JOURNAL_KINDS.map((kind, index) => ({
          date: `2026-11-${String(index + 10)}`,
          at: new Date('2026-11-21T18:00:00Z'),
          description: 'Movimiento',
          type: kind,
          debit: 0n,
          credit: 100_000n,
          balance: BigInt(index + 1) * 100_000n,
          reference: null,
          paidAccount: null,
          rateMicro: null,
          referenceFix: null,
        })),
      },
      { name: 'Frutas del Norte SA', timeZone: 'America/Mexico_City' },
      new Date('2026-11-30T18:00:00Z'),
      'sp',
    );
    const text = pdfText(pdf);
    expectSpanishOnly(text);
    // A date wrapped inside its cell would read '10/11/' on one line and '2026' on the next.
    JOURNAL_KINDS.forEach((_, index) => expect(text).toContain(`${index + 10}/11/2026`));
  });

  it('keeps the widest English date of a statement on one line too', async () => {
    const pdf = await renderStatementPdf(
      {
        currency: 'MXN',
        from: '2026-12-01',
        to: '2026-12-31',
        opening: 0n,
        closing: 0n,
        totalDebit: 0n,
        totalCredit: 0n,
        truncated: false,
        lines: [
          {
            date: '2026-12-28',
            at: new Date('2026-12-28T18:00:00Z'),
            description: 'Payment',
            type: 'PAY_NOW',
            debit: 0n,
            credit: 0n,
            balance: 0n,
            reference: null,
            paidAccount: null,
            rateMicro: null,
            referenceFix: null,
          },
        ],
      },
      { name: 'Frutas del Norte SA', timeZone: 'America/Mexico_City' },
      new Date('2026-12-31T18:00:00Z'),
      'en',
    );
    expect(pdfText(pdf)).toContain('12/28/2026');
  });

  it('prints a receipt of every type and status in Spanish', async () => {
    for (const type of ['PAY_NOW', 'FOREX', 'FORWARD'] as const) {
      for (const status of ['PROCESSING', 'COMPLETED', 'RETURNED'] as const) {
        const text = pdfText(
          await renderPaymentReceipt(
            { ...RECEIPT, type, status, returnReason: 'Cuenta inexistente' },
            'sp',
          ),
        );
        expectSpanishOnly(text);
        expect(text).toContain('Comprobante de pago');
        // The time is the company's, named: the same zone the screens show.
        expect(text).toMatch(/21 de noviembre de 2026(,| a las) 12:00 p\.\s?m\. CST/);
      }
    }
  });
});

describe(`trade documents and SPEI proofs in Spanish (${TEST_ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const text = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return pdfText(response.rawPayload);
  };

  it('prints every trade document of an order in Spanish, for the buyer and the grower', async () => {
    const grower = await newGrower(t, [
      { name: 'Aguacate Hass 48', price: '25.00', boxesPerPallet: 60, minBoxes: 10, stock: 500 },
    ]);
    const placing = await newOrderBuyer(t, { usd: '60000.00' });
    await putInCart(t, placing.buyer, grower.articleIds[0]!, 120);
    const order = await placedOrder(
      placing.buyer,
      await checkoutBody(t, placing.buyer, grower.vendor, placing.warehouseId, 'PAY_NOW'),
    );
    for (const kind of ORDER_DOCUMENT_KINDS) {
      const buyerCopy = text(
        await placing.buyer.call('GET', `orders/${order.sOrderId}/documents/${kind}`, undefined, {
          lang: 'sp',
        }),
      );
      expectSpanishOnly(buyerCopy);
      const growerCopy = text(
        await grower.vendor.call(
          'GET',
          `vendor/orders/${order.sOrderId}/documents/${kind}`,
          undefined,
          { lang: 'sp' },
        ),
      );
      expectSpanishOnly(growerCopy);
    }
  });

  it('prints the SPEI proof of a payment in Spanish, in every status', async () => {
    const payer = await newCustomer(t, { usd: '10000.00' });
    const supplierId = await insertSupplier(t, payer.enterpriseId, { name: 'Limones Colima SPR' });
    const paid = await payer.call('POST', 'payments/sendPayNow', {
      dAmount: 500,
      comment: 'Anticipo de limones',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: (await spotQuote(t, payer.enterpriseId)).id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = json<{ payment: { sPaymentId: string } }>(paid).payment.sPaymentId;
    const at = t.clock.now();
    for (const settled of [
      { status: 'PROCESSING', completed_at: null, return_reason: null },
      { status: 'COMPLETED', completed_at: at, return_reason: null },
      { status: 'RETURNED', completed_at: null, return_reason: 'Cuenta inexistente' },
    ] as const) {
      await t.db.updateTable('payments').set(settled).where('id', '=', paymentId).execute();
      const response = await payer.call('GET', `payments/${paymentId}/spei/pdf`, undefined, {
        lang: 'sp',
      });
      expect(response.statusCode, response.body).toBe(200);
      const proof = pdfText(
        Buffer.from(json<{ pdf: { data: string } }>(response).pdf.data, 'base64'),
      );
      expectSpanishOnly(proof);
      expect(proof).toContain('Comprobante de transferencia SPEI');
    }
  });
});
