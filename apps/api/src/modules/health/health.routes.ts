import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.js';
import type { ReportsDb } from '../../db/reports-db.js';

export async function healthRoutes(
  app: FastifyInstance,
  options: { database: DatabaseHandle; reports: ReportsDb },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database check and runtime',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['pglite', 'postgres']),
            // Which Node.js answers (e.g. v24.11.0), so a deployment can check it runs the
            // project's pinned runtime.
            node: z.string(),
            reports: z
              .object({
                replica: z.enum(['none', 'in use', 'resting']),
                fromReplica: z.number().int(),
                fromPrimary: z.number().int(),
              })
              .describe(
                "Where this process's read-only reports were read: the replica when it had replayed every write committed before the report, else the primary (`resting`: the replica failed lately)",
              ),
          }),
        },
      },
    },
    async () => {
      await sql`select 1`.execute(options.database.db);
      return {
        status: 'ok' as const,
        database: options.database.engine,
        node: process.version,
        reports: options.reports.counts(),
      };
    },
  );
}
