import type { Widen } from '../translation';

/** Texts of the operator screens. English first; Spanish must have the same keys. */
export const operatorEn = {
  title: 'Back office',
  subtitle: 'Enterprises with their balances. Credit received wires by their bank reference.',
  notOperatorTitle: 'This page is for the back office',
  notOperator:
    'Only back-office operators can list enterprises and credit deposits. Your account is not an operator account.',
  tableLabel: 'Enterprises',
  columns: {
    name: 'Enterprise',
    type: 'Type',
    verified: 'Verified',
    depositReference: 'Deposit reference',
    usd: 'USD balance',
    mxn: 'MXN balance',
    blockedUsd: 'Held USD (forwards)',
  },
  types: {
    customer: 'Buyer',
    vendor: 'Grower',
    operator: 'Operator',
  },
  yes: 'Yes',
  no: 'No',
  empty: 'There are no enterprises yet.',
  loadFailed: 'The enterprises could not be loaded.',
  retry: 'Try again',
  creditDeposit: 'Credit deposit',
  creditDepositFor: 'Credit deposit: {{name}}',
  dialogTitle: 'Credit deposit',
  dialogIntro: 'Credit a wire received in the bank to the USD balance of this enterprise.',
  enterprise: 'Enterprise',
  currentBalance: 'Current USD balance',
  amount: 'Amount USD',
  amountHelp: 'The amount received, in US dollars (up to 2 decimals).',
  reference: 'Bank reference',
  referenceHelp: 'The reference of the wire in the bank statement. It can be credited only once.',
  amountInvalid: 'Enter an amount greater than 0 with at most 2 decimals.',
  referenceLength: 'Use 3 to 64 characters.',
  referenceUsed:
    'This bank reference was already credited to another enterprise or with another amount. Check the wire.',
  confirmTitle: 'Confirm deposit',
  confirmText:
    'You are about to credit {{amount}} USD to {{name}} with the bank reference {{reference}}. The money is available to the enterprise at once.',
  confirmButton: 'Credit deposit',
  credited: '{{amount}} USD credited to {{name}}.',
  alreadyCredited:
    'The bank reference {{reference}} was already credited to {{name}} ({{amount}} USD). Nothing was credited again.',
} as const;

export const operatorSp: Widen<typeof operatorEn> = {
  title: 'Back office',
  subtitle:
    'Empresas con sus saldos. Acredita transferencias recibidas por su referencia bancaria.',
  notOperatorTitle: 'Esta página es para el back office',
  notOperator:
    'Solo los operadores del back office pueden ver las empresas y acreditar depósitos. Tu cuenta no es una cuenta de operador.',
  tableLabel: 'Empresas',
  columns: {
    name: 'Empresa',
    type: 'Tipo',
    verified: 'Verificada',
    depositReference: 'Referencia de depósito',
    usd: 'Saldo USD',
    mxn: 'Saldo MXN',
    blockedUsd: 'USD retenidos (forwards)',
  },
  types: {
    customer: 'Comprador',
    vendor: 'Productor',
    operator: 'Operador',
  },
  yes: 'Sí',
  no: 'No',
  empty: 'Aún no hay empresas.',
  loadFailed: 'No se pudieron cargar las empresas.',
  retry: 'Reintentar',
  creditDeposit: 'Acreditar depósito',
  creditDepositFor: 'Acreditar depósito: {{name}}',
  dialogTitle: 'Acreditar depósito',
  dialogIntro: 'Acredita al saldo USD de esta empresa una transferencia recibida en el banco.',
  enterprise: 'Empresa',
  currentBalance: 'Saldo USD actual',
  amount: 'Monto USD',
  amountHelp: 'El monto recibido, en dólares (hasta 2 decimales).',
  reference: 'Referencia bancaria',
  referenceHelp:
    'La referencia de la transferencia en el estado de cuenta del banco. Solo se puede acreditar una vez.',
  amountInvalid: 'Escribe un monto mayor que 0 con hasta 2 decimales.',
  referenceLength: 'Usa de 3 a 64 caracteres.',
  referenceUsed:
    'Esta referencia bancaria ya se acreditó a otra empresa o por otro monto. Revisa la transferencia.',
  confirmTitle: 'Confirmar depósito',
  confirmText:
    'Vas a acreditar {{amount}} USD a {{name}} con la referencia bancaria {{reference}}. El dinero queda disponible para la empresa de inmediato.',
  confirmButton: 'Acreditar depósito',
  credited: '{{amount}} USD acreditados a {{name}}.',
  alreadyCredited:
    'La referencia bancaria {{reference}} ya se había acreditado a {{name}} ({{amount}} USD). No se acreditó de nuevo.',
};
