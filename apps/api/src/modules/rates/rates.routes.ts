import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateToNumber } from '@app/domain';
import type { RatesService } from './rates.service.js';

export async function ratesRoutes(
  app: FastifyInstance,
  options: { rates: RatesService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/exchange-rate/history',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['rates'],
        summary: 'USD/MXN customer rate history (hourly up to 7 days, daily beyond)',
        security: [{ bearerAuth: [] }],
        querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
        response: {
          200: z.object({ points: z.array(z.object({ t: z.string(), rate: z.number() })) }),
        },
      },
    },
    async (request) => {
      const points = await options.rates.history(request.query.days);
      return {
        points: points.map((point) => ({ t: point.t, rate: rateToNumber(point.rateMicro) })),
      };
    },
  );
}
