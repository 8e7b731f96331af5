import { AppError, isAppError } from '../../errors.js';
import type { Executor, Trx } from '../../db/database.js';
import { validateClabe, type CalendarDate } from '@app/domain';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './orders.repository.js';
import type { OrderParty, OrderRow } from './orders.repository.js';
import type { PaymentMethod } from './order-statuses.js';

export type { OrderParty } from './orders.repository.js';

/** A deferred payment keeps the checkout quote's rate this long. */
export const RATE_LOCK_HOURS = 24;
export const HOUR_MS = 3_600_000;
/** Orders one read finishes at most when their dispute windows have closed. */
export const FINISH_BATCH = 200;

export interface CheckoutInput {
  vendorId: string;
  warehouseId: string;
  paymentMethod: PaymentMethod;
  /** A spot quote id (PAY_NOW, CONVERT_MXN, DEFERRED) or a forward quote id (FORWARD). */
  quoteId: string;
  /** The rate the buyer was shown; when sent it must equal the quote's. */
  statedRateMicro?: bigint | undefined;
  forwardDate?: CalendarDate | undefined;
}

export interface Caller {
  enterpriseId: string;
  userId: string;
}

export interface DeliveredLineInput {
  lineId: string;
  deliveredBoxes: number;
  deliveredUnitPriceCents?: bigint | undefined;
}

/** Field names of finance refusals, as the checkout and pay bodies name them. */
const FINANCE_FIELDS: Record<string, string> = {
  referenceExchangeRate: 'sExchangeRateReference',
  dForwardTransactionDate: 'dForwardDate',
  sTransactionId: 'sOrderId',
  sPaymentRecipientId: 'sVendorId',
};

export async function withOrderFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.field !== undefined) {
      const field = FINANCE_FIELDS[error.field];
      if (field) throw new AppError(error.code, { field, cause: error });
    }
    throw error;
  }
}

/** The order of a party, optionally locked; 404 when the party has no such order. */
export async function requireOrder(
  trx: Trx,
  party: OrderParty,
  orderId: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow> {
  const order = isUuid(orderId)
    ? await repo.findOrder(trx, party, orderId.toLowerCase(), options)
    : undefined;
  if (!order) throw new AppError('NOT_FOUND', { field: 'sOrderId' });
  return order;
}

export async function requireVendor(trx: Executor, vendorId: string) {
  const vendor = isUuid(vendorId) ? await repo.findVendor(trx, vendorId.toLowerCase()) : undefined;
  if (!vendor) throw new AppError('NOT_FOUND', { field: 'sVendorId' });
  return vendor;
}

export async function isPayable(trx: Executor, vendorId: string): Promise<boolean> {
  const vendor = await repo.findVendor(trx, vendorId);
  return vendor !== undefined && validateClabe(vendor.clabe?.trim() ?? '').ok;
}

/** The grower's CLABE (its bank registration); without a valid one it cannot be paid. */
export function requireVendorClabe(vendor: { clabe: string | null }): string {
  const clabe = vendor.clabe?.trim() ?? '';
  if (!validateClabe(clabe).ok) throw new AppError('GROWER_NOT_PAYABLE', { field: 'sVendorId' });
  return clabe;
}
