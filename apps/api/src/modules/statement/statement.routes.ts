import type { FastifyInstance } from 'fastify';
import type { FinanceServices } from '../finance.js';

/** STUB: filled by the statement work. */
export async function statementRoutes(
  _app: FastifyInstance,
  _options: { services: FinanceServices },
): Promise<void> {}
