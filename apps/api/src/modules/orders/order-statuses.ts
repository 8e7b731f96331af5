import { ORDER_STATUSES, type Language, type OrderStatus, type PaymentMethod } from '@app/domain';

export type { OrderStatus, PaymentMethod };

export { ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_METHODS } from '@app/domain';

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The one status the vendor may move an order to from `status`: the next step of the
 * trip, up to DELIVERED. FINISHED is the buyer's (or the dispute window's), never the vendor's.
 */
export function nextVendorStatus(status: OrderStatus): OrderStatus | null {
  if (status === 'DELIVERED' || status === 'FINISHED') return null;
  return ORDER_STATUSES[ORDER_STATUSES.indexOf(status) + 1] ?? null;
}

/** Whether the load has reached the buyer (delivered quantities, ratings, disputes). */
export function isDelivered(status: OrderStatus): boolean {
  return status === 'DELIVERED' || status === 'FINISHED';
}

export const PAYMENT_METHOD_LABELS: Readonly<Record<Language, Record<PaymentMethod, string>>> = {
  en: {
    PAY_NOW: 'Pay now (account balance)',
    CONVERT_MXN: 'Convert payment to MXN',
    DEFERRED: 'Deferred payment (rate locked, bank transfer)',
    FORWARD: 'Forward payment',
  },
  sp: {
    PAY_NOW: 'Pagar ahora (saldo de la cuenta)',
    CONVERT_MXN: 'Convertir pago a MXN',
    DEFERRED: 'Pago diferido (tipo de cambio fijado, transferencia bancaria)',
    FORWARD: 'Pago forward',
  },
};

export type OrderPaymentStatus = 'PENDING' | 'PAID';

/** The order tabs of the specification: in process, finalized, disputed. */
export const ORDER_TABS = ['in-process', 'finalized', 'disputed'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
