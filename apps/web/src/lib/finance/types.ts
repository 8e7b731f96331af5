import type { ApiAnswer } from '../api/typed-client';

/**
 * The finance shapes the web app reads, named once here and taken from the OpenAPI document
 * (never written out by hand: `npm run contract` regenerates the types they come from).
 */

export type Dashboard = ApiAnswer<'get', 'dashboard'>;

export type StatusCatalog = ApiAnswer<'get', 'catalog/statuses'>;

export type PaymentRecipient = ApiAnswer<'get', 'payment-recipient'>['paymentRecipients'][number];

export type Invoice = ApiAnswer<'post', 'invoices/id'>['invoice'];

export type InvoiceList = ApiAnswer<'post', 'invoices/invoices'>;

/** A conversion with its invoices and payments (POST transactions/detail). */
export type Transaction = ApiAnswer<'post', 'transactions/detail'>['transactions'][number];

export type TransactionInvoice = Transaction['invoice'][number];

export type TransactionPayment = Transaction['payment'][number];

export type Payment = ApiAnswer<'get', 'payments'>['payments'][number];
