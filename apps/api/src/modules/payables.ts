import type { FastifyInstance } from 'fastify';
import { cfdiRoutes } from './cfdi/cfdi.routes.js';
import type { CfdiService } from './cfdi/cfdi.service.js';
import type { FinanceServices } from './finance.js';
import { batchPaymentsRoutes } from './payments/batch-payments.routes.js';
import { SpeiProofService } from './payments/spei-proof.js';
import { speiProofRoutes } from './payments/spei-proof.routes.js';
import { rateOrdersRoutes } from './rate-orders/rate-orders.routes.js';
import type { RateOrdersService } from './rate-orders/rate-orders.service.js';

/**
 * Accounts payable of the corridor: CFDI import, batch payments, SPEI
 * evidence and rate orders, built on the finance services (modules reach each other only through them).
 */
export async function payablesRoutes(
  app: FastifyInstance,
  options: { services: FinanceServices; rateOrders: RateOrdersService; cfdi: CfdiService },
): Promise<void> {
  const { db } = options.services;
  await app.register(cfdiRoutes, { cfdi: options.cfdi });
  await app.register(batchPaymentsRoutes, {
    batches: options.services.batches,
    approvals: options.services.approvals,
  });
  await app.register(speiProofRoutes, { proofs: new SpeiProofService(db) });
  await app.register(rateOrdersRoutes, { rateOrders: options.rateOrders });
}
