import { moneyToNumber } from '@app/domain';
import { z } from 'zod';
import { STATEMENT_ENTRY_STATUSES } from '../../../db/schema.js';
import type { StatementEntryRow } from './bank-statements.repository.js';
import { IMPORT_OUTCOMES, type ImportResult } from './bank-statements.service.js';
import type * as repo from './bank-statements.repository.js';
import { STATEMENT_FORMATS } from './statement-entry.js';

export const importAnswerSchema = z.object({
  sFileId: z.string(),
  sFileName: z.string(),
  sFormat: z.enum(STATEMENT_FORMATS),
  iMatched: z.number().int(),
  iUnmatched: z.number().int(),
  iAlreadyImported: z.number().int(),
  iIgnored: z.number().int(),
  entries: z.array(
    z.object({
      sBankReference: z.string(),
      dAmount: z.number(),
      sCurrency: z.string(),
      sOutcome: z.enum(IMPORT_OUTCOMES),
      sEnterpriseId: z.string().nullable(),
      sIgnoredBecause: z.enum(['DEBIT', 'PENDING', 'NOT_USD']).nullable(),
    }),
  ),
});

export function mapImportResult(result: ImportResult): z.infer<typeof importAnswerSchema> {
  const count = (outcome: (typeof IMPORT_OUTCOMES)[number]) =>
    result.entries.filter((entry) => entry.outcome === outcome).length;
  return {
    sFileId: result.fileId,
    sFileName: result.fileName,
    sFormat: result.format,
    iMatched: count('MATCHED'),
    iUnmatched: count('UNMATCHED'),
    iAlreadyImported: count('ALREADY_IMPORTED'),
    iIgnored: count('IGNORED'),
    entries: result.entries.map((entry) => ({
      sBankReference: entry.bankReference,
      dAmount: moneyToNumber(entry.amount),
      sCurrency: entry.currency,
      sOutcome: entry.outcome,
      sEnterpriseId: entry.enterpriseId,
      sIgnoredBecause: entry.ignoredBecause,
    })),
  };
}

export const unmatchedListSchema = z.object({
  total: z.number().int(),
  entries: z.array(
    z.object({
      sEntryId: z.string(),
      sBankReference: z.string(),
      dAmount: z.number(),
      dBookingDate: z.string().nullable(),
      sDebtorName: z.string().nullable(),
      sEndToEndId: z.string().nullable(),
      sRemittance: z.string(),
      sFileName: z.string(),
      sFormat: z.enum(STATEMENT_FORMATS),
      created_at: z.string(),
    }),
  ),
});

export function mapUnmatched(
  rows: Awaited<ReturnType<typeof repo.listUnmatched>>,
  total: number,
): z.infer<typeof unmatchedListSchema> {
  return {
    total,
    entries: rows.map((row) => ({
      sEntryId: row.id,
      sBankReference: row.bank_reference,
      dAmount: moneyToNumber(row.amount_usd),
      dBookingDate: row.booking_date,
      sDebtorName: row.debtor_name,
      sEndToEndId: row.end_to_end_id,
      sRemittance: row.remittance,
      sFileName: row.file_name,
      sFormat: row.format,
      created_at: row.created_at.toISOString(),
    })),
  };
}

export const decidedEntrySchema = z.object({
  sEntryId: z.string(),
  sBankReference: z.string(),
  dAmount: z.number(),
  sStatus: z.enum(STATEMENT_ENTRY_STATUSES),
  sEnterpriseId: z.string().nullable(),
  sRejectReason: z.string().nullable(),
});

export function mapDecidedEntry(row: StatementEntryRow): z.infer<typeof decidedEntrySchema> {
  return {
    sEntryId: row.id,
    sBankReference: row.bank_reference,
    dAmount: moneyToNumber(row.amount_usd),
    sStatus: row.status,
    sEnterpriseId: row.enterprise_id,
    sRejectReason: row.reject_reason,
  };
}
