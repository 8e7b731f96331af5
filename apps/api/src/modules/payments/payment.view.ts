import { z } from 'zod';
import {
  convertMxnToUsd,
  maskAccount,
  moneyToNumber,
  parseRate,
  percentOf,
  rateToNumber,
  TRANSACTION_TYPE_IDS,
} from '@app/domain';
import type { ApiInvoice } from '../invoices/invoices.service.js';
import type { PaymentRecipientRow } from '../suppliers/suppliers.service.js';
import * as repo from './payments.repository.js';
import type { PaymentView } from './payments.repository.js';
import { invoiceFieldsSchema } from '../invoices/invoice.schema.js';

/** The Payment of the API contract (API.md): the answer of every payment route. */
export const paymentSchema = z.object({
  sPaymentId: z.string(),
  iTrackingId: z.number(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  dAmount: z.number().describe('MXN sent'),
  dAmountUsd: z.number(),
  dExchangeRate: z.number(),
  sTransactionType: z.string().describe('Transaction type id: Pay Now, Forex or Forward'),
  payment_recipient: z.object({
    sPaymentRecipientId: z.string(),
    sName: z.string(),
    sEmail: z.string(),
    sBankName: z.string(),
    sAccountNumber: z.string().describe('Masked CLABE'),
  }),
  transaction: z.array(
    z.object({
      dAmount: z.number(),
      transaction: z.object({
        sTransactionId: z.string(),
        iTrackingId: z.number(),
        sTransactionType: z.string(),
      }),
    }),
  ),
  invoice_payments_relationship: z.array(
    z.object({ dAmount: z.number(), invoice: invoiceFieldsSchema }),
  ),
  sStatus: z.enum(['PROCESSING', 'COMPLETED', 'RETURNED']),
  sTrackingKey: z.string().describe('SPEI clave de rastreo'),
  sReturnReason: z.string().nullable().describe('Why the receiving bank returned the payout'),
  sConcept: z.string(),
  dProfitPercentage: z.number(),
  dCurrencyGain: z.number().describe('USD'),
});

/** A payment as the routes answer it, JSON-ready. */
export type ApiPayment = z.infer<typeof paymentSchema>;

/**
 * A payment's answer, with the invoices it paid and the gain on them: its budget USD (the
 * invoices' protected rates) less what the MXN cost at the payment's rate.
 */
export function toApiPayment(
  view: PaymentView,
  parts: Array<{ invoice_id: string; amount_mxn: bigint }>,
  invoices: Map<string, ApiInvoice>,
): { answer: ApiPayment; gainUsd: bigint } {
  const relationship: ApiPayment['invoice_payments_relationship'] = [];
  let budgetUsd = 0n;
  let costUsd = 0n;
  for (const part of parts) {
    const invoice = invoices.get(part.invoice_id);
    if (!invoice) continue;
    relationship.push({ dAmount: moneyToNumber(part.amount_mxn), invoice });
    budgetUsd += convertMxnToUsd(part.amount_mxn, parseRate(invoice.dRateProtection));
    costUsd += convertMxnToUsd(part.amount_mxn, view.rate_micro);
  }
  // A returned payment paid nothing: it gained nothing either.
  const gainUsd = view.status === 'RETURNED' ? 0n : budgetUsd - costUsd;
  const answer: ApiPayment = {
    sPaymentId: view.id,
    iTrackingId: Number(view.tracking_id),
    created_at: view.created_at.toISOString(),
    completed_at: view.completed_at?.toISOString() ?? null,
    dAmount: moneyToNumber(view.amount_mxn),
    dAmountUsd: moneyToNumber(view.amount_usd),
    dExchangeRate: rateToNumber(view.rate_micro),
    sTransactionType: TRANSACTION_TYPE_IDS[view.type],
    payment_recipient: {
      sPaymentRecipientId: view.payment_recipient_id,
      sName: view.recipient_name,
      sEmail: view.recipient_email,
      sBankName: view.recipient_bank_name,
      sAccountNumber: maskAccount(view.recipient_clabe),
    },
    transaction:
      view.conversion_id && view.conversion_type && view.conversion_tracking_id !== null
        ? [
            {
              dAmount: moneyToNumber(view.amount_mxn),
              transaction: {
                sTransactionId: view.conversion_id,
                iTrackingId: Number(view.conversion_tracking_id),
                sTransactionType: TRANSACTION_TYPE_IDS[view.conversion_type],
              },
            },
          ]
        : [],
    invoice_payments_relationship: relationship,
    sStatus: view.status,
    sTrackingKey: view.tracking_key,
    sReturnReason: view.return_reason,
    sConcept: view.concept,
    dProfitPercentage: view.status === 'RETURNED' ? 0 : percentOf(gainUsd, budgetUsd),
    dCurrencyGain: moneyToNumber(gainUsd),
  };
  return { answer, gainUsd };
}

/** A payment just written, as the payment view reads it back. */
export function writtenPaymentView(
  payment: repo.NewPayNowPayment,
  recipient: PaymentRecipientRow,
): PaymentView {
  return {
    ...repo.newPaymentColumns(payment),
    tracking_id: payment.trackingId,
    return_reason: null,
    recipient_name: payment.paidBeneficiaryName,
    recipient_email: recipient.email,
    recipient_bank_name: payment.paidBankName,
    recipient_clabe: payment.paidClabe,
    recipient_tax_id: recipient.tax_id,
    conversion_tracking_id: null,
    conversion_type: null,
  };
}
