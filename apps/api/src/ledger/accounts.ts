import type { Currency } from '../db/schema.js';

/** The accounts every customer enterprise has; their balances may never go below zero. */
export const CUSTOMER_ACCOUNTS = {
  USD_AVAILABLE: 'USD',
  MXN_AVAILABLE: 'MXN',
  USD_FORWARD_DEPOSIT: 'USD',
  /** The goods money of the enterprise's open marketplace orders, held until acceptance. */
  USD_ORDER_HELD: 'USD',
} as const satisfies Record<string, Currency>;
export type CustomerAccountKind = keyof typeof CUSTOMER_ACCOUNTS;

/** The platform's own accounts: the other side of every customer movement. */
export const HOUSE_ACCOUNTS = {
  HOUSE_BANK_USD: 'USD',
  HOUSE_BANK_MXN: 'MXN',
  HOUSE_FX_USD: 'USD',
  HOUSE_FX_MXN: 'MXN',
  HOUSE_PAYOUT_CLEARING_MXN: 'MXN',
  /** Marketplace fees the house earns: freight and border cold storage (in/out). */
  HOUSE_FEE_LOGISTICS_USD: 'USD',
  HOUSE_FEE_BORDER_CROSSING_USD: 'USD',
  HOUSE_FEE_INSURANCE_USD: 'USD',
} as const satisfies Record<string, Currency>;
export type HouseAccountKind = keyof typeof HOUSE_ACCOUNTS;

export type AccountRef =
  { enterpriseId: string; kind: CustomerAccountKind } | { house: HouseAccountKind };

export function currencyOf(ref: AccountRef): Currency {
  return 'house' in ref ? HOUSE_ACCOUNTS[ref.house] : CUSTOMER_ACCOUNTS[ref.kind];
}

/** Every kind of journal; statements and receipts name each in the reader's language. */
export const JOURNAL_KINDS = [
  'ADD_FUNDS',
  'FOREX',
  'FORWARD_BOOKING',
  'FORWARD_SETTLEMENT',
  'PAY_NOW',
  'SUPPLIER_PAYMENT',
  'PAYOUT_SETTLED',
  'PAYOUT_RETURNED',
  'ORDER_HOLD',
  'ORDER_RELEASE',
  'ORDER_REFUND',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];
