import { z } from 'zod';
import { moneySchema } from '@app/domain';
import { BATCH_MAX_ITEMS, type BatchItemInput } from './batch-payments.service.js';

/** The body of a batch of payments (the route and the approval table parse it alike). */
const idSchema = z.string().trim().min(1).max(100);

const itemSchema = z.union([
  z.strictObject({
    sPaymentRecipientId: idSchema,
    dDesAmount: moneySchema.describe('MXN delivered exactly; the USD is rounded up to the cent'),
    comment: z.string().trim().min(1).max(200).describe('Payment concept shown to the payee'),
  }),
  z.strictObject({ sInvoiceId: idSchema.describe('A To pay invoice, paid whole') }),
]);

export const batchBody = z.object({
  sExchangeRateReference: idSchema,
  items: z.array(itemSchema).min(1).max(BATCH_MAX_ITEMS),
});
export type BatchBody = z.infer<typeof batchBody>;

export function batchInput(body: BatchBody): { quoteId: string; items: BatchItemInput[] } {
  return {
    quoteId: body.sExchangeRateReference,
    items: body.items.map((item) =>
      'sInvoiceId' in item
        ? { invoiceId: item.sInvoiceId }
        : {
            recipientId: item.sPaymentRecipientId,
            amountMxn: item.dDesAmount,
            comment: item.comment,
          },
    ),
  };
}
