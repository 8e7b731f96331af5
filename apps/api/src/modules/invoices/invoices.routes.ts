import type { FastifyInstance } from 'fastify';
import type { FinanceServices } from '../finance.js';

/** STUB: filled by the invoices work. */
export async function invoicesRoutes(
  _app: FastifyInstance,
  _options: { services: FinanceServices },
): Promise<void> {}
