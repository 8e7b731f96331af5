import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import { GraphileJobQueue } from './graphile-queue.js';
import type { JobQueue, JobRegistry } from './job-queue.js';
import { LocalJobQueue } from './local-queue.js';

/** graphile-worker on PostgreSQL; the in-process runner on PGlite. */
export function createJobQueue(
  database: DatabaseHandle,
  registry: JobRegistry,
  log: FastifyBaseLogger,
): JobQueue {
  const onError = (error: unknown, job?: { id: string; type: string }) =>
    log.warn({ err: error, job }, job ? `Job ${job.type} failed` : 'Job runner failed');
  if (database.engine === 'postgres' && database.connectionString) {
    return new GraphileJobQueue(database.connectionString, registry, log, onError);
  }
  return new LocalJobQueue(database.db, registry, onError);
}
