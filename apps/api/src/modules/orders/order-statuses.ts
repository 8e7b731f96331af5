import { ORDER_STATUSES, type Language, type OrderStatus, type PaymentMethod } from '@app/domain';

export type { OrderStatus, PaymentMethod };

export { ORDER_STATUSES, PAYMENT_METHODS } from '@app/domain';

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
