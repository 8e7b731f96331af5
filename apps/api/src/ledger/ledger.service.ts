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
  reference?: string | null;
  quoteId?: string | null;
  rateMicro?: bigint | null;
  createdAt: Date;
  lines: PostingLine[];
}

/**
 * The money core. Every movement is one journal whose lines sum to zero per currency.
 * `post` must run inside the caller's transaction: it locks the accounts it touches in
 * a fixed order, refuses to take a customer account below zero, and writes the journal;
 * the database moves the cached balances and checks the sums at commit.
 */
export class LedgerService {
  private houseAccountIds: Record<HouseAccountKind, string> | undefined;
  private readonly customerAccountIds = new Map<
    string,
    Partial<Record<CustomerAccountKind, string>>
  >();

  async post(trx: Trx, entry: JournalEntry): Promise<string> {
    const lines = entry.lines.filter((line) => line.amount !== 0n);
    assertBalanced(lines);
    const resolved = await Promise.all(
      lines.map(async (line) => ({ ...line, accountId: await this.accountId(trx, line.account) })),
    );
    const locked = await repo.lockAccounts(
      trx,
      resolved.map((line) => line.accountId),
    );
    const change = new Map<string, bigint>();
    for (const line of resolved)
      change.set(line.accountId, (change.get(line.accountId) ?? 0n) + line.amount);
    for (const [accountId, delta] of change) {
      const account = locked.get(accountId);
      if (!account) throw new Error(`Ledger account ${accountId} is missing`);
      if (account.isCustomer && account.balance + delta < 0n)
        throw new AppError('INSUFFICIENT_FUNDS');
    }
    const journalId = randomUUID();
    await repo.insertJournal(trx, {
      id: journalId,
      enterpriseId: entry.enterpriseId,
      kind: entry.kind,
      description: entry.description,
      reference: entry.reference ?? null,
      quoteId: entry.quoteId ?? null,
      rateMicro: entry.rateMicro ?? null,
      createdAt: entry.createdAt,
    });
    await repo.insertPostings(
      trx,
      resolved.map((line) => ({
        journalId,
        accountId: line.accountId,
        currency: currencyOf(line.account),
        amount: line.amount,
        createdAt: entry.createdAt,
      })),
    );
    return journalId;
  }

  /** Balances of an enterprise's accounts (zero before its first movement). */
  balances(db: Executor, enterpriseId: string): Promise<Record<CustomerAccountKind, bigint>> {
    return repo.customerBalances(db, enterpriseId);
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
    if (this.houseAccountIds) return this.houseAccountIds[ref.house];
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
