import { z } from 'zod';
import { moneySchema } from '@app/domain';
import { amountTargetFields, exactlyOneAmount } from '../conversions/amount-target-fields.js';

/**
 * The bodies of the payment calls, shared by the routes and the approval table: a held call
 * is checked and run again with the very schema the direct call is parsed with.
 */
const idSchema = z.string().trim().min(1).max(100);
const conceptSchema = z.string().trim().min(1).max(200);

export const payInvoiceBody = z.object({ sInvoiceId: idSchema, sExchangeRateReference: idSchema });
export type PayInvoiceBody = z.infer<typeof payInvoiceBody>;

export const payNowBody = z
  .object({
    ...amountTargetFields,
    comment: conceptSchema,
    sPaymentRecipientId: idSchema,
    sExchangeRateReference: idSchema,
  })
  .superRefine(exactlyOneAmount);
export type PayNowBody = z.infer<typeof payNowBody>;

export const payFromConversionBody = z.object({
  sTransactionId: idSchema,
  sPaymentRecipientId: idSchema,
  isMxn: z.literal(true).default(true).describe('Payments are always in MXN'),
  dAmount: moneySchema.describe('MXN'),
  comment: conceptSchema,
});
export type PayFromConversionBody = z.infer<typeof payFromConversionBody>;

export function payInvoiceInput(body: PayInvoiceBody): { invoiceId: string; quoteId: string } {
  return { invoiceId: body.sInvoiceId, quoteId: body.sExchangeRateReference };
}

export function payNowInput(body: PayNowBody): {
  amountUsd: bigint | undefined;
  amountMxn: bigint | undefined;
  comment: string;
  recipientId: string;
  quoteId: string;
} {
  return {
    amountUsd: body.dAmount,
    amountMxn: body.dDesAmount,
    comment: body.comment,
    recipientId: body.sPaymentRecipientId,
    quoteId: body.sExchangeRateReference,
  };
}

export function payFromConversionInput(body: PayFromConversionBody): {
  conversionId: string;
  recipientId: string;
  amountMxn: bigint;
  comment: string;
} {
  return {
    conversionId: body.sTransactionId,
    recipientId: body.sPaymentRecipientId,
    amountMxn: body.dAmount,
    comment: body.comment,
  };
}
