import type { ApiInvoice } from '../invoices/invoices.service.js';

/** One invoice assigned to a conversion, as the Transaction of API.md carries it. */
export interface ApiTransactionInvoice {
  /** MXN of the invoice assigned to this conversion. */
  dAmount: number;
  /** MXN of that assignment already paid out. */
  dPaidAmount: number;
  invoice: ApiInvoice & {
    paymentsRecipent: Array<{ sName: string; sPaymentRecipientId: string }>;
  };
  payment: { dDescAmount: number };
}

/** A payment made out of a conversion (the detail's payment list). */
export interface ApiConversionPayment {
  sPaymentId: string;
  iTrackingId: number;
  created_at: string;
  /** MXN sent. */
  dAmount: number;
  dAmountUsd: number;
  dExchangeRate: number;
  sTransactionType: string;
  sStatus: 'PROCESSING' | 'COMPLETED' | 'RETURNED';
  sTrackingKey: string;
  sConcept: string;
  payment_recipient: { sPaymentRecipientId: string; sName: string };
  invoice_payments_relationship: Array<{
    dAmount: number;
    invoice: { sInvoiceId: string; sInvoice: string };
  }>;
}

/** The Transaction (conversion) of the HTTP contract, JSON-ready. */
export interface ApiTransaction {
  sTransactionId: string;
  iTrackingId: number;
  sTransactionType: string;
  /** USD. */
  dAmount: number;
  /** MXN. */
  dDesAmount: number;
  dExchangeRate: number;
  referenceExchangeRate: string | null;
  created_at: string;
  settled_at: string | null;
  dForwardTransactionDate: string | null;
  dDepositAmount: number;
  sStatus: 'ACTIVE' | 'SETTLED';
  bExternal: boolean;
  dAssignedAmount: number;
  dPaidAmount: number;
  dPercentUsed: number;
  dPercentPaid: number;
  dProfitPercentage: number;
  dCurrencyGain: number;
  /** Days from today to the forward date; null for a spot conversion. */
  iDaysRemaining: number | null;
  invoice: ApiTransactionInvoice[];
  payment: ApiConversionPayment[];
}

/** The answer of a write that leaves one conversion. */
export type TransactionAnswer = { transaction: ApiTransaction };
