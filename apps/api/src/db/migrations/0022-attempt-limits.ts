import { sql, type Kysely } from 'kysely';

/**
 * `attempt_limits`: one row per thing whose guesses are limited (a user's second factor, an
 * account's password, a client address), counting its failures in a window. Each check
 * takes its attempt in one upsert that refuses when the limit is reached, so concurrent
 * requests and replicas cannot check more than the limit between them; a right answer gives
 * its attempt back.
 * - `failures`: failed attempts (and attempts being checked) since the window started.
 * - `window_ends_at`: when they are forgotten; moved a full window on when the limit is
 *   reached, so a lock lasts a whole window after the failure that caused it.
 * - `last_at`: the last attempt, from which a growing delay between attempts is measured.
 *
 * `login_failures` is no longer read; it stays so replicas of the previous release keep
 * working during a rolling deploy (the cleanup duty still empties it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table attempt_limits (
      key text primary key,
      failures integer not null,
      window_ends_at timestamptz not null,
      last_at timestamptz not null
    )`.execute(db);
  await sql`create index attempt_limits_window_ends_at on attempt_limits (window_ends_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table attempt_limits`.execute(db);
}
