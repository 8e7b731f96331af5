import { randomUUID } from 'node:crypto';
import { BUSINESS_TIME_ZONE } from '@app/domain';
import { sql, type RawBuilder } from 'kysely';
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
        balance: 0n,
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
        // House accounts cache no balance: it is the sum of their postings.
        balance: null,
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

export interface NewJournal {
  id: string;
  enterpriseId: string | null;
  kind: string;
  description: string;
  descriptionCode?: string | null;
  descriptionParams?: Record<string, string> | null;
  reference: string | null;
  quoteId: string | null;
  rateMicro: bigint | null;
  createdAt: Date;
}

export interface NewPosting {
  accountId: string;
  currency: Currency;
  amount: bigint;
}

/**
 * The order postings are written in: account id order (the order the posting trigger locks
 * customer balances in, migration 0020), and on one account credits before debits, so a
 * statement's postings read in the order their balances move.
 */
export function inLockOrder(
  a: { accountId: string; amount: bigint },
  b: { accountId: string; amount: bigint },
): number {
  if (a.accountId !== b.accountId) return a.accountId < b.accountId ? -1 : 1;
  return Number(b.amount > a.amount) - Number(a.amount > b.amount);
}

/**
 * One journal and its postings in one statement. The postings' trigger (once per statement)
 * refuses a journal that does not sum to zero and moves (and so locks, in account id order)
 * each customer account's cached balance by what the statement nets on it; the CHECK on that
 * balance refuses to take it below zero.
 */
export async function insertJournalWithPostings(
  db: Executor,
  journal: NewJournal,
  postings: NewPosting[],
): Promise<void> {
  await sql`with ${journalWithPostingsCtes(journal, postings)} select 1`.execute(db);
}

/**
 * The `journal` and `postings` CTEs of a statement that writes a journal, for
 * `insertJournalWithPostings` and for writes made whole in one statement. With `onlyIf`,
 * they write only when it holds (a claimed idempotency key).
 */
export function journalWithPostingsCtes(
  journal: NewJournal,
  postings: NewPosting[],
  onlyIf: RawBuilder<unknown> = sql`true`,
): RawBuilder<unknown> {
  const rows = postings.map(
    (posting) =>
      sql`(${posting.accountId}::uuid, ${posting.currency}::text, ${posting.amount}::bigint)`,
  );
  return sql`journal as (
    insert into journals
      (id, enterprise_id, kind, description, description_code, description_params, reference,
        quote_id, rate_micro, created_at)
    select ${journal.id}::uuid, ${journal.enterpriseId}::uuid, ${journal.kind}::text,
      ${journal.description}::text, ${journal.descriptionCode ?? null}::text,
      ${journal.descriptionParams ? JSON.stringify(journal.descriptionParams) : null}::jsonb,
      ${journal.reference}::text, ${journal.quoteId}::uuid,
      ${journal.rateMicro}::bigint, ${journal.createdAt}::timestamptz
    where ${onlyIf}),
  postings as (
    insert into postings (journal_id, account_id, currency, amount, created_at)
    select ${journal.id}::uuid, line.account_id, line.currency, line.amount,
      ${journal.createdAt}::timestamptz
    from (values ${sql.join(rows)}) as line (account_id, currency, amount)
    where ${onlyIf})`;
}

/** The balances of an enterprise's available and forward-deposit accounts. */
export type BalanceKind = Exclude<CustomerAccountKind, 'USD_ORDER_HELD'>;

export async function customerBalances(
  db: Executor,
  enterpriseId: string,
): Promise<Record<BalanceKind, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  const balances: Record<BalanceKind, bigint> = {
    USD_AVAILABLE: 0n,
    MXN_AVAILABLE: 0n,
    USD_FORWARD_DEPOSIT: 0n,
  };
  for (const row of rows) {
    if (row.kind in balances) balances[row.kind as BalanceKind] = row.balance ?? 0n;
  }
  return balances;
}

/** A house account's balance: the sum of its postings (house accounts cache none). */
export async function houseBalance(db: Executor, kind: HouseAccountKind): Promise<bigint> {
  const row = await sql<{ balance: string }>`
    select coalesce(sum(p.amount), 0)::text as balance
    from ledger_accounts a join postings p on p.account_id = a.id
    where a.enterprise_id is null and a.kind = ${kind}`.execute(db);
  return BigInt(row.rows[0]?.balance ?? '0');
}

/** Problems with the ledger's invariants; empty when it is sound. */
/** Day rows that differ from their postings (debits/credits/movements), or lack a side. */
const ACCOUNT_DAYS_AGAINST_POSTINGS = sql<{
  account_id: string;
  day: string;
  stored: string;
  posted: string;
}>`
  select coalesce(d.account_id, p.account_id) as account_id, coalesce(d.day, p.day)::text as day,
    case when d.account_id is null then 'no row'
      else concat_ws('/', d.debits, d.credits, d.movements) end as stored,
    case when p.account_id is null then 'no postings'
      else concat_ws('/', p.debits, p.credits, p.movements) end as posted
  from account_days d
  full join (
    select p.account_id, (p.created_at at time zone ${sql.lit(BUSINESS_TIME_ZONE)})::date as day,
      coalesce(-sum(p.amount) filter (where p.amount < 0), 0) as debits,
      coalesce(sum(p.amount) filter (where p.amount > 0), 0) as credits,
      count(*) as movements
    from postings p join ledger_accounts a on a.id = p.account_id
    where a.is_customer
    group by 1, 2) p on p.account_id = d.account_id and p.day = d.day
  where d.account_id is null or p.account_id is null
     or (d.debits, d.credits, d.movements) <> (p.debits, p.credits, p.movements)`;

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
    where a.balance is not null
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
  // Each customer account's day rows (migration 0018) against its postings, day by day.
  const days = await ACCOUNT_DAYS_AGAINST_POSTINGS.execute(db);
  for (const row of days.rows) {
    problems.push(
      `account ${row.account_id} stores ${row.stored} for ${row.day} but its postings make ${row.posted}`,
    );
  }
  // Held order funds: each buyer's held account equals the sum of its open orders' holds.
  const held = await sql<{ enterprise_id: string; account: string; orders: string }>`
    select coalesce(a.enterprise_id, o.buyer_enterprise_id) as enterprise_id,
      coalesce(a.balance, 0)::text as account, coalesce(o.held, 0)::text as orders
    from (select enterprise_id, balance from ledger_accounts where kind = 'USD_ORDER_HELD') a
    full join (select buyer_enterprise_id, sum(held_cents) as held from orders
      group by buyer_enterprise_id) o on o.buyer_enterprise_id = a.enterprise_id
    where coalesce(a.balance, 0) <> coalesce(o.held, 0)`.execute(db);
  for (const row of held.rows) {
    problems.push(
      `enterprise ${row.enterprise_id} holds ${row.account} for orders whose holds sum to ${row.orders}`,
    );
  }
  return problems;
}
