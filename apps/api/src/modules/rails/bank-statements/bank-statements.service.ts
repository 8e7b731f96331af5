import { createHash, randomUUID } from 'node:crypto';
import type { CalendarDate } from '@app/domain';
import type { Db, Trx } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import type { FundsService } from '../../funds/funds.service.js';
import { isUuid } from '../../rates/rates.service.js';
import * as repo from './bank-statements.repository.js';
import {
  StatementUnreadableError,
  type StatementEntry,
  type StatementFormat,
} from './statement-entry.js';
import { parseStatement } from './statement-parser.js';
import { statementDifferencesOn, type StatementDifference } from './statement-reconciliation.js';

/** What became of one entry of an imported file. */
export const IMPORT_OUTCOMES = ['MATCHED', 'UNMATCHED', 'ALREADY_IMPORTED', 'IGNORED'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export interface ImportedEntry {
  bankReference: string;
  amount: bigint;
  currency: string;
  credit: boolean;
  outcome: ImportOutcome;
  enterpriseId: string | null;
  /** Why an entry was not considered: a debit, a pending entry, another currency. */
  ignoredBecause: 'DEBIT' | 'PENDING' | 'NOT_USD' | null;
}

export interface ImportResult {
  fileId: string;
  fileName: string;
  format: StatementFormat;
  entries: ImportedEntry[];
}

/** A company's deposit reference as `newDepositReference` draws it (funds.service.ts). */
const DEPOSIT_REFERENCE = /PP[A-HJ-NP-Z2-9]{8}/g;

/** The deposit references written in a remittance text, whatever its spacing and case. */
export function depositReferencesIn(remittance: string): string[] {
  return [...new Set(remittance.toUpperCase().match(DEPOSIT_REFERENCE) ?? [])];
}

function ignoredBecause(entry: StatementEntry): ImportedEntry['ignoredBecause'] {
  if (!entry.credit) return 'DEBIT';
  if (!entry.booked) return 'PENDING';
  if (entry.currency !== 'USD') return 'NOT_USD';
  return null;
}

/**
 * USD in from the bank's statements: each booked USD credit whose remittance carries one
 * company's deposit reference credits that company once (the bank's reference is the key,
 * shared with the hand-typed credit); the others wait for the operator.
 */
export class BankStatementsService {
  constructor(
    private readonly db: Db,
    private readonly funds: FundsService,
    private readonly now: () => Date,
  ) {}

  async importStatement(input: {
    fileName: string;
    content: string;
    source: 'UPLOAD' | 'FOLDER';
    userId: string | null;
  }): Promise<ImportResult> {
    let parsed;
    try {
      parsed = parseStatement(input.content);
    } catch (error) {
      if (error instanceof StatementUnreadableError) {
        throw new AppError('STATEMENT_UNREADABLE', { field: 'sContent', cause: error });
      }
      throw error;
    }
    const now = this.now();
    const fileId = randomUUID();
    const entries = await this.db.transaction().execute(async (trx) => {
      await repo.insertFile(trx, {
        id: fileId,
        file_name: input.fileName,
        format: parsed.format,
        content_sha256: createHash('sha256').update(input.content).digest('hex'),
        source: input.source,
        imported_by_user_id: input.userId,
        entry_count: parsed.entries.length,
        imported_at: now,
      });
      const results: ImportedEntry[] = [];
      for (const entry of parsed.entries) {
        results.push(await this.importEntry(trx, fileId, entry, now));
      }
      return results;
    });
    return { fileId, fileName: input.fileName, format: parsed.format, entries };
  }

  private async importEntry(
    trx: Trx,
    fileId: string,
    entry: StatementEntry,
    now: Date,
  ): Promise<ImportedEntry> {
    const base = {
      bankReference: entry.bankReference,
      amount: entry.amount,
      currency: entry.currency,
      credit: entry.credit,
    };
    const ignored = ignoredBecause(entry);
    if (ignored !== null || entry.amount <= 0n) {
      return { ...base, outcome: 'IGNORED', enterpriseId: null, ignoredBecause: ignored };
    }
    // Two imports of one file at once: the second waits here, then finds the first's row.
    await this.funds.lockBankReference(trx, entry.bankReference);
    const known = await repo.findEntryByReference(trx, entry.bankReference);
    if (known) {
      return {
        ...base,
        outcome: 'ALREADY_IMPORTED',
        enterpriseId: known.enterprise_id,
        ignoredBecause: null,
      };
    }
    const row: repo.StatementEntryRow = {
      id: randomUUID(),
      bank_reference: entry.bankReference,
      file_id: fileId,
      amount_usd: entry.amount,
      booking_date: entry.bookingDate,
      debtor_name: entry.debtorName,
      end_to_end_id: entry.endToEndId,
      remittance: entry.remittance,
      status: 'UNMATCHED',
      enterprise_id: null,
      decided_by_user_id: null,
      decided_at: null,
      reject_reason: null,
      created_at: now,
    };
    // A wire the operator typed by hand before the statement came: already credited.
    const typed = await this.funds.depositByReference(trx, entry.bankReference);
    if (typed) {
      if (typed.amountUsd === entry.amount) {
        await repo.insertEntry(trx, {
          ...row,
          status: 'MATCHED',
          enterprise_id: typed.enterpriseId,
        });
        return {
          ...base,
          outcome: 'ALREADY_IMPORTED',
          enterpriseId: typed.enterpriseId,
          ignoredBecause: null,
        };
      }
      await repo.insertEntry(trx, row);
      return { ...base, outcome: 'UNMATCHED', enterpriseId: null, ignoredBecause: null };
    }
    const matches = await repo.findEnterprisesByDepositReference(
      trx,
      depositReferencesIn(entry.remittance),
    );
    // Two companies' references in one remittance is for a person to decide.
    const enterprise = matches.length === 1 ? matches[0] : undefined;
    if (!enterprise) {
      await repo.insertEntry(trx, row);
      return { ...base, outcome: 'UNMATCHED', enterpriseId: null, ignoredBecause: null };
    }
    await this.funds.creditDepositIn(
      trx,
      { enterpriseId: enterprise.id, amountUsd: entry.amount, bankReference: entry.bankReference },
      now,
    );
    await repo.insertEntry(trx, { ...row, status: 'MATCHED', enterprise_id: enterprise.id });
    return { ...base, outcome: 'MATCHED', enterpriseId: enterprise.id, ignoredBecause: null };
  }

  async listUnmatched(page: number, limit: number) {
    const [rows, total] = await Promise.all([
      repo.listUnmatched(this.db, { offset: (page - 1) * limit, limit }),
      repo.countUnmatched(this.db),
    ]);
    return { rows, total };
  }

  /** Credits a waiting entry to the company the operator names. */
  async assignEntry(input: {
    entryId: string;
    enterpriseId: string;
    userId: string;
  }): Promise<repo.StatementEntryRow> {
    if (!isUuid(input.entryId)) throw new AppError('NOT_FOUND');
    if (!isUuid(input.enterpriseId)) throw new AppError('NOT_FOUND', { field: 'sEnterpriseId' });
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const entry = await this.requireWaiting(trx, input.entryId);
      await this.funds.creditDepositIn(
        trx,
        {
          enterpriseId: input.enterpriseId,
          amountUsd: entry.amount_usd,
          bankReference: entry.bank_reference,
        },
        now,
      );
      const decided = {
        status: 'ASSIGNED' as const,
        enterpriseId: input.enterpriseId,
        userId: input.userId,
        at: now,
        rejectReason: null,
      };
      await repo.decideEntry(trx, entry.id, decided);
      return {
        ...entry,
        status: decided.status,
        enterprise_id: decided.enterpriseId,
        decided_by_user_id: decided.userId,
        decided_at: now,
      };
    });
  }

  /** Closes a waiting entry without crediting anyone (returned to the payer, not ours…). */
  async rejectEntry(input: {
    entryId: string;
    reason: string;
    userId: string;
  }): Promise<repo.StatementEntryRow> {
    if (!isUuid(input.entryId)) throw new AppError('NOT_FOUND');
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const entry = await this.requireWaiting(trx, input.entryId);
      await repo.decideEntry(trx, entry.id, {
        status: 'REJECTED',
        enterpriseId: null,
        userId: input.userId,
        at: now,
        rejectReason: input.reason,
      });
      return {
        ...entry,
        status: 'REJECTED' as const,
        decided_by_user_id: input.userId,
        decided_at: now,
        reject_reason: input.reason,
      };
    });
  }

  /** The day's differences between the imported statements and the ledger. */
  async differencesOn(day: CalendarDate): Promise<StatementDifference[]> {
    return statementDifferencesOn(this.db, day);
  }

  private async requireWaiting(trx: Trx, entryId: string): Promise<repo.StatementEntryRow> {
    const entry = await repo.lockEntry(trx, entryId);
    if (!entry) throw new AppError('NOT_FOUND');
    if (entry.status !== 'UNMATCHED') throw new AppError('INVALID_STATE');
    return entry;
  }
}
