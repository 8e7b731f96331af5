/**
 * Background work as jobs on a queue in the database: graphile-worker on PostgreSQL (one
 * queue shared by every replica), an in-process runner over the `local_jobs` table on PGlite
 * (one process). Both run the same handlers through this interface.
 *
 * - A job is added with an optional key; while a job with that key waits, adding it again
 *   does not make a second one (`replace` moves its time and payload, `dedupe` leaves it).
 * - A failed run is retried after exp(min(attempts, 10)) seconds (graphile-worker's
 *   backoff); after `maxAttempts` runs it is dead and waits for an operator's retry.
 * - A run is at least once (a replica killed mid-run leaves its job to run again), so a
 *   handler makes its work happen once itself: it claims the rows it works on in its own
 *   transactions (`for update skip locked`, a status it changes), as every duty below does.
 */

export const JOB_STATES = ['queued', 'running', 'failed', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  key: string | null;
}

export interface JobDefinition {
  type: string;
  run(payload: Record<string, unknown>, context: JobContext): Promise<void>;
  /** Runs before the job is dead (default 10). */
  maxAttempts?: number;
  /**
   * A recurring duty: one copy across all replicas (key `every:<type>`), run again this
   * many milliseconds after each successful run. A failing run is retried with backoff.
   */
  everyMs?: number;
}

/**
 * What adding does to a waiting job with the same key: `replace` it (its time too), keep it
 * as it is (`dedupe`), or replace it but keep its time (`preserve-run-at`), so that a run
 * someone moved to now is not pushed back.
 */
export type JobKeyMode = 'replace' | 'dedupe' | 'preserve-run-at';

export interface AddJobOptions {
  key?: string;
  runAt?: Date;
  maxAttempts?: number;
  /** What adding does to a waiting job with the same key (default `replace`). */
  mode?: JobKeyMode;
}

export interface JobView {
  id: string;
  type: string;
  key: string | null;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: Date;
  createdAt: Date;
  lockedAt: Date | null;
}

export interface JobList {
  jobs: JobView[];
  counts: Record<JobState, number>;
}

export interface JobQueue {
  /** `graphile-worker` on PostgreSQL, `in-process` on PGlite. */
  readonly runner: 'graphile-worker' | 'in-process';
  add(type: string, payload?: Record<string, unknown>, options?: AddJobOptions): Promise<void>;
  /** Starts running the registered jobs (and seeds the recurring ones). */
  start(): Promise<void>;
  /** Waits for the running jobs, then stops. */
  stop(): Promise<void>;
  list(options: { state?: JobState | undefined; limit: number }): Promise<JobList>;
  /** Runs a failed or dead job again now, with its attempts reset. */
  retry(id: string): Promise<'retried' | 'not-found' | 'not-retriable'>;
}

/**
 * The job types: adding one is one `register` call (each module registers its own duties
 * in jobs/duties.ts). A type registered twice is a programming error.
 */
export class JobRegistry {
  private readonly definitions = new Map<string, JobDefinition>();

  register(definition: JobDefinition): void {
    if (this.definitions.has(definition.type)) {
      throw new Error(`Job type ${definition.type} is registered twice`);
    }
    this.definitions.set(definition.type, definition);
  }

  get(type: string): JobDefinition | undefined {
    return this.definitions.get(type);
  }

  all(): JobDefinition[] {
    return [...this.definitions.values()];
  }
}

export const DEFAULT_MAX_ATTEMPTS = 10;
/** A worker that has not said it is alive for this long is taken for dead. */
export const WORKER_DEAD_AFTER_SECONDS = 30;
/** How often a replica says its workers are alive and looks for dead workers' jobs. */
export const WORKER_HEARTBEAT_MS = 10_000;

export function recurringKey(type: string): string {
  return `every:${type}`;
}

/** The state of a job row, from the columns both runners share. */
export function stateOf(row: {
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_at: Date | null;
}): JobState {
  if (row.locked_at) return 'running';
  if (row.attempts >= row.max_attempts) return 'dead';
  if (row.attempts > 0 && row.last_error !== null) return 'failed';
  return 'queued';
}

/** SQL for the same, over columns named as in both tables. */
export const STATE_SQL = `case
  when locked_at is not null then 'running'
  when attempts >= max_attempts then 'dead'
  when attempts > 0 and last_error is not null then 'failed'
  else 'queued' end`;

/** Puts each recurring duty on the queue once (a run already queued is kept). */
export async function scheduleRecurring(queue: JobQueue, registry: JobRegistry): Promise<void> {
  for (const definition of registry.all()) {
    if (definition.everyMs === undefined) continue;
    await queue.add(
      definition.type,
      {},
      {
        key: recurringKey(definition.type),
        mode: 'dedupe',
        ...(definition.maxAttempts ? { maxAttempts: definition.maxAttempts } : {}),
      },
    );
  }
}

/** Runs one job's handler; a recurring job then schedules its next run. */
export async function runDefinition(
  queue: JobQueue,
  definition: JobDefinition,
  payload: Record<string, unknown>,
  context: JobContext,
): Promise<void> {
  await definition.run(payload, context);
  if (definition.everyMs !== undefined) {
    await queue.add(
      definition.type,
      {},
      {
        key: recurringKey(definition.type),
        runAt: new Date(Date.now() + definition.everyMs),
        // A run asked for while this one ran (a recovery request, say) keeps its time.
        mode: 'preserve-run-at',
        ...(definition.maxAttempts ? { maxAttempts: definition.maxAttempts } : {}),
      },
    );
  }
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}
