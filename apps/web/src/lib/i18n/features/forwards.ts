import type { Widen } from '../translation';

/** Texts of the forwards screens. English first; Spanish must have the same keys. */
export const forwardsEn = {
  title: 'Active forwards',
  subtitle: 'Your forwards that are still pending completion.',
  balanceUsd: 'USD balance',
  blocked: 'Held in forwards',
  blockedHint: 'Deposits held for your active forwards',
  balances: 'USD balance and forward deposits',
  tableTitle: 'Active forwards',
  empty: 'You have no active forwards.',
  columns: {
    transactionDate: 'Transaction date',
    dueDate: 'Due date',
    missingDays: 'Days remaining',
  },
  edit: 'Edit forward',
  requestPayment: 'Request payment',
  confirmTitle: 'Are you sure you want to request the full payment of the forward?',
  confirmText:
    'We will check that your USD balance is enough to cover the rest of the forward. The amount in pesos will go to your available MXN balance.',
  confirmSummary: 'Forward #{{id}}: {{usd}} USD at {{rate}} = {{mxn}} MXN',
  pay: 'Pay forward',
  paid: 'The forward was paid. Its pesos are in your available MXN balance.',
} as const;

export const forwardsSp: Widen<typeof forwardsEn> = {
  title: 'Forwards Activos',
  subtitle: 'Tus forwards activos pendientes de completar.',
  balanceUsd: 'Saldo USD',
  blocked: 'Monto bloqueado forwards',
  blockedHint: 'Depósitos retenidos de tus forwards activos',
  balances: 'Saldo USD y depósitos de forwards',
  tableTitle: 'Forwards activos',
  empty: 'No tienes forwards activos.',
  columns: {
    transactionDate: 'Fecha de transacción',
    dueDate: 'Fecha de vencimiento',
    missingDays: 'Días restantes',
  },
  edit: 'Editar forward',
  requestPayment: 'Solicitar pago',
  confirmTitle: '¿Estás seguro de que deseas solicitar el pago total del forward?',
  confirmText:
    'Se verificará que tu saldo en USD sea suficiente para cubrir el resto del forward. El monto se enviará a tu saldo disponible en MXN.',
  confirmSummary: 'Forward #{{id}}: {{usd}} USD a {{rate}} = {{mxn}} MXN',
  pay: 'Pagar forward',
  paid: 'El forward se pagó. Sus pesos están en tu saldo disponible MXN.',
};
