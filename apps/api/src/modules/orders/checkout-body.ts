import { z } from 'zod';
import { calendarDateSchema, rateSchema } from '@app/domain';
import { PAYMENT_METHODS } from './order-statuses.js';

/** The checkout body (its preview, the checkout and the approval table parse it alike). */
const idSchema = z.string().trim().min(1).max(64);

export const checkoutBody = z.object({
  sVendorId: idSchema,
  sWarehouseId: idSchema,
  sPaymentMethod: z.enum(PAYMENT_METHODS),
  sExchangeRateReference: idSchema.describe(
    'A spot quote id (GET dashboard); for FORWARD the forward quote uuid (POST transactions/forwardRate)',
  ),
  dExchangeRate: rateSchema.optional().describe('The rate shown; must equal the quote'),
  dForwardDate: calendarDateSchema.optional().describe('FORWARD: the settlement date'),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export function checkoutInput(body: CheckoutBody) {
  return {
    vendorId: body.sVendorId,
    warehouseId: body.sWarehouseId,
    paymentMethod: body.sPaymentMethod,
    quoteId: body.sExchangeRateReference,
    statedRateMicro: body.dExchangeRate,
    forwardDate: body.dForwardDate,
  };
}
