import type { FastifyInstance } from 'fastify';
import type { FinanceServices } from '../finance.js';

/** STUB: filled by the suppliers work. */
export async function suppliersRoutes(
  _app: FastifyInstance,
  _options: { services: FinanceServices },
): Promise<void> {}
