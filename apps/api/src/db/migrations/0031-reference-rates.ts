import { sql, type Kysely } from 'kysely';

/**
 * `reference_rates`: a published reference rate by its date (Banxico's FIX, series SF43718),
 * as the source answered it, and when this server last confirmed it with the source. Quotes
 * use it only while that confirmation is recent (BANXICO_MAX_AGE_MINUTES).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reference_rates (
      series text not null,
      rate_date date not null,
      rate_micro bigint not null check (rate_micro > 0),
      fetched_at timestamptz not null,
      primary key (series, rate_date)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table reference_rates`.execute(db);
}
