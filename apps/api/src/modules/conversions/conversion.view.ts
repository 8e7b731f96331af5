import { z } from 'zod';
import { invoiceFieldsSchema } from '../invoices/invoice.schema.js';

const apiInvoiceSchema = invoiceFieldsSchema.extend({
  paymentsRecipent: z.array(z.object({ sName: z.string(), sPaymentRecipientId: z.string() })),
});

/** A payment made from a conversion, as the conversion lists it. */
const conversionPaymentSchema = z.object({
  sPaymentId: z.string(),
  iTrackingId: z.number(),
  created_at: z.string(),
  dAmount: z.number(),
  dAmountUsd: z.number(),
  dExchangeRate: z.number(),
  sTransactionType: z.string(),
  sStatus: z.enum(['PROCESSING', 'COMPLETED', 'RETURNED']),
  sTrackingKey: z.string(),
  sConcept: z.string(),
  payment_recipient: z.object({ sPaymentRecipientId: z.string(), sName: z.string() }),
  invoice_payments_relationship: z.array(
    z.object({
      dAmount: z.number(),
      invoice: z.object({ sInvoiceId: z.string(), sInvoice: z.string() }),
    }),
  ),
});

/** The Transaction of API.md: a conversion, with its invoices and payments. */
export const transactionSchema = z.object({
  sTransactionId: z.string(),
  iTrackingId: z.number(),
  sTransactionType: z.string(),
  dAmount: z.number().describe('USD'),
  dDesAmount: z.number().describe('MXN'),
  dExchangeRate: z.number(),
  referenceExchangeRate: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  dForwardTransactionDate: z.string().nullable(),
  dDepositAmount: z.number(),
  sStatus: z.enum(['ACTIVE', 'SETTLED']),
  bExternal: z.boolean(),
  dAssignedAmount: z.number(),
  dPaidAmount: z.number(),
  dPercentUsed: z.number(),
  dPercentPaid: z.number(),
  dProfitPercentage: z.number(),
  dCurrencyGain: z.number(),
  iDaysRemaining: z.number().nullable(),
  invoice: z.array(
    z.object({
      dAmount: z.number(),
      dPaidAmount: z.number(),
      invoice: apiInvoiceSchema,
      payment: z.object({ dDescAmount: z.number() }),
    }),
  ),
  payment: z.array(conversionPaymentSchema),
});

/** A conversion as the API answers it. */
export type ApiTransaction = z.infer<typeof transactionSchema>;
/** One invoice assigned to a conversion, as the conversion carries it. */
export type ApiTransactionInvoice = ApiTransaction['invoice'][number];
/** A payment made from a conversion, as the conversion carries it. */
export type ApiConversionPayment = ApiTransaction['payment'][number];

/** The answer of a write that leaves one conversion. */
export type TransactionAnswer = { transaction: ApiTransaction };
