import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * SQL of the guess limits (`attempt_limits`, migration 0022): failures of one key (a user's
 * second factor, an account's password, an address) in a window, with a growing delay
 * between attempts after some free ones and a lock at the limit.
 */

export interface AttemptLimit {
  /** Failures in the window that lock the key until the window ends. */
  max: number;
  /** Failures that cost no wait; each further one doubles it (1 s, 2 s, 4 s, …). */
  free: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
  windowMs: number;
}

export type AttemptTaken =
  { allowed: true; failures: number } | { allowed: false; retryAfterSeconds: number };

interface LimitRow {
  failures: number;
  window_ends_at: Date | string;
  last_at: Date | string;
}

/** The wait after `failures` failures, as the SQL of takeAttempt counts it. */
export function attemptDelayMs(failures: number, limit: AttemptLimit): number {
  if (failures < limit.free) return 0;
  return Math.min(1000 * 2 ** (failures - limit.free), limit.maxDelayMs);
}

/** Why a key is refused now, or undefined when an attempt may be made. */
function refusal(row: LimitRow | undefined, limit: AttemptLimit, now: Date): number | undefined {
  if (!row) return undefined;
  const windowEnds = new Date(row.window_ends_at).getTime();
  if (windowEnds <= now.getTime()) return undefined;
  const until =
    row.failures >= limit.max
      ? windowEnds
      : new Date(row.last_at).getTime() + attemptDelayMs(row.failures, limit);
  const waitMs = until - now.getTime();
  return waitMs > 0 ? waitMs / 1000 : undefined;
}

/**
 * Takes an attempt of `key`, counted as a failure until `giveBackAttempt` or
 * `clearAttempts` says it was not one, in one upsert: it refuses (nothing written) while the
 * key is locked or its delay runs, so concurrent attempts in any process see each other.
 */
export async function takeAttempt(
  db: Executor,
  key: string,
  limit: AttemptLimit,
  now: Date,
): Promise<AttemptTaken> {
  const windowEnds = new Date(now.getTime() + limit.windowMs);
  const { rows } = await sql<{ taken: number | null } & Partial<LimitRow>>`
    with taken as (
      insert into attempt_limits as c (key, failures, window_ends_at, last_at)
        values (${key}, 1, ${windowEnds}, ${now})
      on conflict (key) do update set
        failures = case when c.window_ends_at <= ${now} then 1 else c.failures + 1 end,
        window_ends_at = case
          when c.window_ends_at <= ${now} or c.failures + 1 >= ${limit.max}
            then excluded.window_ends_at
          else c.window_ends_at end,
        last_at = excluded.last_at
      where c.window_ends_at <= ${now}
        or (c.failures < ${limit.max}
          and c.last_at + ${delaySql(limit)} * interval '1 millisecond' <= ${now})
      returning c.failures
    )
    select (select failures from taken) as taken, c.failures, c.window_ends_at, c.last_at
    from (select 1) as one left join attempt_limits c on c.key = ${key}`.execute(db);
  const row = rows[0];
  if (row?.taken != null) return { allowed: true, failures: Number(row.taken) };
  // Refused: the row as this statement saw it says how long to wait (at least a second).
  const seen =
    row?.failures == null || !row.window_ends_at || !row.last_at
      ? undefined
      : {
          failures: Number(row.failures),
          window_ends_at: row.window_ends_at,
          last_at: row.last_at,
        };
  return { allowed: false, retryAfterSeconds: Math.max(1, refusal(seen, limit, now) ?? 1) };
}

/** The delay of a row's failures in SQL, in milliseconds (attemptDelayMs). */
function delaySql(limit: AttemptLimit) {
  return sql`(case when c.failures < ${limit.free} then 0
    else least(${limit.maxDelayMs}::float8, 1000 * power(2::float8, c.failures - ${limit.free}))
    end)`;
}

/** How long `key` must wait before an attempt, without taking one; undefined: none. */
export async function waitOf(
  db: Executor,
  key: string,
  limit: AttemptLimit,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('attempt_limits')
    .select(['failures', 'window_ends_at', 'last_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  return refusal(row, limit, now);
}

/** Counts a failure of `key` that was not taken as an attempt first (always written). */
export async function countFailure(
  db: Executor,
  key: string,
  limit: AttemptLimit,
  now: Date,
): Promise<void> {
  const windowEnds = new Date(now.getTime() + limit.windowMs);
  await sql`
    insert into attempt_limits as c (key, failures, window_ends_at, last_at)
      values (${key}, 1, ${windowEnds}, ${now})
    on conflict (key) do update set
      failures = case when c.window_ends_at <= ${now} then 1 else c.failures + 1 end,
      window_ends_at = case
        when c.window_ends_at <= ${now} or c.failures + 1 >= ${limit.max}
          then excluded.window_ends_at
        else c.window_ends_at end,
      last_at = excluded.last_at`.execute(db);
}

/** An attempt that was no failure (not checked, or not a guess) gives its count back. */
export async function giveBackAttempt(db: Executor, key: string): Promise<void> {
  await db
    .updateTable('attempt_limits')
    .set((eb) => ({ failures: sql<number>`greatest(${eb.ref('failures')} - 1, 0)` }))
    .where('key', '=', key)
    .execute();
}

/**
 * A right answer: the key's failures are forgotten, with its row, so no delay measured from
 * an earlier attempt's time can hold the next one (a clock that moved back, another
 * replica's clock a little ahead).
 */
export async function clearAttempts(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('attempt_limits').where('key', '=', key).execute();
}

/** Rows whose window ended count nothing any more. */
export async function deleteEndedAttemptLimits(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('attempt_limits').where('window_ends_at', '<=', now).execute();
}
