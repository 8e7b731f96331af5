import { sql, type Kysely } from 'kysely';

/**
 * Background jobs and limits shared by replicas.
 * - `local_jobs`: the queue of the in-process runner on PGlite (on PostgreSQL the jobs are
 *   graphile-worker's, in its own `graphile_worker` schema, which it migrates itself).
 *   Same meaning as graphile-worker's columns: `attempts` counts started runs, a row with
 *   `attempts >= max_attempts` is dead, a row is deleted when its run succeeds.
 * - `job_workers`: each replica's workers say they are alive here; a job locked by a worker
 *   that stopped saying so (a killed replica) is unlocked and runs again.
 * - `rate_limit_hits`: the public endpoints' request counts per client and window, shared by
 *   every replica (the @fastify/rate-limit store).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table local_jobs (
      id bigserial primary key,
      type text not null,
      key text unique,
      payload jsonb not null default '{}'::jsonb,
      run_at timestamptz not null default now(),
      attempts integer not null default 0,
      max_attempts integer not null default 10 check (max_attempts >= 1),
      last_error text,
      locked_at timestamptz,
      locked_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index local_jobs_due on local_jobs (run_at, id) where locked_at is null`.execute(
    db,
  );
  await sql`
    create table job_workers (
      worker_id text primary key,
      seen_at timestamptz not null
    )`.execute(db);
  await sql`
    create table rate_limit_hits (
      key text primary key,
      hits integer not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index rate_limit_hits_expiry on rate_limit_hits (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit_hits`.execute(db);
  await sql`drop table job_workers`.execute(db);
  await sql`drop table local_jobs`.execute(db);
}
