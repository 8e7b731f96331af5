import type { FastifyInstance } from 'fastify';
import type { FinanceServices } from '../finance.js';

/** STUB: filled by the conversions work. */
export async function conversionsRoutes(
  _app: FastifyInstance,
  _options: { services: FinanceServices },
): Promise<void> {}
