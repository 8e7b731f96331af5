/** The finance shapes of the HTTP contract (shared/API.md), as the web app reads them. */

export interface Dashboard {
  sUserName: string;
  exchangeRateToday: number;
  exchangeRateTodayReference: string;
  quoteExpiresAt: string;
  balances: { balanceUsd: { balance: number }; balanceMxn: { balance: number } };
  unassignedInvoices: number;
  transactionsAvailable: number;
  forwardsActive: number;
  dBlockedUsd: number;
}

export interface StatusCatalog {
  invoiceStatuses: Array<{
    sStatusId: string;
    sName: string;
    sKey: 'TO_PAY' | 'PARCIAL' | 'ASSIGNED' | 'PAID';
  }>;
  transactionTypes: Array<{
    sTransactionTypeId: string;
    sName: string;
    sKey: 'FOREX' | 'FORWARD' | 'PAY_NOW';
  }>;
}

export interface PaymentRecipient {
  sPaymentRecipientId: string;
  sName: string;
  sEmail: string;
  sBankName: string;
  sAccountNumber: string;
  sTaxId: string;
  sEntityBusiness: string;
}

export interface Invoice {
  sInvoiceId: string;
  sInvoice: string;
  sPaymentRecipientId: string;
  sName: string;
  sAccountNumber: string;
  dPurchaseDate: string;
  iCreditPeriod: number;
  dDueDate: string;
  dTotalAmount: number;
  dAssignedAmount: number;
  dPaidAmount: number;
  dTotalUsd: number;
  dRateProtection: number;
  dProfitPercentage: number;
  dCurrencyGain: number;
  sStatusId: string;
  created_at: string;
}

export interface InvoiceList {
  /** One page of the filter (or its first 1,000 without a page). */
  invoices: Invoice[];
  /** How many invoices the filter holds, all pages. */
  total: number;
  /** The currency gain of every invoice of the filter, all pages. */
  totalProfit: number;
  exchangeRateToday: number;
  exchangeRateTodayReference: string;
  quoteExpiresAt: string;
}

export interface TransactionInvoice {
  dAmount: number;
  dPaidAmount: number;
  invoice: Invoice & { paymentsRecipent: Array<{ sName: string; sPaymentRecipientId: string }> };
  payment: { dDescAmount: number };
}

export interface TransactionPayment {
  sPaymentId: string;
  iTrackingId: number;
  created_at: string;
  dAmount: number;
  dAmountUsd: number;
  dExchangeRate: number;
  sTransactionType: string;
  sStatus: string;
  sTrackingKey: string;
  sConcept: string;
  payment_recipient: { sPaymentRecipientId: string; sName: string };
  invoice_payments_relationship: Array<{
    dAmount: number;
    invoice: { sInvoiceId: string; sInvoice: string };
  }>;
}

export interface Transaction {
  sTransactionId: string;
  iTrackingId: number;
  sTransactionType: string;
  dAmount: number;
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
  iDaysRemaining: number | null;
  invoice: TransactionInvoice[];
  payment: TransactionPayment[];
}

export interface Payment {
  sPaymentId: string;
  iTrackingId: number;
  created_at: string;
  dAmount: number;
  dAmountUsd: number;
  dExchangeRate: number;
  sTransactionType: string;
  payment_recipient: {
    sPaymentRecipientId: string;
    sName: string;
    sEmail: string;
    sBankName: string;
    sAccountNumber: string;
  };
  transaction: Array<{
    dAmount: number;
    transaction: { sTransactionId: string; iTrackingId: number; sTransactionType: string };
  }>;
  invoice_payments_relationship: Array<{ dAmount: number; invoice: Invoice }>;
  sStatus: 'PROCESSING' | 'COMPLETED' | 'RETURNED';
  sTrackingKey: string;
  sConcept: string;
  dProfitPercentage: number;
  dCurrencyGain: number;
}
