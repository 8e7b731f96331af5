import { todayInTimeZone } from '@app/domain';
import type { Payment, StatusCatalog } from '../../lib/finance/types';

export type TransactionTypeKey = StatusCatalog['transactionTypes'][number]['sKey'];

/** The key (FOREX, FORWARD, PAY_NOW) of a transaction type id, through the catalogue. */
export function transactionTypeKey(
  catalog: StatusCatalog | undefined,
  typeId: string,
): TransactionTypeKey | undefined {
  return catalog?.transactionTypes.find((type) => type.sTransactionTypeId === typeId)?.sKey;
}

/** The day a payment was sent, in the business time zone (as the statement dates it). */
export function paymentDay(payment: Pick<Payment, 'created_at'>): string {
  return todayInTimeZone(new Date(payment.created_at));
}

/** The invoices a payment paid, by name ('' for a payment without invoices, e.g. Pay Now). */
export function paymentInvoices(payment: Pick<Payment, 'invoice_payments_relationship'>): string {
  return payment.invoice_payments_relationship.map((entry) => entry.invoice.sInvoice).join(', ');
}

const percentFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 12.3456 → "12.35%" (en-US digits in both languages, like money). */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

/** Gains and profits: green at zero or above, red below (spec). */
export function gainColor(value: number): 'success.dark' | 'error.main' {
  return value >= 0 ? 'success.dark' : 'error.main';
}
