import { sql } from 'kysely';
import type { CalendarDate } from '@app/domain';
import type { Executor } from '../../db/database.js';

export type StatementAccountKind = 'USD_AVAILABLE' | 'MXN_AVAILABLE';

/** The enterprise's ledger account of that kind; undefined before its first movement. */
export async function findAccountId(
  db: Executor,
  enterpriseId: string,
  kind: StatementAccountKind,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.id;
}

export interface PeriodSums {
  opening: bigint;
  debits: bigint;
  credits: bigint;
  /** How many postings [from, to) holds. */
  count: number;
}

/**
 * Balance before the day `from`, the money out (as a positive number) and in during the days
 * [from, to] (business days, both included), and how many postings that is: from the
 * account's day rows (migration 0018), at most one a day, not from every posting.
 */
export async function periodSums(
  db: Executor,
  accountId: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<PeriodSums> {
  const result = await sql<{ opening: string; debits: string; credits: string; count: string }>`
    select
      coalesce(sum(credits - debits) filter (where day < ${from}::date), 0)::text as opening,
      coalesce(sum(debits) filter (where day >= ${from}::date), 0)::text as debits,
      coalesce(sum(credits) filter (where day >= ${from}::date), 0)::text as credits,
      coalesce(sum(movements) filter (where day >= ${from}::date), 0)::text as count
    from account_days
    where account_id = ${accountId} and day <= ${to}::date`.execute(db);
  const row = result.rows[0];
  return {
    opening: BigInt(row?.opening ?? '0'),
    debits: BigInt(row?.debits ?? '0'),
    credits: BigInt(row?.credits ?? '0'),
    count: Number(row?.count ?? '0'),
  };
}

/**
 * The sum of the first `count` postings of [from, to) in posting order: what a page that
 * starts after them adds to the opening balance before its first line.
 */
export async function sumOfFirstPostings(
  db: Executor,
  accountId: string,
  from: Date,
  to: Date,
  count: number,
): Promise<bigint> {
  if (count <= 0) return 0n;
  const result = await sql<{ sum: string }>`
    select coalesce(sum(amount), 0)::text as sum from (
      select amount from postings
      where account_id = ${accountId} and created_at >= ${from} and created_at < ${to}
      order by created_at, id
      limit ${count}) first_postings`.execute(db);
  return BigInt(result.rows[0]?.sum ?? '0');
}

/**
 * A page of the account's postings in [from, to) with their journals, in posting order. The
 * page is cut from the postings alone (the index postings_account), and only its rows are
 * joined to their journals: joined first, a page deep in a year of 100,000 joined every
 * posting it skipped.
 */
export async function listPostings(
  db: Executor,
  accountId: string,
  from: Date,
  to: Date,
  page: { offset: number; limit: number },
) {
  return (
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('postings')
          .select(['id', 'journal_id', 'amount', 'created_at'])
          .where('account_id', '=', accountId)
          .where('created_at', '>=', from)
          .where('created_at', '<', to)
          .orderBy('created_at')
          .orderBy('id')
          .offset(page.offset)
          .limit(page.limit)
          .as('p'),
      )
      .innerJoin('journals as j', 'j.id', 'p.journal_id')
      // A payment's journal: the account it was paid to, as the payment keeps it
      // (payments_journal), never the supplier's current one.
      .leftJoin('payments as pay', 'pay.journal_id', 'p.journal_id')
      .select([
        'p.id',
        'p.amount',
        'p.created_at',
        'j.kind',
        'j.description',
        'j.description_code',
        'j.description_params',
        'j.reference',
        'j.rate_micro',
        'pay.paid_clabe',
        'pay.paid_bank_name',
      ])
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute()
  );
}
