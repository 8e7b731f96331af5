import { z } from 'zod';

/** The fields every answer that carries an invoice sends (API.md Invoice). */
export const invoiceFieldsSchema = z.object({
  sInvoiceId: z.string(),
  sInvoice: z.string(),
  sPaymentRecipientId: z.string(),
  sName: z.string(),
  sAccountNumber: z.string(),
  dPurchaseDate: z.string(),
  iCreditPeriod: z.number(),
  dDueDate: z.string(),
  dTotalAmount: z.number(),
  dAssignedAmount: z.number(),
  dPaidAmount: z.number(),
  dTotalUsd: z.number(),
  dRateProtection: z.number(),
  dProfitPercentage: z.number(),
  dCurrencyGain: z.number(),
  sStatusId: z.string(),
  created_at: z.string(),
});
