import { describe, expect, it } from 'vitest';
import {
  INVOICE_STATUS_IDS,
  INVOICE_STATUS_KEYS,
  TRANSACTION_TYPE_IDS,
  deriveInvoiceStatus,
  invoiceStatusKeyFromId,
  invoiceStatusName,
  statusCatalog,
  transactionTypeKeyFromId,
  transactionTypeName,
} from './statuses.js';

describe('status ids', () => {
  it('are distinct opaque strings that map back to their keys', () => {
    const ids = [...Object.values(INVOICE_STATUS_IDS), ...Object.values(TRANSACTION_TYPE_IDS)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const key of INVOICE_STATUS_KEYS) {
      expect(invoiceStatusKeyFromId(INVOICE_STATUS_IDS[key])).toBe(key);
    }
    expect(transactionTypeKeyFromId(TRANSACTION_TYPE_IDS.PAY_NOW)).toBe('PAY_NOW');
    expect(invoiceStatusKeyFromId('TO_PAY')).toBeUndefined();
    expect(invoiceStatusKeyFromId(TRANSACTION_TYPE_IDS.FOREX)).toBeUndefined();
  });

  it('have names in both languages', () => {
    expect(invoiceStatusName('TO_PAY', 'en')).toBe('To pay');
    expect(invoiceStatusName('TO_PAY', 'sp')).toBe('Por pagar');
    expect(invoiceStatusName('ASSIGNED', 'sp')).toBe('Asignada');
    expect(invoiceStatusName('PAID', 'sp')).toBe('Pagada');
    expect(transactionTypeName('PAY_NOW', 'en')).toBe('Pay Now');
    expect(transactionTypeName('PAY_NOW', 'sp')).toBe('Pago inmediato');
  });

  it('build the catalog answer', () => {
    const catalog = statusCatalog('sp');
    expect(catalog.invoiceStatuses).toContainEqual({
      sStatusId: INVOICE_STATUS_IDS.PARCIAL,
      sName: 'Parcial',
      sKey: 'PARCIAL',
    });
    expect(catalog.transactionTypes.map((type) => type.sKey)).toEqual([
      'FOREX',
      'FORWARD',
      'PAY_NOW',
    ]);
  });
});

describe('deriveInvoiceStatus', () => {
  const total = 50_000_000n;
  it.each([
    [0n, 0n, 'TO_PAY'],
    [1n, 0n, 'PARCIAL'],
    [total, 0n, 'ASSIGNED'],
    [total, total - 1n, 'ASSIGNED'],
    [total, total, 'PAID'],
    [0n, total, 'PAID'], // paid now, without a conversion
  ] as const)('assigned %s, paid %s → %s', (assigned, paid, status) => {
    expect(
      deriveInvoiceStatus({ totalMxnCents: total, assignedMxnCents: assigned, paidMxnCents: paid }),
    ).toBe(status);
  });
});
