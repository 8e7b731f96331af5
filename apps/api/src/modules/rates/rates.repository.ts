import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { QuotesTable } from '../../db/schema.js';

export type QuoteRow = QuotesTable;

export async function insertRateTicks(
  db: Executor,
  ticks: Array<{ observedAt: Date; midMicro: bigint }>,
): Promise<void> {
  if (ticks.length === 0) return;
  await db
    .insertInto('rate_ticks')
    .values(ticks.map((tick) => ({ observed_at: tick.observedAt, mid_micro: tick.midMicro })))
    .onConflict((oc) => oc.column('observed_at').doNothing())
    .execute();
}

/** Ticks since a time; beyond a week one point per day (the last of the day). */
export async function findRateHistory(
  db: Executor,
  since: Date,
  perDay: boolean,
): Promise<Array<{ observedAt: Date; midMicro: bigint }>> {
  if (perDay) {
    const result = await sql<{ observed_at: Date; mid_micro: bigint }>`
      select distinct on (date_trunc('day', observed_at)) observed_at, mid_micro
      from rate_ticks where observed_at >= ${since}
      order by date_trunc('day', observed_at), observed_at desc`.execute(db);
    return result.rows.map((row) => ({ observedAt: row.observed_at, midMicro: row.mid_micro }));
  }
  const rows = await db
    .selectFrom('rate_ticks')
    .select(['observed_at', 'mid_micro'])
    .where('observed_at', '>=', since)
    .orderBy('observed_at')
    .limit(2000)
    .execute();
  return rows.map((row) => ({ observedAt: row.observed_at, midMicro: row.mid_micro }));
}

export async function insertQuote(db: Executor, quote: QuoteRow): Promise<void> {
  await db.insertInto('quotes').values(quote).execute();
}

/** The enterprise's newest spot quote issued after `since`, if any. */
export async function findRecentSpotQuote(
  db: Executor,
  enterpriseId: string,
  since: Date,
): Promise<QuoteRow | undefined> {
  return db
    .selectFrom('quotes')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('kind', '=', 'SPOT')
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findQuote(db: Executor, quoteId: string): Promise<QuoteRow | undefined> {
  return db.selectFrom('quotes').selectAll().where('id', '=', quoteId).executeTakeFirst();
}
