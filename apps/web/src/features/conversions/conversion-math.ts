import {
  convertMxnToUsd,
  invoiceCurrencyGain,
  moneyToNumber,
  parseMoney,
  parseRate,
  TRANSACTION_TYPE_IDS,
  type TransactionTypeKey,
} from '@app/domain';
import type { Invoice, Transaction, TransactionInvoice } from '../../lib/finance/types';
import { companyTimeZone } from '../../lib/company-clock';

/**
 * The arithmetic of the conversion screens, on integers (centavos and rate micro-units):
 * what may still be assigned, what a payment sends, which supplier a conversion is for.
 */

const cents = (amount: number): bigint => parseMoney(amount);
const sum = (values: bigint[]): bigint => values.reduce((total, value) => total + value, 0n);
const atLeastZero = (value: bigint): bigint => (value < 0n ? 0n : value);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

export function transactionTypeKey(transaction: Pick<Transaction, 'sTransactionType'>) {
  const key = (Object.keys(TRANSACTION_TYPE_IDS) as TransactionTypeKey[]).find(
    (candidate) => TRANSACTION_TYPE_IDS[candidate] === transaction.sTransactionType,
  );
  return key ?? 'FOREX';
}

export function isForward(transaction: Pick<Transaction, 'sTransactionType'>): boolean {
  return transactionTypeKey(transaction) === 'FORWARD';
}

/** MXN of an assignment not yet paid out. */
export function unpaidOfEntry(entry: Pick<TransactionInvoice, 'dAmount' | 'dPaidAmount'>): bigint {
  return atLeastZero(cents(entry.dAmount) - cents(entry.dPaidAmount));
}

/** An assigned invoice is 'Pagada' when everything assigned to this conversion is paid. */
export function isEntryPaid(entry: Pick<TransactionInvoice, 'dAmount' | 'dPaidAmount'>): boolean {
  return unpaidOfEntry(entry) === 0n;
}

/**
 * MXN of the conversion still free to cover an invoice: its total, less what is assigned,
 * less what was paid out of it without an invoice (the server's own rule).
 */
export function freeMxnCents(transaction: Transaction): bigint {
  const paidOnInvoices = sum(transaction.invoice.map((entry) => cents(entry.dPaidAmount)));
  const paidWithoutInvoice = atLeastZero(cents(transaction.dPaidAmount) - paidOnInvoices);
  return atLeastZero(
    cents(transaction.dDesAmount) - cents(transaction.dAssignedAmount) - paidWithoutInvoice,
  );
}

/** MXN of an invoice not yet assigned to any conversion. */
export function unassignedMxnCents(
  invoice: Pick<Invoice, 'dTotalAmount' | 'dAssignedAmount'>,
): bigint {
  return atLeastZero(cents(invoice.dTotalAmount) - cents(invoice.dAssignedAmount));
}

/**
 * MXN to assign when an invoice is added: its unassigned MXN, or what the conversion still
 * has free when that is less (the invoice is then covered in part).
 */
export function attachAmountCents(transaction: Transaction, invoice: Invoice): bigint {
  return min(unassignedMxnCents(invoice), freeMxnCents(transaction));
}

/**
 * Every supplier a conversion pays: those of its invoices, in their order, then those paid
 * from it without an invoice. A conversion may pay several suppliers.
 */
export function conversionSuppliers(
  transaction: Pick<Transaction, 'invoice' | 'payment'>,
): Array<{ sPaymentRecipientId: string; sName: string }> {
  const found = new Map<string, { sPaymentRecipientId: string; sName: string }>();
  for (const entry of transaction.invoice) {
    const [recipient] = entry.invoice.paymentsRecipent;
    const supplier = recipient ?? {
      sPaymentRecipientId: entry.invoice.sPaymentRecipientId,
      sName: entry.invoice.sName,
    };
    if (!found.has(supplier.sPaymentRecipientId)) found.set(supplier.sPaymentRecipientId, supplier);
  }
  for (const payment of transaction.payment) {
    const supplier = payment.payment_recipient;
    if (!found.has(supplier.sPaymentRecipientId)) {
      found.set(supplier.sPaymentRecipientId, {
        sPaymentRecipientId: supplier.sPaymentRecipientId,
        sName: supplier.sName,
      });
    }
  }
  return [...found.values()];
}

/** The supplier's assigned invoices on this conversion that still have MXN to pay. */
export function invoicesToPay(transaction: Transaction, supplierId: string): TransactionInvoice[] {
  return transaction.invoice.filter(
    (entry) => entry.invoice.sPaymentRecipientId === supplierId && unpaidOfEntry(entry) > 0n,
  );
}

export interface ConversionPaymentAmounts {
  mxnCents: bigint;
  usdCents: bigint;
  /** The invoices the payment covers (empty: a payment without invoice). */
  invoices: TransactionInvoice[];
}

/**
 * What paying `supplierId` out of a conversion sends: the unpaid MXN of that supplier's
 * invoices on it; without any, the conversion's MXN that is neither paid nor reserved for
 * another invoice. USD is that MXN at the conversion's rate.
 */
export function conversionPaymentAmounts(
  transaction: Transaction,
  supplierId: string,
): ConversionPaymentAmounts {
  const invoices = invoicesToPay(transaction, supplierId);
  let mxnCents = sum(invoices.map(unpaidOfEntry));
  if (invoices.length === 0) {
    const reserved = sum(transaction.invoice.map(unpaidOfEntry));
    mxnCents = atLeastZero(
      cents(transaction.dDesAmount) - cents(transaction.dPaidAmount) - reserved,
    );
  }
  const usdCents =
    mxnCents === 0n ? 0n : convertMxnToUsd(mxnCents, parseRate(transaction.dExchangeRate));
  return { mxnCents, usdCents, invoices };
}

/** A CLABE shown as eight asterisks and its last 4 digits. */
export function maskAccount(account: string): string {
  return `********${account.slice(-4)}`;
}

/** The calendar date (`YYYY-MM-DD`) of an instant on the company clock (or `timeZone`'s). */
export function instantToCalendarDate(
  instant: string,
  timeZone: string = companyTimeZone(),
): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `12.5` → `12.50 %`: percentages with two decimals, en-US digits in both languages. */
const percentFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)} %`;
}

/** The invoices of a conversion as one cell: their names, and the first purchase date. */
export function invoiceNames(transaction: Pick<Transaction, 'invoice'>): string {
  return transaction.invoice.map((entry) => entry.invoice.sInvoice).join(', ');
}

export function firstPurchaseDate(transaction: Pick<Transaction, 'invoice'>): string | null {
  const dates = transaction.invoice.map((entry) => entry.invoice.dPurchaseDate).sort();
  return dates[0] ?? null;
}

/** A supplier with invoices on a conversion that still need pesos (the pay dialog's step 1). */
export interface SupplierToPay extends Pick<
  TransactionInvoice['invoice'],
  'sPaymentRecipientId' | 'sName' | 'sAccountNumber'
> {
  /** Their assigned invoices on this conversion with MXN left to pay. */
  invoices: TransactionInvoice[];
  /** What those invoices still need. */
  mxnCents: bigint;
}

/**
 * Every supplier whose invoices assigned to the conversion are not fully paid, in the order
 * their invoices were assigned, with the invoices and what they still need.
 */
export function suppliersToPay(transaction: Pick<Transaction, 'invoice'>): SupplierToPay[] {
  const bySupplier = new Map<string, SupplierToPay>();
  for (const entry of transaction.invoice) {
    const unpaid = unpaidOfEntry(entry);
    if (unpaid === 0n) continue;
    const id = entry.invoice.sPaymentRecipientId;
    const supplier = bySupplier.get(id) ?? {
      sPaymentRecipientId: id,
      sName: entry.invoice.paymentsRecipent[0]?.sName ?? entry.invoice.sName,
      sAccountNumber: entry.invoice.sAccountNumber,
      invoices: [],
      mxnCents: 0n,
    };
    supplier.invoices.push(entry);
    supplier.mxnCents += unpaid;
    bySupplier.set(id, supplier);
  }
  return [...bySupplier.values()];
}

/** MXN of the conversion neither paid out nor reserved for an assigned invoice. */
export function unreservedMxnCents(transaction: Transaction): bigint {
  const reserved = sum(transaction.invoice.map(unpaidOfEntry));
  return atLeastZero(cents(transaction.dDesAmount) - cents(transaction.dPaidAmount) - reserved);
}

/**
 * The most a payment to `supplierId` may send: what their invoices still need plus the
 * pesos not reserved for anyone's invoice (never what another supplier's invoices need).
 */
export function maxPaymentCents(transaction: Transaction, supplierId: string): bigint {
  const own = sum(invoicesToPay(transaction, supplierId).map(unpaidOfEntry));
  return own + unreservedMxnCents(transaction);
}

/**
 * The gain of one invoice inside a conversion, on the MXN assigned to it (not the whole
 * invoice): budgeted at the invoice's protected rate, spent at the conversion's rate.
 */
export function assignedGain(
  entry: Pick<TransactionInvoice, 'dAmount'> & {
    invoice: Pick<Invoice, 'dRateProtection'>;
  },
  conversionRate: number,
): { gainUsd: number; profitPercentage: number } {
  const gain = invoiceCurrencyGain({
    totalMxnCents: cents(entry.dAmount),
    protectedRateMicro: parseRate(entry.invoice.dRateProtection),
    appliedRateMicro: parseRate(conversionRate),
  });
  return { gainUsd: moneyToNumber(gain.gainUsd), profitPercentage: gain.profitPercentage };
}
