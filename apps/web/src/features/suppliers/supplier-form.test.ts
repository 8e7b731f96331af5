import { describe, expect, it } from 'vitest';
import type { PaymentRecipient } from '../../lib/finance/types';
import { EMPTY_SUPPLIER, filterSuppliers, supplierBody, supplierFormSchema } from './supplier-form';

const supplier = (name: string, extra: Partial<PaymentRecipient> = {}): PaymentRecipient => ({
  sPaymentRecipientId: name,
  sName: name,
  sEmail: `${name.toLowerCase().replace(/\s+/g, '')}@example.mx`,
  sBankName: 'BBVA MEXICO',
  sAccountNumber: '012180026050783858',
  sTaxId: 'PEE120315AB1',
  sEntityBusiness: 'COMPANY',
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
