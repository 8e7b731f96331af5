import { INVOICE_STATUS_IDS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_INVOICE,
  forwardCalendar,
  formatPercent,
  gainColor,
  invoiceBody,
  invoiceFormSchema,
  isToPay,
  usdForMxn,
  formatDialogRate,
} from './invoice-math';

function errorsOf(values: Partial<typeof EMPTY_INVOICE>) {
  const result = invoiceFormSchema.safeParse({ ...EMPTY_INVOICE, ...values });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

const VALID = {
  sInvoice: ' F-001 ',
  sPaymentRecipientId: 'supplier-1',
  dPurchaseDate: '2026-11-02',
  dTotalAmount: '50000.5',
  iCreditPeriod: '30',
  dRateProtection: '18.9',
};

describe('invoice form', () => {
  it('reports every empty field as required, once', () => {
    expect(errorsOf({})).toEqual({
      sInvoice: 'required',
      sPaymentRecipientId: 'required',
      dPurchaseDate: 'required',
      dTotalAmount: 'required',
      iCreditPeriod: 'required',
      dRateProtection: 'required',
    });
  });

  it('refuses amounts the API would refuse', () => {
    const amount = (dTotalAmount: string) => errorsOf({ ...VALID, dTotalAmount }).dTotalAmount;
    expect(amount('10.005')).toBe('amount.decimals');
    expect(amount('0')).toBe('amount.zero');
    expect(amount('1e5')).toBe('amount.exponent');
    expect(amount('-5')).toBe('amount.negative');
    // The API's bound: 100,000,000.00 is taken, a cent more is not.
    expect(amount('100000000.00')).toBeUndefined();
    expect(amount('1000000000000')).toBe('amount.tooLarge');
    expect(errorsOf({ ...VALID, dRateProtection: '-1' })).toEqual({ dRateProtection: 'rate' });
    expect(errorsOf({ ...VALID, iCreditPeriod: '2.5' })).toEqual({ iCreditPeriod: 'days' });
    expect(errorsOf({ ...VALID, iCreditPeriod: '4000' })).toEqual({ iCreditPeriod: 'days' });
    expect(errorsOf({ ...VALID, dPurchaseDate: 'invalid' })).toEqual({ dPurchaseDate: 'date' });
  });

  it('turns valid values into the request body exactly', () => {
    expect(errorsOf(VALID)).toEqual({});
    expect(invoiceBody(VALID)).toEqual({
      sInvoice: 'F-001',
      sPaymentRecipientId: 'supplier-1',
      dPurchaseDate: '2026-11-02',
      dTotalAmount: 50000.5,
      iCreditPeriod: 30,
      dRateProtection: 18.9,
    });
  });
});

describe('invoice amounts', () => {
  it('charges the USD of exact MXN rounded up to the cent, on integers', () => {
    expect(usdForMxn(50_000, 18.9)).toBe('2645.51');
    expect(usdForMxn(100, 3)).toBe('33.34');
    expect(usdForMxn(0.05, 0.1)).toBe('0.50');
    // '$548.70 for 10,000 MXN at 18.2250' checks by hand: 548.70 × 18.225 ≥ 10,000
    expect(usdForMxn(10_000, 18.225)).toBe('548.70');
    expect(formatDialogRate(18.225)).toBe('18.2250');
  });

  it('formats percentages and colours gains', () => {
    expect(formatPercent(-3.256)).toBe('-3.26%');
    expect(formatPercent(12)).toBe('12.00%');
    expect(gainColor(0)).toBe('success.dark');
    expect(gainColor(-0.01)).toBe('error.dark');
  });

  it('only To pay invoices can be acted on', () => {
    expect(isToPay({ sStatusId: INVOICE_STATUS_IDS.TO_PAY })).toBe(true);
    expect(isToPay({ sStatusId: INVOICE_STATUS_IDS.PARCIAL })).toBe(false);
    expect(isToPay({ sStatusId: INVOICE_STATUS_IDS.PAID })).toBe(false);
  });

  it('reads the forward window in Mexico City time', () => {
    // 02:00 UTC on Jan 10 is still Jan 9 in Mexico City.
    expect(forwardCalendar(new Date('2026-01-10T02:00:00Z'))).toEqual({
      today: '2026-01-09',
      earliest: '2026-01-10',
      latest: '2027-01-10',
    });
  });
});
