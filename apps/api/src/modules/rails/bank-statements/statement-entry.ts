import { createHash } from 'node:crypto';
import type { CalendarDate } from '@app/domain';

/** The statement formats a bank sends (DOMAIN.md, "Bank statements"). */
export const STATEMENT_FORMATS = ['camt.053', 'camt.054', 'BAI2'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** One entry of a statement, whatever the format said it in. */
export interface StatementEntry {
  /**
   * The bank's own reference of the entry (camt `AcctSvcrRef`, BAI2 bank reference): the key
   * that makes a second import of the same entry credit nothing. Entries that carry none get
   * one derived from their content and position in the file, which a re-import repeats.
   */
  bankReference: string;
  credit: boolean;
  /** camt `Sts` BOOK (pending entries are not money yet); BAI2 reports only booked items. */
  booked: boolean;
  currency: string;
  /** Minor units (cents). */
  amount: bigint;
  bookingDate: CalendarDate | null;
  debtorName: string | null;
  endToEndId: string | null;
  /** Every remittance text of the entry, joined by spaces: where a payer writes our reference. */
  remittance: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  entries: StatementEntry[];
}

/** Why a file cannot be read as a statement; nothing of it is written. */
export class StatementUnreadableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'StatementUnreadableError';
  }
}

/** A stable key for an entry the bank gave no reference to. */
export function derivedReference(
  format: StatementFormat,
  index: number,
  parts: Array<string | bigint | null>,
): string {
  const digest = createHash('sha256')
    .update([format, index, ...parts.map((part) => String(part ?? ''))].join('\u001f'))
    .digest('hex');
  return `DERIVED-${digest.slice(0, 24)}`;
}
