import { expect } from 'vitest';
import {
  INVOICE_STATUS_IDS,
  rateToNumber,
  TRANSACTION_TYPE_IDS,
  type InvoiceStatusKey,
} from '@app/domain';
import type { ApiTransaction } from '../modules/conversions/conversion.view.js';
import { spotQuote, type Customer } from './finance-fixtures.js';
import { json, type TestApp } from './test-app.js';

/** What the conversion tests share: the kinds, a forward day, and calls through the API. */

export const FOREX = TRANSACTION_TYPE_IDS.FOREX;
export const FORWARD = TRANSACTION_TYPE_IDS.FORWARD;
export const FORWARD_DATE = '2026-12-01'; // a Tuesday

export type Answer = { transaction: ApiTransaction };
export type ListAnswer = { transactions: ApiTransaction[]; totalProfit: number };

/**
 * Suppliers, invoices and conversions made through the API's own endpoints, for the test app
 * `app()` returns (each test file makes a new one per test).
 */
export function conversionFixtures(app: () => TestApp) {
  async function addInvoice(
    customer: Customer,
    options: { total: number; protection?: number; name?: string } = { total: 50_000 },
  ): Promise<string> {
    const supplier = await customer.call('POST', 'payment-recipient/', {
      sName: 'Agrícola del Valle',
      sEmail: 'pagos@agricolavalle.mx',
      sBankName: 'BBVA MEXICO',
      sAccountNumber: '032180000118359719',
      sEntityBusiness: 'COMPANY',
      sTaxId: 'SAT970701NN3',
    });
    expect(supplier.statusCode, supplier.body).toBe(201);
    const invoice = await customer.call('POST', 'invoices/', {
      dPurchaseDate: '2026-11-10',
      sPaymentRecipientId: json<{ paymentRecipient: { sPaymentRecipientId: string } }>(supplier)
        .paymentRecipient.sPaymentRecipientId,
      sInvoice: options.name ?? 'F-1001',
      dTotalAmount: options.total,
      dRateProtection: options.protection ?? 19.5,
      iCreditPeriod: 30,
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    return json<{ invoice: { sInvoiceId: string } }>(invoice).invoice.sInvoiceId;
  }

  async function invoiceOf(customer: Customer, invoiceId: string) {
    const response = await customer.call('POST', 'invoices/id', { sInvoiceId: invoiceId });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ invoice: { sStatusId: string; dAssignedAmount: number; dPaidAmount: number } }>(
      response,
    ).invoice;
  }

  async function expectInvoiceStatus(customer: Customer, invoiceId: string, key: InvoiceStatusKey) {
    expect((await invoiceOf(customer, invoiceId)).sStatusId).toBe(INVOICE_STATUS_IDS[key]);
  }

  async function forexBody(
    customer: Customer,
    usd: number,
    overrides: Record<string, unknown> = {},
  ) {
    const quote = await spotQuote(app(), customer.enterpriseId);
    return {
      sTransactionType: FOREX,
      dAmount: usd,
      dExchangeRate: rateToNumber(quote.rateMicro),
      referenceExchangeRate: quote.id,
      bExternal: false,
      ...overrides,
    };
  }

  async function forwardQuote(customer: Customer, date = FORWARD_DATE) {
    const spot = await spotQuote(app(), customer.enterpriseId);
    const response = await customer.call('POST', 'transactions/forwardRate', {
      dDateForward: date,
      dAmount: 100,
      referenceExchangeRate: spot.id,
      bExternal: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ forwardRate: { rate: number; uuid: string; expiresAt: string } }>(response)
      .forwardRate;
  }

  async function convert(customer: Customer, body: Record<string, unknown>, key?: string) {
    return customer.call(
      'POST',
      'transactions/',
      body,
      key === undefined ? {} : { headers: { 'idempotency-key': key } },
    );
  }

  async function forex(customer: Customer, usd: number): Promise<ApiTransaction> {
    const response = await convert(customer, await forexBody(customer, usd));
    expect(response.statusCode, response.body).toBe(201);
    return json<Answer>(response).transaction;
  }

  async function bookForward(customer: Customer, usd: number, date = FORWARD_DATE) {
    const quote = await forwardQuote(customer, date);
    const response = await convert(customer, {
      sTransactionType: FORWARD,
      dAmount: usd,
      dExchangeRate: quote.rate,
      referenceExchangeRate: quote.uuid,
      bExternal: false,
      dForwardTransactionDate: date,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { quote, transaction: json<Answer>(response).transaction };
  }

  async function transactionById(customer: Customer, id: string, path = 'transactions/id') {
    const response = await customer.call('POST', path, { sTransactionId: id });
    expect(response.statusCode, response.body).toBe(200);
    const [transaction] = json<{ transactions: ApiTransaction[] }>(response).transactions;
    if (!transaction) throw new Error('no transaction');
    return transaction;
  }

  function expectError(
    response: { statusCode: number; body: string },
    status: number,
    code: string,
    field?: string,
  ) {
    expect(response.statusCode, response.body).toBe(status);
    const body = JSON.parse(response.body) as { code: string; field?: string };
    expect(body.code).toBe(code);
    if (field !== undefined) expect(body.field).toBe(field);
  }

  return {
    addInvoice,
    invoiceOf,
    expectInvoiceStatus,
    forexBody,
    forwardQuote,
    convert,
    forex,
    bookForward,
    transactionById,
    expectError,
  };
}
