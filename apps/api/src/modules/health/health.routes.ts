import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.js';

export async function healthRoutes(
  app: FastifyInstance,
  options: { database: DatabaseHandle },
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
          }),
        },
      },
    },
    async () => {
      await sql`select 1`.execute(options.database.db);
      return { status: 'ok' as const, database: options.database.engine, node: process.version };
    },
  );
}
