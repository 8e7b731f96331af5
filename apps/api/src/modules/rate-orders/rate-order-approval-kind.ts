import { approvalKind, spotQuoteNeed, withSpotReference } from '../team/approval-kind.js';
import { rateOrderFillBody } from './rate-order-fill-body.js';

/** A rate order's fill above the threshold, held for a second person (maker-checker). */
export const RATE_ORDER_APPROVAL_KIND = {
  RATE_ORDER_FILL: approvalKind({
    description: {
      en: 'A rate order that reached its rate (converts the invoice)',
      sp: 'Una orden de tipo de cambio que alcanzó su tipo (convierte la factura)',
    },
    heldBy: ['job:rate-orders.settle'],
    schema: rateOrderFillBody,
    quoteNeed: spotQuoteNeed,
    withQuote: withSpotReference,
    run: {
      mode: 'inTransaction',
      execute: async (services, trx, run) => ({
        status: 201,
        body: {
          rateOrder: await services.rateOrders.fillApproved(trx, run.enterpriseId, {
            orderId: run.body.sRateOrderId,
            quoteId: run.body.sExchangeRateReference,
            now: run.now,
          }),
        },
      }),
    },
  }),
};
