import { z } from 'zod';

/**
 * A rate order's fill held for approval: the order, its invoice and the quote that reached
 * the target (the approver replaces it with a fresh one).
 */
const idSchema = z.string().trim().min(1).max(100);

export const rateOrderFillBody = z.object({
  sRateOrderId: z.uuid(),
  sInvoiceId: z.uuid(),
  sExchangeRateReference: idSchema,
});
export type RateOrderFillBody = z.infer<typeof rateOrderFillBody>;
