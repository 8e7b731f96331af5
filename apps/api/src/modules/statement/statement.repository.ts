import { sql } from 'kysely';
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
}

/**
 * Balance before `from`, and the money out (as a positive number) and in during
 * [from, to), from the account's postings (index postings_account).
 */
export async function periodSums(
  db: Executor,
  accountId: string,
  from: Date,
  to: Date,
): Promise<PeriodSums> {
  const result = await sql<{ opening: bigint; debits: bigint; credits: bigint }>`
    select
      coalesce(sum(amount) filter (where created_at < ${from}), 0)::bigint as opening,
      coalesce(-sum(amount) filter (where created_at >= ${from} and amount < 0), 0)::bigint
        as debits,
      coalesce(sum(amount) filter (where created_at >= ${from} and amount > 0), 0)::bigint
        as credits
    from postings
    where account_id = ${accountId} and created_at < ${to}`.execute(db);
  const row = result.rows[0];
  return {
    opening: BigInt(row?.opening ?? 0n),
    debits: BigInt(row?.debits ?? 0n),
    credits: BigInt(row?.credits ?? 0n),
  };
}

/** The account's postings in [from, to) with their journals, in posting order. */
export async function listPostings(
  db: Executor,
  accountId: string,
  from: Date,
  to: Date,
  limit: number,
) {
  return db
    .selectFrom('postings as p')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .select([
      'p.id',
      'p.amount',
      'p.created_at',
      'j.kind',
      'j.description',
      'j.description_code',
      'j.description_params',
      'j.reference',
    ])
    .where('p.account_id', '=', accountId)
    .where('p.created_at', '>=', from)
    .where('p.created_at', '<', to)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}
