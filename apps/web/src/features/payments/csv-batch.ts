import { DomainInputError, normalizeRfc, parseMoney } from '@app/domain';
import Papa from 'papaparse';
import type { PaymentRecipient } from '../../lib/finance/types';

/** The header of the batch CSV, and its downloadable template. */
export const CSV_BATCH_HEADER = ['supplier', 'amount_mxn', 'concept'] as const;
export const CSV_BATCH_TEMPLATE =
  'supplier,amount_mxn,concept\r\nLCO150820KJ3,48250.75,Factura LC-2031\r\nAVA120315AB1,12000.00,Anticipo cosecha noviembre\r\n';
export const CSV_BATCH_MAX_ROWS = 1000;

export type CsvRowError = 'SUPPLIER' | 'AMOUNT' | 'CONCEPT';
export type CsvFileError = 'HEADER' | 'EMPTY' | 'TOO_MANY';

export interface CsvBatchRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  supplierText: string;
  amountText: string;
  concept: string;
  supplier?: PaymentRecipient;
  /** MXN cents, when valid. */
  amountCents?: bigint;
  errors: CsvRowError[];
}

/**
 * Reads a batch CSV (papaparse: quotes, commas inside quotes, CRLF) and checks each row:
 * the supplier by RFC or id among the live suppliers, the MXN amount (> 0, 2 decimals at
 * most, read exactly), the concept (1-200 characters). Nothing is sent while a row is wrong.
 */
export function readCsvBatch(
  text: string,
  suppliers: PaymentRecipient[],
): { rows: CsvBatchRow[]; fileError?: CsvFileError } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...body] = parsed.data;
  const headerOk =
    header !== undefined &&
    header.length >= 3 &&
    CSV_BATCH_HEADER.every((name, index) => header[index]?.trim().toLowerCase() === name);
  if (!headerOk) return { rows: [], fileError: 'HEADER' };
  if (body.length === 0) return { rows: [], fileError: 'EMPTY' };
  if (body.length > CSV_BATCH_MAX_ROWS) return { rows: [], fileError: 'TOO_MANY' };
  const byRfc = new Map<string, PaymentRecipient>();
  const byId = new Map<string, PaymentRecipient>();
  for (const supplier of suppliers) {
    const rfc = normalizeRfc(supplier.sTaxId);
    if (!byRfc.has(rfc)) byRfc.set(rfc, supplier);
    byId.set(supplier.sPaymentRecipientId, supplier);
  }
  const rows = body.map((cells, index): CsvBatchRow => {
    const supplierText = (cells[0] ?? '').trim();
    const amountText = (cells[1] ?? '').trim();
    const concept = (cells[2] ?? '').trim();
    const errors: CsvRowError[] = [];
    const supplier = byId.get(supplierText) ?? byRfc.get(normalizeRfc(supplierText));
    if (!supplier) errors.push('SUPPLIER');
    let amountCents: bigint | undefined;
    try {
      amountCents = parseMoney(amountText.replace(/[$,\s]/g, ''));
      if (amountCents <= 0n) amountCents = undefined;
    } catch (error) {
      if (!(error instanceof DomainInputError)) throw error;
    }
    if (amountCents === undefined) errors.push('AMOUNT');
    if (concept.length === 0 || concept.length > 200) errors.push('CONCEPT');
    return {
      line: index + 2,
      supplierText,
      amountText,
      concept,
      ...(supplier ? { supplier } : {}),
      ...(amountCents !== undefined ? { amountCents } : {}),
      errors,
    };
  });
  return { rows };
}
