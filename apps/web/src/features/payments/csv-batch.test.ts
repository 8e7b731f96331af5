import { describe, expect, it } from 'vitest';
import type { PaymentRecipient } from '../../lib/finance/types';
import { CSV_BATCH_TEMPLATE, readCsvBatch } from './csv-batch';

const supplier = (id: string, rfc: string): PaymentRecipient => ({
  sPaymentRecipientId: id,
  sName: `Supplier ${id}`,
  sEmail: '',
  sBankName: 'BANORTE',
  sAccountNumber: '072180000123456780',
  sTaxId: rfc,
  sEntityBusiness: 'COMPANY',
  dPaymentsHeldUntil: null,
});

const suppliers = [supplier('s-1', 'LCO150820KJ3'), supplier('s-2', 'AVA120315AB1')];

describe('readCsvBatch', () => {
  it('reads the template: suppliers by RFC, exact amounts', () => {
    const { rows, fileError } = readCsvBatch(CSV_BATCH_TEMPLATE, suppliers);
    expect(fileError).toBeUndefined();
    expect(
      rows.map((row) => [row.line, row.supplier?.sPaymentRecipientId, row.amountCents, row.errors]),
    ).toEqual([
      [2, 's-1', 4_825_075n, []],
      [3, 's-2', 1_200_000n, []],
    ]);
  });

  it('marks each wrong row: unknown supplier, bad amount, empty concept; quoted commas are kept', () => {
    const csv = [
      'supplier,amount_mxn,concept',
      'XXX010101AB1,100,Pago',
      's-2,10.005,Pago',
      'lco-150820-kj3,"1,250.50","Factura 7, lote 2"',
      's-1,0,',
    ].join('\n');
    const { rows } = readCsvBatch(csv, suppliers);
    expect(rows.map((row) => row.errors)).toEqual([
      ['SUPPLIER'],
      ['AMOUNT'],
      [],
      ['AMOUNT', 'CONCEPT'],
    ]);
    expect(rows[2]?.amountCents).toBe(125_050n);
    expect(rows[2]?.concept).toBe('Factura 7, lote 2');
  });

  it('refuses a file without the header, or without rows', () => {
    expect(readCsvBatch('rfc,amount\nA,1', suppliers).fileError).toBe('HEADER');
    expect(readCsvBatch('supplier,amount_mxn,concept\n', suppliers).fileError).toBe('EMPTY');
  });
});
