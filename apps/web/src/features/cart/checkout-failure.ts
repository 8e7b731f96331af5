import { isApiError } from '../../lib/api-client';

export type FailureHint = 'warehouse' | 'cartChanged' | 'emptyCart' | 'funds';

/** What the buyer can do about a refused checkout, from the error's code and field. */
export function failureHint(error: unknown): FailureHint | null {
  if (!isApiError(error)) return null;
  if (error.code === 'INSUFFICIENT_FUNDS') return 'funds';
  if (error.field === 'sWarehouseId') return 'warehouse';
  if (error.field?.startsWith('aProducts.')) return 'cartChanged';
  if (error.field === 'sVendorId') return 'emptyCart';
  return null;
}
