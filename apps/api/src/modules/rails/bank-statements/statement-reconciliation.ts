import { addDays, moneyToNumber, type CalendarDate } from '@app/domain';
import type { Db } from '../../../db/database.js';
import { startOfDay } from '../../statement/business-day.js';
import * as repo from './bank-statements.repository.js';

/** A difference between what the bank's statements say and what the ledger holds. */
export const STATEMENT_DIFFERENCE_KINDS = [
  /** A booked credit at the bank that credited no one here (the unmatched queue). */
  'RECEIVED_NOT_CREDITED',
  /** A wire credited here whose bank reference no imported statement holds. */
  'CREDITED_NOT_IN_STATEMENT',
  /** Credited here with an amount other than the bank's. */
  'AMOUNT_DIFFERS',
] as const;
export type StatementDifferenceKind = (typeof STATEMENT_DIFFERENCE_KINDS)[number];

export interface StatementDifference {
  sKind: StatementDifferenceKind;
  sBankReference: string;
  /** What the bank's statement says; null when no statement holds the reference. */
  dBankAmount: number | null;
  /** What the ledger credited; null when nothing was credited. */
  dLedgerAmount: number | null;
  sEnterpriseId: string | null;
}

/**
 * The day's differences between the imported statements and the ledger's USD credits:
 * statement entries by their booking date, credits by their day in the business time zone.
 * Computed when asked, so a decision in the unmatched queue shows at once.
 */
export async function statementDifferencesOn(
  db: Db,
  day: CalendarDate,
): Promise<StatementDifference[]> {
  const [uncredited, mismatched, unstated] = await Promise.all([
    repo.listUncreditedOn(db, day),
    repo.listAmountMismatchesOn(db, day),
    repo.listCreditsWithoutStatement(db, startOfDay(day), startOfDay(addDays(day, 1))),
  ]);
  return [
    ...uncredited.map((row) => ({
      sKind: 'RECEIVED_NOT_CREDITED' as const,
      sBankReference: row.bank_reference,
      dBankAmount: moneyToNumber(row.amount_usd),
      dLedgerAmount: null,
      sEnterpriseId: null,
    })),
    ...mismatched.map((row) => ({
      sKind: 'AMOUNT_DIFFERS' as const,
      sBankReference: row.bank_reference,
      dBankAmount: moneyToNumber(row.amount_usd),
      dLedgerAmount: moneyToNumber(row.credited_usd),
      sEnterpriseId: row.enterprise_id,
    })),
    ...unstated.map((row) => ({
      sKind: 'CREDITED_NOT_IN_STATEMENT' as const,
      sBankReference: row.bank_reference,
      dBankAmount: null,
      dLedgerAmount: moneyToNumber(row.amount_usd),
      sEnterpriseId: row.enterprise_id,
    })),
  ];
}
