import {
  forwardDateWindow,
  forwardDeposit,
  INVOICE_STATUS_IDS,
  MAX_INVOICE_TOTAL_CENTS,
  moneyToDecimalString,
  moneyToNumber,
  parseMoney,
  parseRate,
  rateToNumber,
  todayInTimeZone,
  usdForExactMxn,
} from '@app/domain';
import { z } from 'zod';
import { amountProblem, readAmountCents, type AmountProblem } from '../../lib/amount-text';
import { formatMoney } from '../../lib/format';
import type { Invoice } from '../../lib/finance/types';
import type { InvoiceBody } from './api/invoices';

/**
 * Overdue: its due date has passed on the company clock and it is not paid. Calendar dates
 * compare as text ('YYYY-MM-DD').
 */
export function isOverdue(
  invoice: Pick<Invoice, 'sStatusId' | 'dDueDate'>,
  today: string,
): boolean {
  return invoice.sStatusId !== INVOICE_STATUS_IDS.PAID && invoice.dDueDate < today;
}

/** Only To pay invoices can be selected, edited or deleted (spec §4). */
export function isToPay(invoice: Pick<Invoice, 'sStatusId'>): boolean {
  return invoice.sStatusId === INVOICE_STATUS_IDS.TO_PAY;
}

/**
 * A To pay invoice whose supplier is live: only these can be selected to pay or convert. A
 * deleted supplier's invoice stays listed (and can still be deleted), but nothing pays it.
 */
export function isPayable(invoice: Pick<Invoice, 'sStatusId' | 'bSupplierDeleted'>): boolean {
  return isToPay(invoice) && !invoice.bSupplierDeleted;
}

/**
 * USD charged for an invoice's MXN at a rate: the pesos are exact and the USD is rounded up
 * to the cent (DESIGN §4 "Amount targets", as the server charges), as a decimal string.
 */
export function usdForMxn(mxn: number, rate: number): string {
  return moneyToDecimalString(usdForExactMxn(parseMoney(mxn), parseRate(rate)));
}

/** The 5 % deposit a forward of `mxn` at `rate` takes when it is booked, as the server does. */
export function forwardDepositForMxn(mxn: number, rate: number): string {
  return moneyToDecimalString(forwardDeposit(usdForExactMxn(parseMoney(mxn), parseRate(rate))));
}

/** The rate of a confirm dialog, to 4 decimals (the quote's precision): `18.2250`. */
export function formatDialogRate(rate: number): string {
  return dialogRateFormat.format(rate);
}
const dialogRateFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 4,
  maximumFractionDigits: 6,
});

/** A rate shown in MXN with 2 decimals (spec §9), e.g. `$17.25`. */
export function formatRate(rate: number): string {
  return formatMoney(rate);
}

const percentFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `-3.256` → `-3.26%`. */
export function formatPercent(percent: number): string {
  return `${percentFormat.format(percent)}%`;
}

/** Gains are green at zero or above, red below (spec §2). Dark shades keep AA contrast. */
export function gainColor(value: number): 'success.dark' | 'error.dark' {
  return value >= 0 ? 'success.dark' : 'error.dark';
}

/** Today and the forward window, read in the business time zone (America/Mexico_City). */
export function forwardCalendar(now: Date) {
  const today = todayInTimeZone(now);
  return { today, ...forwardDateWindow(today) };
}

// The add and edit invoice form (spec §5): every field required with one message;
// numbers must also be amounts the API takes (money 2 decimals, rates 6, days whole).

export type InvoiceFormError = 'required' | 'rate' | 'days' | 'date' | `amount.${AmountProblem}`;

function parses(parse: (text: string) => bigint, text: string): boolean {
  try {
    return parse(text) > 0n;
  } catch {
    return false;
  }
}

// An empty field is reported once, as "required"; the format checks skip it.
const skipWhenEmpty = (text: string) => text.trim() === '' || undefined;
const required = z.string().trim().min(1, { error: 'required' });

export const invoiceFormSchema = z.object({
  sInvoice: required,
  sPaymentRecipientId: required,
  dPurchaseDate: required.refine(
    (text) => skipWhenEmpty(text) ?? /^\d{4}-\d{2}-\d{2}$/.test(text),
    {
      error: 'date',
    },
  ),
  // The total's own problem (`amount.exponent`, `amount.tooLarge`…), bounded as the API is.
  dTotalAmount: required.superRefine((text, ctx) => {
    if (skipWhenEmpty(text)) return;
    const problem = amountProblem(text, MAX_INVOICE_TOTAL_CENTS);
    if (problem) ctx.addIssue({ code: 'custom', message: `amount.${problem}` });
  }),
  iCreditPeriod: required.refine(
    (text) => skipWhenEmpty(text) ?? (/^\d+$/.test(text.trim()) && Number(text) <= 3650),
    { error: 'days' },
  ),
  dRateProtection: required.refine((text) => skipWhenEmpty(text) ?? parses(parseRate, text), {
    error: 'rate',
  }),
});

export type InvoiceFormValues = z.input<typeof invoiceFormSchema>;

export const INVOICE_FIELDS = [
  'sInvoice',
  'sPaymentRecipientId',
  'dPurchaseDate',
  'dTotalAmount',
  'iCreditPeriod',
  'dRateProtection',
] as const satisfies readonly (keyof InvoiceFormValues)[];

export type InvoiceField = (typeof INVOICE_FIELDS)[number];

export const EMPTY_INVOICE: InvoiceFormValues = {
  sInvoice: '',
  sPaymentRecipientId: '',
  dPurchaseDate: '',
  dTotalAmount: '',
  iCreditPeriod: '',
  dRateProtection: '',
};

export function invoiceFormValues(invoice: Invoice): InvoiceFormValues {
  return {
    sInvoice: invoice.sInvoice,
    sPaymentRecipientId: invoice.sPaymentRecipientId,
    dPurchaseDate: invoice.dPurchaseDate,
    dTotalAmount: String(invoice.dTotalAmount),
    iCreditPeriod: String(invoice.iCreditPeriod),
    dRateProtection: String(invoice.dRateProtection),
  };
}

/** Valid form values → the request body; amounts pass through the exact parsers. */
export function invoiceBody(values: InvoiceFormValues): InvoiceBody {
  return {
    sInvoice: values.sInvoice.trim(),
    sPaymentRecipientId: values.sPaymentRecipientId,
    dPurchaseDate: values.dPurchaseDate,
    dTotalAmount: moneyToNumber(readAmountCents(values.dTotalAmount) ?? 0n),
    iCreditPeriod: Number(values.iCreditPeriod.trim()),
    dRateProtection: rateToNumber(parseRate(values.dRateProtection.trim())),
  };
}
