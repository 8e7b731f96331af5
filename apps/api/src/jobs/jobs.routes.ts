import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { principalOf } from '../plugins/session.js';
import { JOB_STATES, type JobQueue, type JobView } from './job-queue.js';

const jobSchema = z.object({
  sJobId: z.string(),
  sType: z.string(),
  sKey: z.string().nullable(),
  sState: z.enum(JOB_STATES),
  iAttempts: z.number().int(),
  iMaxAttempts: z.number().int(),
  sLastError: z.string().nullable(),
  run_at: z.string(),
  created_at: z.string(),
  locked_at: z.string().nullable(),
});

const countsSchema = z.object({
  queued: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  dead: z.number().int(),
});

function toAnswer(job: JobView): z.infer<typeof jobSchema> {
  return {
    sJobId: job.id,
    sType: job.type,
    sKey: job.key,
    sState: job.state,
    iAttempts: job.attempts,
    iMaxAttempts: job.maxAttempts,
    sLastError: job.lastError,
    run_at: job.runAt.toISOString(),
    created_at: job.createdAt.toISOString(),
    locked_at: job.lockedAt ? job.lockedAt.toISOString() : null,
  };
}

/** Back office: the job queue, operators only (anyone else is told the path does not exist). */
export async function jobsRoutes(
  app: FastifyInstance,
  options: { queue: JobQueue },
): Promise<void> {
  const { queue } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const requireOperator = async (request: Parameters<typeof app.requireSession>[0]) => {
    await app.requireSession(request);
    if (principalOf(request).user.sRole !== 'operator') throw new AppError('NOT_FOUND');
  };

  routes.get(
    '/ops/jobs',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: 'Background jobs: queued, running, failed and dead, with counts by state',
        security,
        querystring: z.object({
          state: z.enum(JOB_STATES).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(100),
        }),
        response: {
          200: z.object({
            sRunner: z.enum(['graphile-worker', 'in-process']),
            counts: countsSchema,
            jobs: z.array(jobSchema),
          }),
        },
      },
    },
    async (request) => {
      const list = await queue.list({ state: request.query.state, limit: request.query.limit });
      return { sRunner: queue.runner, counts: list.counts, jobs: list.jobs.map(toAnswer) };
    },
  );

  routes.post(
    '/ops/jobs/:id/retry',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: 'Run a failed or dead job again now, its attempts reset',
        security,
        params: z.object({ lang: z.string(), id: z.string().max(40) }),
        response: { 200: z.object({ sJobId: z.string(), sState: z.literal('queued') }) },
      },
    },
    async (request) => {
      const outcome = await queue.retry(request.params.id);
      if (outcome === 'not-found') throw new AppError('NOT_FOUND', { field: 'sJobId' });
      if (outcome === 'not-retriable') throw new AppError('INVALID_STATE', { field: 'sJobId' });
      return { sJobId: request.params.id, sState: 'queued' as const };
    },
  );
}
