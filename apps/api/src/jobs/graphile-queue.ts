import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  Logger,
  makeWorkerUtils,
  run,
  type Runner,
  type TaskList,
  type WorkerUtils,
} from 'graphile-worker';
import pg from 'pg';
import { toList } from './local-queue.js';
import {
  DEFAULT_MAX_ATTEMPTS,
  errorText,
  scheduleRecurring,
  runDefinition,
  STATE_SQL,
  WORKER_DEAD_AFTER_SECONDS,
  WORKER_HEARTBEAT_MS,
  type AddJobOptions,
  type JobKeyMode,
  type JobList,
  type JobQueue,
  type JobRegistry,
  type JobState,
} from './job-queue.js';

/** Jobs one replica runs at the same time. */
const CONCURRENCY = 2;

const GRAPHILE_KEY_MODES = {
  replace: 'replace',
  dedupe: 'unsafe_dedupe',
  'preserve-run-at': 'preserve_run_at',
} as const satisfies Record<JobKeyMode, string>;

/**
 * The queue on PostgreSQL: graphile-worker (its tables in the `graphile_worker` schema,
 * which it creates and migrates at start). Every replica runs a worker pool on the same
 * queue; a job is locked by one worker at a time (`for update skip locked`), so it runs on
 * one replica. graphile-worker releases a crashed worker's locks only after 4 hours, so
 * each replica says every 10 s that its workers are alive (`job_workers`) and unlocks the
 * jobs of workers that stopped saying so for 30 s (`forceUnlockWorkers`, for workers known
 * to be gone): the job of a killed replica runs again within a minute.
 *
 * Its own small pool without the app's type parsers: graphile-worker reads ids as text.
 */
export class GraphileJobQueue implements JobQueue {
  readonly runner = 'graphile-worker' as const;
  private readonly pool: pg.Pool;
  private utils: WorkerUtils | undefined;
  private worker: Runner | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private readonly workerIds = new Set<string>();
  private stopping = false;

  constructor(
    connectionString: string,
    private readonly registry: JobRegistry,
    private readonly log: FastifyBaseLogger,
    private readonly onError: (error: unknown, job?: { id: string; type: string }) => void,
  ) {
    this.pool = new pg.Pool({ connectionString, max: CONCURRENCY + 2 });
    // A dropped connection (a PgBouncer or server restart) must not crash the process:
    // graphile-worker reconnects, and a job that was running fails and is retried.
    this.pool.on('error', (error) => log.warn({ err: error }, 'Job queue connection lost'));
    this.pool.on('connect', (client) => {
      client.on('error', () => {});
    });
  }

  private logger(): Logger {
    return new Logger((scope) => (level, message, meta) => {
      const fields = { scope: { ...scope }, ...(meta ?? {}) };
      if (level === 'error') this.log.error(fields, message);
      else if (level === 'warning') this.log.warn(fields, message);
      else this.log.debug(fields, message);
    });
  }

  private utilsReady: Promise<WorkerUtils> | undefined;

  /** graphile-worker's helpers, its schema migrated first (jobs may be added before start). */
  private workerUtils(): Promise<WorkerUtils> {
    this.utilsReady ??= (async () => {
      const utils = await makeWorkerUtils({ pgPool: this.pool, logger: this.logger() });
      await utils.migrate();
      this.utils = utils;
      return utils;
    })();
    return this.utilsReady;
  }

  async add(
    type: string,
    payload: Record<string, unknown> = {},
    options: AddJobOptions = {},
  ): Promise<void> {
    const utils = await this.workerUtils();
    await utils.addJob(type, payload, {
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      ...(options.runAt ? { runAt: options.runAt } : {}),
      ...(options.key
        ? {
            jobKey: options.key,
            jobKeyMode: GRAPHILE_KEY_MODES[options.mode ?? 'replace'],
          }
        : {}),
    });
  }

  async start(): Promise<void> {
    await this.workerUtils();
    await this.startRunner();
    await this.beat();
    await scheduleRecurring(this, this.registry);
    this.heartbeat = setInterval(() => {
      this.beating ??= this.beat()
        .catch((error: unknown) => this.onError(error))
        .finally(() => {
          this.beating = undefined;
        });
    }, WORKER_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private taskList(): TaskList {
    const taskList: TaskList = {};
    for (const definition of this.registry.all()) {
      taskList[definition.type] = async (payload, helpers) => {
        const { job } = helpers;
        try {
          await runDefinition(this, definition, (payload ?? {}) as Record<string, unknown>, {
            jobId: job.id,
            attempt: job.attempts,
            key: job.key ?? null,
          });
        } catch (error) {
          this.onError(error, { id: job.id, type: definition.type });
          throw new Error(errorText(error));
        }
      };
    }
    return taskList;
  }

  /**
   * Starts graphile-worker's pool. The pool stops by itself when it cannot record a job's
   * end (the database gone, as in a PgBouncer restart); the replica would then run no job
   * while its heartbeat still said its workers were alive, so a job the pool left locked
   * would stay locked. When that happens, the stopped pool's workers are no longer said to
   * be alive, their jobs are unlocked once the database answers, and a new pool starts.
   */
  private async startRunner(): Promise<void> {
    const ids = new Set<string>();
    const events = new EventEmitter();
    // Jobs are locked in the name of the pool (graphile-worker 0.17+), or of the worker.
    events.on('pool:create', ({ workerPool }: { workerPool: { id: string } }) => {
      ids.add(workerPool.id);
      this.workerIds.add(workerPool.id);
    });
    events.on('worker:create', ({ worker }: { worker: { workerId: string } }) => {
      ids.add(worker.workerId);
      this.workerIds.add(worker.workerId);
    });
    const runner = await run({
      pgPool: this.pool,
      taskList: this.taskList(),
      concurrency: CONCURRENCY,
      noHandleSignals: true,
      pollInterval: 1000,
      logger: this.logger(),
      events: events as never,
      // Unbatched (graphile-worker's default), a job's end that cannot be recorded (the
      // database gone, as in a PgBouncer restart) is a promise nobody awaits: an unhandled
      // rejection that kills the replica. Batched, even with no delay, it stops the pool,
      // which the lines below replace.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    this.worker = runner;
    if (this.stopping) {
      // Stopped while this pool was starting (a restart racing the replica's shutdown).
      await runner.stop().catch(() => {});
      return;
    }
    runner.promise
      .then(
        () => undefined,
        (error: unknown) => error,
      )
      .then(async (reason) => {
        if (this.stopping) return;
        this.log.error(
          { err: reason },
          'The job worker pool stopped by itself; starting a new one',
        );
        for (const id of ids) this.workerIds.delete(id);
        await this.restartRunner([...ids]);
      })
      .catch((error: unknown) => this.onError(error));
  }

  private async restartRunner(stoppedIds: string[]): Promise<void> {
    for (let attempt = 0; !this.stopping; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** attempt)));
      if (this.stopping) return;
      try {
        if (stoppedIds.length > 0) {
          // A run whose key was handed to its next run (a recurring job that finished but
          // could not be recorded) is done: removed, not left to show as dead.
          await this.pool.query(
            `delete from graphile_worker._private_jobs
              where locked_by = any($1::text[]) and key is null
                and attempts >= max_attempts and last_error is null`,
            [stoppedIds],
          );
          await (await this.workerUtils()).forceUnlockWorkers(stoppedIds);
        }
        await this.startRunner();
        return;
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** Says this replica's workers are alive; unlocks the jobs of workers that are not. */
  private async beat(): Promise<void> {
    const ids = [...this.workerIds];
    if (ids.length > 0) {
      await this.pool.query(
        `insert into job_workers (worker_id, seen_at) select unnest($1::text[]), now()
           on conflict (worker_id) do update set seen_at = now()`,
        [ids],
      );
    }
    const { rows } = await this.pool.query<{ locked_by: string }>(
      `select distinct j.locked_by from graphile_worker._private_jobs j
         left join job_workers w on w.worker_id = j.locked_by
        where j.locked_by is not null
          and j.locked_at < now() - make_interval(secs => $1)
          and (w.seen_at is null or w.seen_at < now() - make_interval(secs => $1))`,
      [WORKER_DEAD_AFTER_SECONDS],
    );
    const dead = rows.map((row) => row.locked_by).filter((id) => !this.workerIds.has(id));
    if (dead.length > 0) {
      this.log.warn({ workers: dead }, 'Unlocking the jobs of workers that stopped');
      await (await this.workerUtils()).forceUnlockWorkers(dead);
    }
    await this.pool.query(`delete from job_workers where seen_at < now() - interval '1 day'`);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.heartbeat);
    await this.beating;
    try {
      // A pool that stopped by itself answers "already stopped".
      await this.worker?.stop().catch(() => {});
      const ids = [...this.workerIds];
      if (ids.length > 0) {
        await this.pool
          .query('delete from job_workers where worker_id = any($1::text[])', [ids])
          .catch(() => {});
      }
      await this.utils?.release();
    } finally {
      await this.pool.end();
    }
  }

  async list(options: { state?: JobState | undefined; limit: number }): Promise<JobList> {
    const params: unknown[] = [options.limit];
    let filter = '';
    if (options.state) {
      params.push(options.state);
      filter = `where ${STATE_SQL} = $2`;
    }
    const { rows } = await this.pool.query<Parameters<typeof toList>[0][number]>(
      `select id::text as id, task_identifier as type, key, attempts, max_attempts,
              last_error, run_at, created_at, locked_at, ${STATE_SQL} as state
         from graphile_worker.jobs ${filter}
         order by run_at, id limit $1`,
      params,
    );
    const counted = await this.pool.query<{ state: JobState; n: number }>(
      `select ${STATE_SQL} as state, count(*)::int as n from graphile_worker.jobs group by 1`,
    );
    return toList(rows, counted.rows);
  }

  async retry(id: string): Promise<'retried' | 'not-found' | 'not-retriable'> {
    if (!/^\d{1,18}$/.test(id)) return 'not-found';
    const { rows } = await this.pool.query<{ state: JobState }>(
      `select ${STATE_SQL} as state from graphile_worker.jobs where id = $1`,
      [id],
    );
    const state = rows[0]?.state;
    if (!state) return 'not-found';
    if (state !== 'failed' && state !== 'dead') return 'not-retriable';
    // graphile-worker's SQL function directly: WorkerUtils.rescheduleJobs passes
    // `attempts || null`, so it cannot set attempts back to 0.
    const updated = await this.pool.query(
      `select id from graphile_worker.reschedule_jobs(array[$1::bigint], run_at := now(),
         attempts := 0)`,
      [id],
    );
    if (updated.rowCount === 0) return 'not-retriable';
    await this.pool.query(`select pg_notify('jobs:insert', '{"count":1}')`).catch(() => {});
    return 'retried';
  }
}
