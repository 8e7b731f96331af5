import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { failureHint } from './checkout-failure';

describe('failureHint', () => {
  it('points to what the buyer can fix', () => {
    expect(failureHint(new ApiError('INSUFFICIENT_FUNDS', 409, 'x'))).toBe('funds');
    expect(failureHint(new ApiError('INVALID_STATE', 409, 'x', 'sWarehouseId'))).toBe('warehouse');
    expect(failureHint(new ApiError('INVALID_STATE', 409, 'x', 'aProducts.0.dQuantity'))).toBe(
      'cartChanged',
    );
    expect(failureHint(new ApiError('INVALID_STATE', 409, 'x', 'sVendorId'))).toBe('emptyCart');
  });

  it('has no hint for anything else', () => {
    expect(failureHint(new ApiError('INTERNAL_ERROR', 500, 'x'))).toBeNull();
    expect(failureHint(new Error('boom'))).toBeNull();
  });
});
