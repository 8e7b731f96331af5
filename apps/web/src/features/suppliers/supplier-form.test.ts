import { describe, expect, it } from 'vitest';
import type { PaymentRecipient } from '../../lib/finance/types';
import {
  clabeBank,
  clabeUsedBy,
  EMPTY_SUPPLIER,
  filterSuppliers,
  supplierBody,
  supplierErrorKey,
  supplierFormSchema,
} from './supplier-form';

const supplier = (name: string, extra: Partial<PaymentRecipient> = {}): PaymentRecipient => ({
  sPaymentRecipientId: name,
  sName: name,
  sEmail: `${name.toLowerCase().replace(/\s+/g, '')}@example.mx`,
  sBankName: 'BBVA MEXICO',
  sAccountNumber: '012180026050783858',
  sTaxId: 'PEE120315AB1',
  sEntityBusiness: 'COMPANY',
  dPaymentsHeldUntil: null,
  ...extra,
});

describe('supplier form', () => {
  it('requires all five fields', () => {
    const result = supplierFormSchema.safeParse({ ...EMPTY_SUPPLIER, sName: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['sName', 'required'],
      ['sEmail', 'required'],
      ['sBankName', 'required'],
      ['sAccountNumber', 'required'],
      ['sTaxId', 'required'],
    ]);
  });

  it('checks e-mail, CLABE and RFC with the domain schemas, every field at once', () => {
    const result = supplierFormSchema.safeParse({
      sName: 'Frutas',
      sEmail: 'not-an-email',
      sBankName: 'BBVA MEXICO',
      sAccountNumber: '012180026050783859',
      sTaxId: 'XYZ',
    });
    const issues = result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [];
    expect(issues.map(([field]) => field)).toEqual(['sEmail', 'sAccountNumber', 'sTaxId']);
    expect(issues.map(([, message]) => supplierErrorKey(String(message)))).toEqual([
      'suppliers.form.invalidEmail',
      'suppliers.form.invalidClabe',
      'suppliers.form.invalidTaxId',
    ]);
    expect(
      supplierFormSchema.safeParse({
        sName: 'Frutas',
        sEmail: 'pagos@frutas.mx',
        sBankName: 'BBVA MEXICO',
        sAccountNumber: '012 180 026050783858',
        sTaxId: 'PEE120315AB1',
      }).success,
    ).toBe(true);
  });

  it('names the bank of the CLABE and flags a different one', () => {
    expect(clabeBank('012180026050783858', '')).toEqual({ bank: 'BBVA MEXICO', mismatch: false });
    expect(clabeBank('012180026050783858', 'BANORTE')).toEqual({
      bank: 'BBVA MEXICO',
      mismatch: true,
    });
    expect(clabeBank('012180026050783858', 'bbva mexico').mismatch).toBe(false);
    expect(clabeBank('99', 'BANORTE')).toEqual({ bank: undefined, mismatch: false });
  });

  it('finds another supplier with the same CLABE, not the one edited', () => {
    const rows = [supplier('A'), supplier('B', { sAccountNumber: '002180000099998888' })];
    expect(clabeUsedBy('012 180 026050783858', rows, undefined)?.sName).toBe('A');
    expect(clabeUsedBy('012180026050783858', rows, 'A')).toBeUndefined();
    expect(clabeUsedBy('0121800', rows, undefined)).toBeUndefined();
  });

  it('sends trimmed values, a CLABE without spaces and the COMPANY entity type', () => {
    expect(
      supplierBody({
        sName: ' Frutas del Valle ',
        sEmail: ' pagos@valle.mx',
        sBankName: 'BANORTE ',
        sAccountNumber: '072 180 0000 1234 5678',
        sTaxId: 'fva120315ab1',
      }),
    ).toEqual({
      sName: 'Frutas del Valle',
      sEmail: 'pagos@valle.mx',
      sBankName: 'BANORTE',
      sAccountNumber: '072180000012345678',
      sTaxId: 'FVA120315AB1',
      sEntityBusiness: 'COMPANY',
    });
  });
});

describe('supplier search', () => {
  const rows = [
    supplier('Agrícola Núñez', { sBankName: 'BANORTE' }),
    supplier('Frutas del Valle', { sAccountNumber: '002180000099998888' }),
  ];

  it('matches every word in any column, ignoring case and accents', () => {
    expect(filterSuppliers(rows, 'agricola banorte').map((row) => row.sName)).toEqual([
      'Agrícola Núñez',
    ]);
    expect(filterSuppliers(rows, '9999').map((row) => row.sName)).toEqual(['Frutas del Valle']);
    expect(filterSuppliers(rows, '   ')).toHaveLength(2);
    expect(filterSuppliers(rows, 'nothing')).toEqual([]);
  });
});
