import { describe, expect, it } from 'vitest';
import {
  complementsOf,
  creditNotesOf,
  importItemsOf,
  isValidCredit,
  isValidRate,
  rowErrors,
  type CfdiReviewLine,
} from './cfdi-review';

const line = (overrides: Partial<CfdiReviewLine> = {}): CfdiReviewLine => ({
  sFileName: 'a.xml',
  sContent: '<cfdi:Comprobante/>',
  sStatus: 'READY',
  sUuid: 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80',
  sRfcEmisor: 'LCO150820KJ3',
  sNombreEmisor: 'LIMONES COLIMA',
  sRfcReceptor: 'XEXX010101000',
  sInvoice: 'LC-2031',
  dPurchaseDate: '2026-11-05',
  dTotalAmount: 135012.5,
  dTotalOriginal: 135012.5,
  sMoneda: 'MXN',
  dTipoCambio: null,
  sVersion: '4.0',
  sPaymentRecipientId: null,
  sPaymentRecipientName: null,
  aWarnings: [],
  sKind: 'INVOICE',
  sRelatedUuid: null,
  sRelatedInvoiceId: null,
  aPayments: [],
  ...overrides,
});

describe('CFDI review', () => {
  it('checks rates and credit periods', () => {
    expect(isValidRate('18.75')).toBe(true);
    expect(isValidRate('0')).toBe(false);
    expect(isValidRate('18.1234567')).toBe(false);
    expect(isValidRate('abc')).toBe(false);
    expect(isValidCredit('30')).toBe(true);
    expect(isValidCredit('3651')).toBe(false);
    expect(isValidCredit('1.5')).toBe(false);
  });

  it('asks a CLABE only for a supplier to create', () => {
    const input = { include: true, rate: '18.75', credit: '30' };
    expect(rowErrors(line(), input, {})).toEqual({ clabe: true });
    expect(rowErrors(line(), input, { LCO150820KJ3: '032180000118359719' })).toEqual({});
    expect(rowErrors(line({ sPaymentRecipientId: 'id-1' }), input, {})).toEqual({});
  });

  it('builds the import of included READY lines only, and nothing while a row is wrong', () => {
    const lines = [
      line(),
      line({ sUuid: '5C2E9A71-0D3B-4B86-9F47-A18C63E2B5D9', sStatus: 'DUPLICATE' }),
      line({ sUuid: '0B7E6D52-91A4-4C3F-B8D2-5E1F0A9C7D64', sPaymentRecipientId: 'sup-1' }),
    ];
    const inputs = {
      'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80': { include: true, rate: '18.75', credit: '30' },
      '5C2E9A71-0D3B-4B86-9F47-A18C63E2B5D9': { include: true, rate: '18.75', credit: '30' },
      '0B7E6D52-91A4-4C3F-B8D2-5E1F0A9C7D64': { include: false, rate: '', credit: '' },
    };
    expect(importItemsOf(lines, inputs, {})).toBeUndefined();
    expect(importItemsOf(lines, inputs, { LCO150820KJ3: ' 032180000118359719 ' })).toEqual([
      {
        sUuid: 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80',
        // The file goes back with the invoice: the server verifies it again.
        sContent: '<cfdi:Comprobante/>',
        newSupplier: {
          sName: 'LIMONES COLIMA',
          sTaxId: 'LCO150820KJ3',
          sAccountNumber: '032180000118359719',
        },
        sInvoice: 'LC-2031',
        dPurchaseDate: '2026-11-05',
        dTotalAmount: 135012.5,
        dRateProtection: 18.75,
        iCreditPeriod: 30,
      },
    ]);
  });

  it('sends a credit note apart from the invoices, with no rate, period or CLABE asked', () => {
    const note = line({
      sUuid: '11111111-2222-4333-8444-555555555555',
      sKind: 'CREDIT_NOTE',
      sContent: '<nota/>',
      sRelatedUuid: 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80',
    });
    const inputs = {
      '11111111-2222-4333-8444-555555555555': { include: true, rate: '', credit: '' },
    };
    expect(rowErrors(note, { include: true, rate: '', credit: '' }, {})).toEqual({});
    expect(importItemsOf([note], inputs, {})).toEqual([]);
    expect(creditNotesOf([note], inputs)).toEqual(['<nota/>']);
    expect(
      creditNotesOf([note], {
        '11111111-2222-4333-8444-555555555555': { include: false, rate: '', credit: '' },
      }),
    ).toEqual([]);
  });

  it('sends only the included, ready payment complements, apart from invoices and credit notes', () => {
    const pago = (sUuid: string, overrides: Partial<CfdiReviewLine> = {}) =>
      line({ sUuid, sKind: 'PAYMENT_COMPLEMENT', sContent: `<pago ${sUuid}/>`, ...overrides });
    const lines = [
      pago('C0000000-0000-4000-8000-000000000001'),
      pago('C0000000-0000-4000-8000-000000000002'),
      pago('C0000000-0000-4000-8000-000000000003', { sStatus: 'DUPLICATE' }),
      line({ sKind: 'CREDIT_NOTE', sUuid: 'C0000000-0000-4000-8000-000000000004' }),
    ];
    const included = { include: true, rate: '', credit: '' };
    const inputs = {
      'C0000000-0000-4000-8000-000000000001': included,
      'C0000000-0000-4000-8000-000000000002': { ...included, include: false },
      'C0000000-0000-4000-8000-000000000003': included,
      'C0000000-0000-4000-8000-000000000004': included,
    };
    expect(complementsOf(lines, inputs)).toEqual(['<pago C0000000-0000-4000-8000-000000000001/>']);
    expect(importItemsOf(lines, inputs, {})).toEqual([]);
    expect(creditNotesOf(lines.slice(0, 3), inputs)).toEqual([]);
  });
});
