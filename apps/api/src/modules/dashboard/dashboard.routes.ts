import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/session.js';
import type { DashboardService } from './dashboard.service.js';

const balanceSchema = z.object({ balance: z.number() });

export async function dashboardRoutes(
  app: FastifyInstance,
  options: { dashboard: DashboardService },
): Promise<void> {
  const { dashboard } = options;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['dashboard'],
        summary: 'Live quote, balances and counters of the exchange page',
        security: [{ bearerAuth: [] }],
        response: {
          200: z.object({
            sUserName: z.string(),
            exchangeRateToday: z.number(),
            exchangeRateTodayReference: z.string().describe('Spot quote id'),
            quoteExpiresAt: z.string(),
            balances: z.object({ balanceUsd: balanceSchema, balanceMxn: balanceSchema }),
            unassignedInvoices: z.number(),
            transactionsAvailable: z.number(),
            forwardsActive: z.number(),
            dBlockedUsd: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return dashboard.dashboard(principal.enterpriseId, principal.user.sFullName);
    },
  );
}
