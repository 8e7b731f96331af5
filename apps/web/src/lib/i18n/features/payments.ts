import type { Widen } from '../translation';

/** Texts of the payments screens. English first; Spanish must have the same keys. */
export const paymentsEn = {
  title: 'Outgoing payments history',
  subtitle: 'Every payment sent to your suppliers, with its receipt.',
  tableLabel: 'Outgoing payments',
  columns: {
    id: 'Id',
    date: 'Payment date',
    recipient: 'Recipient',
    invoice: 'Invoice',
    type: 'Transaction type',
    mxn: 'Total amount MXN',
    usd: 'Total amount USD',
    rate: 'Exchange rate',
    profit: 'Currency profit (%)',
    gain: 'Currency gain (USD)',
    status: 'Status',
  },
  types: {
    FOREX: 'Forex',
    FORWARD: 'Forward',
    PAY_NOW: 'Pay Now',
  },
  statuses: {
    PROCESSING: 'Processing',
    COMPLETED: 'Completed',
    RETURNED: 'Returned',
  },
  viewReceipt: 'View receipt of payment {{id}}',
  receiptTooltip: 'View receipt',
  receiptDownloaded: 'The receipt was downloaded because the browser blocked the new tab.',
  empty: 'No payments have been sent yet.',
  loadFailed: 'The payments could not be loaded.',
  retry: 'Try again',
} as const;

export const paymentsSp: Widen<typeof paymentsEn> = {
  title: 'Historial de egresos',
  subtitle: 'Todos los pagos enviados a tus proveedores, con su comprobante.',
  tableLabel: 'Egresos',
  columns: {
    id: 'Id',
    date: 'Fecha de pago',
    recipient: 'Destinatario',
    invoice: 'Factura',
    type: 'Tipo de transacción',
    mxn: 'Monto total MXN',
    usd: 'Monto total USD',
    rate: 'Tipo de cambio',
    profit: 'Ganancia cambiaria (%)',
    gain: 'Ganancia cambiaria (USD)',
    status: 'Estatus',
  },
  types: {
    FOREX: 'Forex',
    FORWARD: 'Forward',
    PAY_NOW: 'Pago inmediato',
  },
  statuses: {
    PROCESSING: 'En proceso',
    COMPLETED: 'Completado',
    RETURNED: 'Devuelto',
  },
  viewReceipt: 'Ver comprobante del pago {{id}}',
  receiptTooltip: 'Ver comprobante',
  receiptDownloaded: 'El comprobante se descargó porque el navegador bloqueó la nueva pestaña.',
  empty: 'Aún no se han enviado pagos.',
  loadFailed: 'No se pudieron cargar los pagos.',
  retry: 'Reintentar',
};
