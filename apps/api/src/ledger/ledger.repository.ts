import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Currency } from '../db/schema.js';
import {
  CUSTOMER_ACCOUNTS,
  HOUSE_ACCOUNTS,
  type CustomerAccountKind,
  type HouseAccountKind,
} from './accounts.js';

export async function ensureCustomerAccounts(db: Executor, enterpriseId: string): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values(
      Object.entries(CUSTOMER_ACCOUNTS).map(([kind, currency]) => ({
        id: randomUUID(),
        enterprise_id: enterpriseId,
        kind,
        currency,
        is_customer: true,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['enterprise_id', 'kind']).where('enterprise_id', 'is not', null).doNothing(),
    )
    .execute();
}

export async function ensureHouseAccounts(db: Executor): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values(
      Object.entries(HOUSE_ACCOUNTS).map(([kind, currency]) => ({
        id: randomUUID(),
        enterprise_id: null,
        kind,
        currency,
        is_customer: false,
      })),
    )
    .onConflict((oc) => oc.column('kind').where('enterprise_id', 'is', null).doNothing())
    .execute();
}

export async function findHouseAccountIds(db: Executor): Promise<Record<HouseAccountKind, string>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind'])
    .where('enterprise_id', 'is', null)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.kind, row.id])) as Record<
    HouseAccountKind,
    string
  >;
}

export async function findCustomerAccountIds(
  db: Executor,
  enterpriseId: string,
): Promise<Partial<Record<CustomerAccountKind, string>>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind'])
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.kind, row.id]));
}

/** Locks the rows in id order, the one order every writer uses, so two writers never deadlock. */
export async function lockAccounts(
  db: Executor,
  accountIds: string[],
): Promise<Map<string, { balance: bigint; isCustomer: boolean }>> {
  const ids = [...new Set(accountIds)].sort();
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance', 'is_customer'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(
    rows.map((row) => [row.id, { balance: row.balance, isCustomer: row.is_customer }]),
  );
}

export async function insertJournal(
  db: Executor,
  journal: {
    id: string;
    enterpriseId: string | null;
    kind: string;
    description: string;
    reference: string | null;
    quoteId: string | null;
    rateMicro: bigint | null;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('journals')
    .values({
      id: journal.id,
      enterprise_id: journal.enterpriseId,
      kind: journal.kind,
      description: journal.description,
      reference: journal.reference,
      quote_id: journal.quoteId,
      rate_micro: journal.rateMicro,
      created_at: journal.createdAt,
    })
    .execute();
}

export async function insertPostings(
  db: Executor,
  postings: Array<{
    journalId: string;
    accountId: string;
    currency: Currency;
    amount: bigint;
    createdAt: Date;
  }>,
): Promise<void> {
  await db
    .insertInto('postings')
    .values(
      postings.map((posting) => ({
        journal_id: posting.journalId,
        account_id: posting.accountId,
        currency: posting.currency,
        amount: posting.amount,
        created_at: posting.createdAt,
      })),
    )
    .execute();
}

export async function customerBalances(
  db: Executor,
  enterpriseId: string,
): Promise<Record<CustomerAccountKind, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  const balances: Record<CustomerAccountKind, bigint> = {
    USD_AVAILABLE: 0n,
    MXN_AVAILABLE: 0n,
    USD_FORWARD_DEPOSIT: 0n,
  };
  for (const row of rows) balances[row.kind as CustomerAccountKind] = row.balance;
  return balances;
}

/** Problems with the ledger's invariants; empty when it is sound. */
export async function ledgerInvariantViolations(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await sql<{ journal_id: string; currency: string; total: string }>`
    select journal_id, currency, sum(amount)::text as total from postings
    group by journal_id, currency having sum(amount) <> 0`.execute(db);
  for (const row of unbalanced.rows) {
    problems.push(`journal ${row.journal_id} sums to ${row.total} ${row.currency}`);
  }
  const drifted = await sql<{ id: string; balance: string; posted: string }>`
    select a.id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as posted
    from ledger_accounts a left join postings p on p.account_id = a.id
    group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`.execute(db);
  for (const row of drifted.rows) {
    problems.push(`account ${row.id} caches ${row.balance} but its postings sum to ${row.posted}`);
  }
  const negative = await sql<{ id: string; balance: string }>`
    select id, balance::text as balance from ledger_accounts where is_customer and balance < 0`.execute(
    db,
  );
  for (const row of negative.rows)
    problems.push(`customer account ${row.id} is negative: ${row.balance}`);
  return problems;
}
