import type { FastifyInstance } from 'fastify';
import type { FinanceServices } from '../finance.js';

/** STUB: filled by the payments work. */
export async function paymentsRoutes(
  _app: FastifyInstance,
  _options: { services: FinanceServices },
): Promise<void> {}
