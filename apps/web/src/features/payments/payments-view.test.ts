import { describe, expect, it } from 'vitest';
import type { StatusCatalog } from '../../lib/finance/types';
import { base64ToBlob } from '../../lib/files';
import {
  formatPercent,
  gainColor,
  paymentDay,
  paymentInvoices,
  transactionTypeKey,
} from './payments-view';

const catalog: StatusCatalog = {
  invoiceStatuses: [],
  transactionTypes: [
    { sTransactionTypeId: 'fx', sName: 'Forex', sKey: 'FOREX' },
    { sTransactionTypeId: 'fw', sName: 'Forward', sKey: 'FORWARD' },
    { sTransactionTypeId: 'pn', sName: 'Pay Now', sKey: 'PAY_NOW' },
  ],
};

describe('payments view helpers', () => {
  it('maps transaction type ids through the catalogue', () => {
    expect(transactionTypeKey(catalog, 'fw')).toBe('FORWARD');
    expect(transactionTypeKey(catalog, 'pn')).toBe('PAY_NOW');
    expect(transactionTypeKey(catalog, 'unknown')).toBeUndefined();
    expect(transactionTypeKey(undefined, 'fx')).toBeUndefined();
  });

  it('dates a payment on its day in Mexico City, not in UTC', () => {
    // 02:30 UTC on Nov 10 is still Nov 9 in Mexico City (UTC−6).
    expect(paymentDay({ created_at: '2026-11-10T02:30:00.000Z' })).toBe('2026-11-09');
    expect(paymentDay({ created_at: '2026-11-10T12:00:00.000Z' })).toBe('2026-11-10');
  });

  it('lists the invoices a payment paid', () => {
    const invoice = (sInvoice: string) => ({ dAmount: 1, invoice: { sInvoice } });
    expect(
      paymentInvoices({
        invoice_payments_relationship: [invoice('F-1'), invoice('F-2')],
      } as never),
    ).toBe('F-1, F-2');
    expect(paymentInvoices({ invoice_payments_relationship: [] })).toBe('');
  });

  it('formats percentages with two decimals and colours gains by sign', () => {
    expect(formatPercent(-3.456)).toBe('-3.46%');
    expect(formatPercent(1234.5)).toBe('1,234.50%');
    expect(gainColor(0)).toBe('success.dark');
    expect(gainColor(-0.01)).toBe('error.main');
  });

  it('decodes a base64 PDF into a Blob of its bytes', async () => {
    const blob = base64ToBlob(btoa('%PDF-1.7\n\u00ff'));
    expect(blob.type).toBe('application/pdf');
    const buffer = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    const bytes = new Uint8Array(buffer);
    expect(Array.from(bytes.slice(0, 5))).toEqual([0x25, 0x50, 0x44, 0x46, 0x2d]);
    expect(bytes[bytes.length - 1]).toBe(0xff);
  });
});
