import type { FastifyInstance } from 'fastify';
import type { FinanceServices } from '../finance.js';

/** STUB: filled by the dashboard work. */
export async function dashboardRoutes(
  _app: FastifyInstance,
  _options: { services: FinanceServices },
): Promise<void> {}
