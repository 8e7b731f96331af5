import { randomUUID } from 'node:crypto';
import type { Executor, Trx } from '../db/database.js';
import { AppError } from '../errors.js';
import {
  currencyOf,
  type AccountRef,
  type CustomerAccountKind,
  type HouseAccountKind,
  type JournalKind,
} from './accounts.js';
import type { JournalDescription } from './journal-description.js';
import * as repo from './ledger.repository.js';

export interface PostingLine {
  account: AccountRef;
  /** Signed minor units: positive raises the account's balance, negative lowers it. */
  amount: bigint;
}

export interface JournalEntry {
  enterpriseId: string | null;
  kind: JournalKind;
  description: string;
  /** The description as a code and parameters, rendered per language when read. */
  descriptionCode?: JournalDescription | undefined;
  reference?: string | null;
  quoteId?: string | null;
  rateMicro?: bigint | null;
  createdAt: Date;
  lines: PostingLine[];
}

export interface PreparedJournal {
  journal: repo.NewJournal;
  postings: repo.NewPosting[];
}

/**
 * The money core. Every movement is one journal whose lines sum to zero per currency.
 * `post` must run inside the caller's transaction: it writes the journal and its postings
 * in one statement; the database moves (and locks, in a fixed order) the customer
 * accounts' cached balances, refuses to take one below zero, and checks the sums at commit.
 * House accounts are not locked: they cache no balance, so journals of different
 * enterprises never wait for each other.
 */
export class LedgerService {
  private houseAccountIds: Record<HouseAccountKind, string> | undefined;
  private readonly customerAccountIds = new Map<
    string,
    Partial<Record<CustomerAccountKind, string>>
  >();

  async post(trx: Trx, entry: JournalEntry): Promise<string> {
    const prepared = await this.prepare(trx, entry);
    try {
      await repo.insertJournalWithPostings(trx, prepared.journal, prepared.postings);
    } catch (error) {
      // The balance CHECK is the funds check: it runs on the locked, current balance.
      if (isNegativeBalanceViolation(error)) throw new AppError('INSUFFICIENT_FUNDS');
      throw error;
    }
    return prepared.journal.id;
  }

  /**
   * The journal and its postings as `post` writes them, for a write made whole in one
   * statement (`repo.journalWithPostingsCtes`): checked to balance, with account ids, the
   * postings in lock order. It writes nothing but accounts not yet made.
   */
  async prepare(db: Executor, entry: JournalEntry): Promise<PreparedJournal> {
    const lines = entry.lines.filter((line) => line.amount !== 0n);
    assertBalanced(lines);
    const resolved = await Promise.all(
      lines.map(async (line) => ({ ...line, accountId: await this.accountId(db, line.account) })),
    );
    resolved.sort(repo.inLockOrder);
    return {
      journal: {
        id: randomUUID(),
        enterpriseId: entry.enterpriseId,
        kind: entry.kind,
        description: entry.description,
        descriptionCode: entry.descriptionCode?.code ?? null,
        descriptionParams: entry.descriptionCode?.params ?? null,
        reference: entry.reference ?? null,
        quoteId: entry.quoteId ?? null,
        rateMicro: entry.rateMicro ?? null,
        createdAt: entry.createdAt,
      },
      postings: resolved.map((line) => ({
        accountId: line.accountId,
        currency: currencyOf(line.account),
        amount: line.amount,
      })),
    };
  }

  /** Balances of an enterprise's accounts (zero before its first movement). */
  balances(db: Executor, enterpriseId: string): Promise<Record<repo.BalanceKind, bigint>> {
    return repo.customerBalances(db, enterpriseId);
  }

  /** A house account's balance, summed from its postings. */
  houseBalance(db: Executor, kind: HouseAccountKind): Promise<bigint> {
    return repo.houseBalance(db, kind);
  }

  /**
   * The account ids of an enterprise, created on first use. Only ids found already
   * committed are cached: ids created inside a transaction that may still roll back are not.
   */
  async customerAccountId(
    db: Executor,
    enterpriseId: string,
    kind: CustomerAccountKind,
  ): Promise<string> {
    const cached = this.customerAccountIds.get(enterpriseId)?.[kind];
    if (cached) return cached;
    let ids = await repo.findCustomerAccountIds(db, enterpriseId);
    if (ids[kind]) {
      this.customerAccountIds.set(enterpriseId, ids);
    } else {
      await repo.ensureCustomerAccounts(db, enterpriseId);
      ids = await repo.findCustomerAccountIds(db, enterpriseId);
    }
    const id = ids[kind];
    if (!id) throw new Error(`Account ${kind} of ${enterpriseId} is missing`);
    return id;
  }

  private async accountId(db: Executor, ref: AccountRef): Promise<string> {
    if (!('house' in ref)) return this.customerAccountId(db, ref.enterpriseId, ref.kind);
    const known = this.houseAccountIds?.[ref.house];
    if (known) return known;
    let ids = await repo.findHouseAccountIds(db);
    if (ids[ref.house]) {
      this.houseAccountIds = ids;
    } else {
      await repo.ensureHouseAccounts(db);
      ids = await repo.findHouseAccountIds(db);
    }
    return ids[ref.house];
  }
}

function assertBalanced(lines: PostingLine[]): void {
  const sums = new Map<string, bigint>();
  for (const line of lines) {
    const currency = currencyOf(line.account);
    sums.set(currency, (sums.get(currency) ?? 0n) + line.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`Journal lines sum to ${sum} ${currency}, not zero`);
  }
}

/** Whether a database error is the CHECK that keeps customer balances at or above zero. */
export function isNegativeBalanceViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'constraint' in error &&
    error.constraint === 'customer_balance_not_negative'
  );
}
