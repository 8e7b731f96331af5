import type { Language } from './errors.js';

/**
 * Status ids of the HTTP contract are opaque strings (API.md): clients compare ids, never
 * names. The ids are fixed here once and for all; `GET catalog/statuses` serves them with
 * their names in the caller's language.
 */

export const INVOICE_STATUS_KEYS = ['TO_PAY', 'PARCIAL', 'ASSIGNED', 'PAID'] as const;
export type InvoiceStatusKey = (typeof INVOICE_STATUS_KEYS)[number];

export const INVOICE_STATUS_IDS: Readonly<Record<InvoiceStatusKey, string>> = {
  TO_PAY: '0f5bcc70-d9f1-4bac-af3e-38478d5545e7',
  PARCIAL: '2e4ef378-dad2-4bfb-b342-8b06a455cedd',
  ASSIGNED: 'ce7eab28-f2a8-432d-a474-f2ae5e2dadd3',
  PAID: 'e25a384a-75e0-44c7-a9c4-5ffd998c6f8c',
};

export const INVOICE_STATUS_NAMES: Readonly<Record<Language, Record<InvoiceStatusKey, string>>> = {
  en: { TO_PAY: 'To pay', PARCIAL: 'Parcial', ASSIGNED: 'Assigned', PAID: 'Paid' },
  sp: { TO_PAY: 'Por pagar', PARCIAL: 'Parcial', ASSIGNED: 'Asignada', PAID: 'Pagada' },
};

export const TRANSACTION_TYPE_KEYS = ['FOREX', 'FORWARD', 'PAY_NOW'] as const;
export type TransactionTypeKey = (typeof TRANSACTION_TYPE_KEYS)[number];

export const TRANSACTION_TYPE_IDS = {
  FOREX: '49da0689-4a91-4eb9-b651-948cee012a2f',
  FORWARD: '60b08062-3e6c-4f1a-81aa-295bdee9bbb5',
  PAY_NOW: '3e82ff89-0632-40a2-b742-4dc7af77ca80',
} as const satisfies Readonly<Record<TransactionTypeKey, string>>;

export const TRANSACTION_TYPE_NAMES: Readonly<
  Record<Language, Record<TransactionTypeKey, string>>
> = {
  en: { FOREX: 'Forex', FORWARD: 'Forward', PAY_NOW: 'Pay Now' },
  sp: { FOREX: 'Forex', FORWARD: 'Forward', PAY_NOW: 'Pago inmediato' },
};

export function invoiceStatusKeyFromId(id: string): InvoiceStatusKey | undefined {
  return INVOICE_STATUS_KEYS.find((key) => INVOICE_STATUS_IDS[key] === id);
}

export function transactionTypeKeyFromId(id: string): TransactionTypeKey | undefined {
  return TRANSACTION_TYPE_KEYS.find((key) => TRANSACTION_TYPE_IDS[key] === id);
}

export function invoiceStatusName(key: InvoiceStatusKey, language: Language): string {
  return INVOICE_STATUS_NAMES[language][key];
}

export function transactionTypeName(key: TransactionTypeKey, language: Language): string {
  return TRANSACTION_TYPE_NAMES[language][key];
}

/**
 * An invoice's status from its amounts (DESIGN §5): Paid when payments cover the total,
 * Assigned when conversions cover it, Parcial when something is covered, else To pay.
 */
export function deriveInvoiceStatus(amounts: {
  totalMxnCents: bigint;
  assignedMxnCents: bigint;
  paidMxnCents: bigint;
}): InvoiceStatusKey {
  const { totalMxnCents, assignedMxnCents, paidMxnCents } = amounts;
  if (paidMxnCents >= totalMxnCents) return 'PAID';
  const covered = assignedMxnCents > paidMxnCents ? assignedMxnCents : paidMxnCents;
  if (covered >= totalMxnCents) return 'ASSIGNED';
  return covered > 0n ? 'PARCIAL' : 'TO_PAY';
}

export interface StatusCatalog {
  invoiceStatuses: { sStatusId: string; sName: string; sKey: InvoiceStatusKey }[];
  transactionTypes: { sTransactionTypeId: string; sName: string; sKey: TransactionTypeKey }[];
}

/** The body of `GET catalog/statuses` in `language`. */
export function statusCatalog(language: Language): StatusCatalog {
  return {
    invoiceStatuses: INVOICE_STATUS_KEYS.map((key) => ({
      sStatusId: INVOICE_STATUS_IDS[key],
      sName: INVOICE_STATUS_NAMES[language][key],
      sKey: key,
    })),
    transactionTypes: TRANSACTION_TYPE_KEYS.map((key) => ({
      sTransactionTypeId: TRANSACTION_TYPE_IDS[key],
      sName: TRANSACTION_TYPE_NAMES[language][key],
      sKey: key,
    })),
  };
}

/** The columns `POST invoices/invoices` can order by (`sortBy`); ties are newest first. */
export const INVOICE_SORT_KEYS = [
  'created_at',
  'sInvoice',
  'sName',
  'dPurchaseDate',
  'dDueDate',
  'iCreditPeriod',
  'dTotalAmount',
  'dRateProtection',
  'sStatusId',
  'dCurrencyGain',
  'dProfitPercentage',
] as const;
export type InvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];

export function isInvoiceSortKey(value: string): value is InvoiceSortKey {
  return (INVOICE_SORT_KEYS as readonly string[]).includes(value);
}

/**
 * The order tracking of the specification (§3): ten steps of the northbound trip, from
 * the grower's packhouse to the buyer's warehouse, then FINISHED once the buyer accepts
 * the load (or the dispute window closes, or a dispute is resolved).
 */
export const ORDER_STATUSES = [
  'ORDER_RECEIVED',
  'IN_PREPARATION',
  'IN_TRANSIT',
  'IN_BORDER_CROSSING',
  'SUCCESSFUL_CROSSING',
  'BORDER_WAREHOUSE',
  'ACCEPTED_AT_BORDER_WAREHOUSE',
  'TRANSFERRED',
  'ON_DELIVERY_ROUTE',
  'DELIVERED',
  'FINISHED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Each status's name in both languages (the order timeline, e-mails and documents). */
export const ORDER_STATUS_LABELS: Readonly<Record<Language, Record<OrderStatus, string>>> = {
  en: {
    ORDER_RECEIVED: 'Order received',
    IN_PREPARATION: 'In preparation',
    IN_TRANSIT: 'In transit',
    IN_BORDER_CROSSING: 'In border crossing process',
    SUCCESSFUL_CROSSING: 'Successful crossing',
    BORDER_WAREHOUSE: 'Border warehouse',
    ACCEPTED_AT_BORDER_WAREHOUSE: 'Accepted at border warehouse',
    TRANSFERRED: 'Transferred',
    ON_DELIVERY_ROUTE: 'On delivery route',
    DELIVERED: 'Delivered',
    FINISHED: 'Finished',
  },
  sp: {
    ORDER_RECEIVED: 'Pedido recibido',
    IN_PREPARATION: 'En preparación',
    IN_TRANSIT: 'En tránsito',
    IN_BORDER_CROSSING: 'En proceso de cruce fronterizo',
    SUCCESSFUL_CROSSING: 'Cruce exitoso',
    BORDER_WAREHOUSE: 'Bodega fronteriza',
    ACCEPTED_AT_BORDER_WAREHOUSE: 'Aceptado en bodega fronteriza',
    TRANSFERRED: 'Transferido',
    ON_DELIVERY_ROUTE: 'En ruta de entrega',
    DELIVERED: 'Entregado',
    FINISHED: 'Finalizado',
  },
};

/** The trade documents of an order, as `GET …/orders/{orderId}/documents/{kind}` names them. */
export const ORDER_DOCUMENT_KINDS = [
  'commercial-invoice',
  'packing-list',
  'bill-of-lading',
] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];

/** The payment methods of an order (specification §3). */
export const PAYMENT_METHODS = ['PAY_NOW', 'CONVERT_MXN', 'DEFERRED', 'FORWARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
