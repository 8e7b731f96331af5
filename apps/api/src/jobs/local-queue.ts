import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import {
  DEFAULT_MAX_ATTEMPTS,
  errorText,
  JOB_STATES,
  scheduleRecurring,
  runDefinition,
  STATE_SQL,
  type AddJobOptions,
  type JobList,
  type JobQueue,
  type JobRegistry,
  type JobState,
} from './job-queue.js';

/** How often the runner looks for due jobs when nothing woke it. */
const POLL_MS = 500;

interface LocalJobRow {
  id: string;
  type: string;
  key: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: Date;
  created_at: Date;
  locked_at: Date | null;
}

/**
 * The queue on PGlite: jobs in the `local_jobs` table, run one at a time by this process
 * (the data directory's only user, enforced by its lock). Same semantics as the
 * graphile-worker queue: keys, attempts counted at the start of a run, the same backoff,
 * dead after `max_attempts`. A job left locked by a crashed process is unlocked at start.
 */
export class LocalJobQueue implements JobQueue {
  readonly runner = 'in-process' as const;
  private readonly workerId = `local-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wakeAgain = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly registry: JobRegistry,
    private readonly onError: (error: unknown, job?: { id: string; type: string }) => void,
  ) {}

  async add(
    type: string,
    payload: Record<string, unknown> = {},
    options: AddJobOptions = {},
  ): Promise<void> {
    const runAt = options.runAt ?? new Date();
    const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const body = JSON.stringify(payload);
    if (!options.key) {
      await sql`
        insert into local_jobs (type, payload, run_at, max_attempts)
        values (${type}, ${body}::jsonb, ${runAt}, ${maxAttempts})`.execute(this.db);
    } else if (options.mode === 'dedupe') {
      await sql`
        insert into local_jobs (type, key, payload, run_at, max_attempts)
        values (${type}, ${options.key}, ${body}::jsonb, ${runAt}, ${maxAttempts})
        on conflict (key) do nothing`.execute(this.db);
    } else {
      await this.db.transaction().execute(async (trx) => {
        // A running job with the key keeps running, without the key (and without retries):
        // what was added after it started is a new job.
        await sql`
          update local_jobs set key = null, attempts = max_attempts, updated_at = now()
          where key = ${options.key} and locked_at is not null`.execute(trx);
        await sql`
          insert into local_jobs (type, key, payload, run_at, max_attempts)
          values (${type}, ${options.key}, ${body}::jsonb, ${runAt}, ${maxAttempts})
          on conflict (key) do update set
            type = excluded.type, payload = excluded.payload,
            run_at = ${options.mode === 'preserve-run-at' ? sql`local_jobs.run_at` : sql`excluded.run_at`},
            max_attempts = excluded.max_attempts, attempts = 0, last_error = null,
            updated_at = now()`.execute(trx);
      });
    }
    if (runAt.getTime() <= Date.now()) this.wake();
  }

  async start(): Promise<void> {
    this.stopped = false;
    // This process is the database's only user: whatever is locked was left by a crash.
    await sql`update local_jobs set locked_at = null, locked_by = null where locked_at is not null`.execute(
      this.db,
    );
    await scheduleRecurring(this, this.registry);
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs due jobs until none is due; a wake while running runs another pass after it. */
  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.running = undefined;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = await this.claim();
      if (!job) return;
      await this.runOne(job);
    }
  }

  private async claim(): Promise<LocalJobRow | undefined> {
    const { rows } = await sql<LocalJobRow>`
      update local_jobs set locked_at = now(), locked_by = ${this.workerId},
          attempts = attempts + 1, updated_at = now()
        where id = (
          select id from local_jobs
          where locked_at is null and attempts < max_attempts and run_at <= now()
          order by run_at, id limit 1 for update skip locked)
        returning id::text as id, type, key, payload, attempts, max_attempts, last_error,
          run_at, created_at, locked_at`.execute(this.db);
    return rows[0];
  }

  private async runOne(job: LocalJobRow): Promise<void> {
    const definition = this.registry.get(job.type);
    try {
      if (!definition) throw new Error(`No handler for job type ${job.type}`);
      await runDefinition(this, definition, job.payload, {
        jobId: job.id,
        attempt: job.attempts,
        key: job.key,
      });
      await sql`delete from local_jobs where id = ${job.id}`.execute(this.db);
    } catch (error) {
      this.onError(error, job);
      await sql`
        update local_jobs set locked_at = null, locked_by = null, last_error = ${errorText(error)},
            run_at = greatest(run_at, now()) + exp(least(attempts, 10)) * interval '1 second',
            updated_at = now()
          where id = ${job.id}`.execute(this.db);
    }
  }

  async list(options: { state?: JobState | undefined; limit: number }): Promise<JobList> {
    const state = sql.raw(STATE_SQL);
    const filter = options.state ? sql`where ${state} = ${options.state}` : sql``;
    const { rows } = await sql<LocalJobRow & { state: JobState }>`
      select id::text as id, type, key, payload, attempts, max_attempts, last_error, run_at,
          created_at, locked_at, ${state} as state
        from local_jobs ${filter}
        order by run_at, id limit ${options.limit}`.execute(this.db);
    const counted = await sql<{ state: JobState; n: number }>`
      select ${state} as state, count(*)::int as n from local_jobs group by 1`.execute(this.db);
    return toList(rows, counted.rows);
  }

  async retry(id: string): Promise<'retried' | 'not-found' | 'not-retriable'> {
    if (!/^\d{1,18}$/.test(id)) return 'not-found';
    const { rows } = await sql<{ state: JobState }>`
      select ${sql.raw(STATE_SQL)} as state from local_jobs where id = ${id}`.execute(this.db);
    const state = rows[0]?.state;
    if (!state) return 'not-found';
    if (state !== 'failed' && state !== 'dead') return 'not-retriable';
    const updated = await sql`
      update local_jobs set attempts = 0, run_at = now(), updated_at = now()
        where id = ${id} and locked_at is null`.execute(this.db);
    if (!updated.numAffectedRows) return 'not-retriable';
    this.wake();
    return 'retried';
  }
}

/** A job as either queue lists it: its row without the payload, and the state it is in. */
type ListedJobRow = Omit<LocalJobRow, 'payload'> & { state: JobState };

export function toList(
  rows: ListedJobRow[],
  counted: Array<{ state: JobState; n: number }>,
): JobList {
  const counts = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<
    JobState,
    number
  >;
  for (const { state, n } of counted) counts[state] = Number(n);
  return {
    jobs: rows.map((row) => ({
      id: String(row.id),
      type: row.type,
      key: row.key,
      state: row.state,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      lastError: row.last_error,
      runAt: new Date(row.run_at),
      createdAt: new Date(row.created_at),
      lockedAt: row.locked_at ? new Date(row.locked_at) : null,
    })),
    counts,
  };
}
