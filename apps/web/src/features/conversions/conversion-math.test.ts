import { TRANSACTION_TYPE_IDS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { isForwardDue } from '../../lib/finance/forwards';
import type { Invoice, Transaction, TransactionInvoice } from '../../lib/finance/types';
import {
  assignedGain,
  attachAmountCents,
  conversionPaymentAmounts,
  conversionSuppliers,
  formatPercent,
  freeMxnCents,
  instantToCalendarDate,
  isEntryPaid,
  isForward,
  maskAccount,
  maxPaymentCents,
  suppliersToPay,
  unreservedMxnCents,
} from './conversion-math';
import { editInvoiceSchema } from './edit-invoice-form';

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    sInvoiceId: 'inv-1',
    sInvoice: 'F-001',
    sPaymentRecipientId: 'sup-a',
    sName: 'Agrícola A',
    sAccountNumber: '012180026050783858',
    dPurchaseDate: '2026-01-10',
    iCreditPeriod: 30,
    dDueDate: '2026-02-09',
    dTotalAmount: 10_000,
    dAssignedAmount: 0,
    dPaidAmount: 0,
    dTotalUsd: 540,
    dRateProtection: 18.5,
    dProfitPercentage: 0,
    dCurrencyGain: 0,
    sStatusId: 'x',
    created_at: '2026-01-10T12:00:00.000Z',
    rateOrder: null,
    bSupplierDeleted: false,
    paymentComplements: { iDue: 0, dDueAmount: 0, iMismatched: 0 },
    ...overrides,
  };
}

function entry(
  dAmount: number,
  dPaidAmount: number,
  overrides: Partial<Invoice> = {},
): TransactionInvoice {
  const base = invoice(overrides);
  return {
    dAmount,
    dPaidAmount,
    invoice: {
      ...base,
      paymentsRecipent: [{ sName: base.sName, sPaymentRecipientId: base.sPaymentRecipientId }],
    },
    payment: { dDescAmount: dPaidAmount },
  };
}

function conversion(overrides: Partial<Transaction> = {}): Transaction {
  return {
    sTransactionId: 'tx-1',
    iTrackingId: 7,
    sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
    dAmount: 1_000,
    dDesAmount: 18_500.5,
    dExchangeRate: 18.5005,
    referenceExchangeRate: null,
    created_at: '2026-01-12T18:00:00.000Z',
    settled_at: '2026-01-12T18:00:00.000Z',
    dForwardTransactionDate: null,
    dDepositAmount: 0,
    sStatus: 'SETTLED',
    bExternal: false,
    dAssignedAmount: 0,
    dPaidAmount: 0,
    dPercentUsed: 0,
    dPercentPaid: 0,
    dProfitPercentage: 0,
    dCurrencyGain: 0,
    iDaysRemaining: null,
    invoice: [],
    payment: [],
    ...overrides,
  };
}

describe('conversion types and forward maturity', () => {
  it('tells forwards from forex by the type id', () => {
    expect(isForward(conversion())).toBe(false);
    expect(isForward(conversion({ sTransactionType: TRANSACTION_TYPE_IDS.FORWARD }))).toBe(true);
  });

  it('lets the payment of a forward be requested at 0 days or fewer', () => {
    expect(isForwardDue({ iDaysRemaining: 1 })).toBe(false);
    expect(isForwardDue({ iDaysRemaining: 0 })).toBe(true);
    expect(isForwardDue({ iDaysRemaining: -3 })).toBe(true);
    expect(isForwardDue({ iDaysRemaining: null })).toBe(false);
  });
});

describe('freeMxnCents and attachAmountCents', () => {
  it('is the whole conversion when nothing is assigned or paid', () => {
    expect(freeMxnCents(conversion())).toBe(1_850_050n);
  });

  it('leaves out what is assigned and what was paid without an invoice', () => {
    const transaction = conversion({
      dAssignedAmount: 8_000,
      dPaidAmount: 3_000.25,
      invoice: [entry(8_000, 2_000)],
    });
    // 18,500.50 − 8,000 − (3,000.25 − 2,000) = 9,500.25
    expect(freeMxnCents(transaction)).toBe(950_025n);
  });

  it("assigns an invoice's unassigned MXN, or only what the conversion has free", () => {
    const roomy = conversion();
    expect(
      attachAmountCents(roomy, invoice({ dTotalAmount: 10_000, dAssignedAmount: 2_500.1 })),
    ).toBe(749_990n);
    const tight = conversion({ dAssignedAmount: 15_000, invoice: [entry(15_000, 0)] });
    expect(attachAmountCents(tight, invoice({ dTotalAmount: 10_000 }))).toBe(350_050n);
  });
});

describe('conversionPaymentAmounts', () => {
  it("pays the unpaid MXN of the supplier's invoices at the conversion's rate", () => {
    const transaction = conversion({
      dAssignedAmount: 12_000,
      invoice: [
        entry(7_000, 1_000, { sInvoiceId: 'a', sInvoice: 'F-A' }),
        entry(5_000, 5_000, { sInvoiceId: 'b', sInvoice: 'F-B' }),
      ],
      dPaidAmount: 6_000,
    });
    const amounts = conversionPaymentAmounts(transaction, 'sup-a');
    expect(amounts.mxnCents).toBe(600_000n);
    expect(amounts.invoices.map((line) => line.invoice.sInvoice)).toEqual(['F-A']);
    // 6,000 / 18.5005 = 324.315… → 324.32
    expect(amounts.usdCents).toBe(32_432n);
  });

  it("without the supplier's invoices pays what is neither paid nor reserved", () => {
    const transaction = conversion({
      dAssignedAmount: 4_000,
      dPaidAmount: 500,
      invoice: [entry(4_000, 0, { sPaymentRecipientId: 'sup-b' })],
    });
    const amounts = conversionPaymentAmounts(transaction, 'sup-a');
    expect(amounts.invoices).toEqual([]);
    expect(amounts.mxnCents).toBe(1_400_050n);
  });

  it('is zero when nothing is left', () => {
    const transaction = conversion({ dPaidAmount: 18_500.5 });
    expect(conversionPaymentAmounts(transaction, 'sup-a')).toMatchObject({
      mxnCents: 0n,
      usdCents: 0n,
    });
  });
});

describe('display helpers', () => {
  it('lists every supplier a conversion pays, each once, in the order of its invoices', () => {
    expect(conversionSuppliers(conversion())).toEqual([]);
    const other = { sPaymentRecipientId: 'sup-b', sName: 'Huerta B' };
    expect(
      conversionSuppliers(conversion({ invoice: [entry(1, 0), entry(2, 0, other), entry(3, 0)] })),
    ).toEqual([
      { sName: 'Agrícola A', sPaymentRecipientId: 'sup-a' },
      { sName: 'Huerta B', sPaymentRecipientId: 'sup-b' },
    ]);
  });

  it("marks an assignment 'Pagada' only when all of it is paid", () => {
    expect(isEntryPaid(entry(100, 100))).toBe(true);
    expect(isEntryPaid(entry(100, 99.99))).toBe(false);
    expect(isEntryPaid(entry(100, 0))).toBe(false);
  });

  it('masks a CLABE to its last 4 digits', () => {
    expect(maskAccount('012180026050783858')).toBe('********3858');
  });

  it('reads the calendar date of an instant in a time zone', () => {
    expect(instantToCalendarDate('2026-01-13T03:00:00.000Z', 'America/Mexico_City')).toBe(
      '2026-01-12',
    );
    expect(instantToCalendarDate('2026-01-13T03:00:00.000Z', 'UTC')).toBe('2026-01-13');
  });

  it('writes percentages with two decimals', () => {
    expect(formatPercent(12.5)).toBe('12.50 %');
    expect(formatPercent(-3.256)).toBe('-3.26 %');
  });
});

describe('editInvoiceSchema', () => {
  const valid = {
    sInvoice: 'F-1',
    dPurchaseDate: '2026-01-10',
    dTotalAmount: '1500.50',
    iCreditPeriod: '30',
    dRateProtection: '18.25',
  };

  it('accepts a complete invoice', () => {
    expect(editInvoiceSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['sInvoice', ''],
    ['dPurchaseDate', ''],
    ['dTotalAmount', ''],
    ['dTotalAmount', '0'],
    ['dTotalAmount', '1.005'],
    ['iCreditPeriod', '-1'],
    ['dRateProtection', 'abc'],
  ])('refuses %s = %j', (field, value) => {
    expect(editInvoiceSchema.safeParse({ ...valid, [field]: value }).success).toBe(false);
  });
});

describe('a conversion holding invoices of two suppliers', () => {
  const transaction = conversion({
    dDesAmount: 60_000,
    dAssignedAmount: 50_000,
    dPaidAmount: 0,
    invoice: [
      entry(30_000, 0, { sInvoiceId: 'a', sInvoice: 'F-A', sPaymentRecipientId: 'sup-a' }),
      entry(20_000, 0, {
        sInvoiceId: 'b',
        sInvoice: 'F-B',
        sPaymentRecipientId: 'sup-b',
        sName: 'Berries B',
      }),
    ],
  });

  it('lists both suppliers with the invoices they still need paid', () => {
    const pending = suppliersToPay(transaction);
    expect(pending.map((supplier) => [supplier.sPaymentRecipientId, supplier.mxnCents])).toEqual([
      ['sup-a', 3_000_000n],
      ['sup-b', 2_000_000n],
    ]);
    expect(pending[1]?.sName).toBe('Berries B');
    expect(pending[1]?.invoices.map((line) => line.invoice.sInvoice)).toEqual(['F-B']);
  });

  it("defaults the second supplier's amount to its invoices, and never takes the first one's pesos", () => {
    expect(conversionPaymentAmounts(transaction, 'sup-b').mxnCents).toBe(2_000_000n);
    expect(unreservedMxnCents(transaction)).toBe(1_000_000n);
    expect(maxPaymentCents(transaction, 'sup-b')).toBe(3_000_000n);
    expect(maxPaymentCents(transaction, 'sup-c')).toBe(1_000_000n);
  });

  it('leaves one supplier once the other is paid', () => {
    const paidA = conversion({
      ...transaction,
      dPaidAmount: 30_000,
      invoice: [
        entry(30_000, 30_000, { sPaymentRecipientId: 'sup-a' }),
        entry(20_000, 0, { sPaymentRecipientId: 'sup-b', sInvoiceId: 'b' }),
      ],
    });
    expect(suppliersToPay(paidA).map((supplier) => supplier.sPaymentRecipientId)).toEqual([
      'sup-b',
    ]);
  });
});

describe('assignedGain', () => {
  it('values only the MXN assigned to the conversion', () => {
    // 10,000 of a 50,000 invoice: budget 10,000 / 20 = 500, spent 10,000 / 18.5 = 540.54
    const part = entry(10_000, 0, { dTotalAmount: 50_000, dRateProtection: 20 });
    expect(assignedGain(part, 18.5)).toEqual({ gainUsd: -40.54, profitPercentage: -8.11 });
    const whole = entry(50_000, 0, { dTotalAmount: 50_000, dRateProtection: 20 });
    expect(assignedGain(whole, 18.5).gainUsd).toBe(-202.7);
  });
});
