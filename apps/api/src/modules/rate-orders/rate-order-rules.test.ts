import { describe, expect, it } from 'vitest';
import { expiryProblem, isPastExpiry, rateOrderReached } from './rate-order-rules.js';

describe('rate order rules', () => {
  it('is reached when the quote gives at least the target MXN per USD', () => {
    expect(rateOrderReached(18_500_000n, 18_500_000n)).toBe(true);
    expect(rateOrderReached(18_500_100n, 18_500_000n)).toBe(true);
    expect(rateOrderReached(18_499_900n, 18_500_000n)).toBe(false);
  });

  it('takes a last day from tomorrow to a year ahead', () => {
    expect(expiryProblem('2026-11-21', '2026-11-21')).toBe(true);
    expect(expiryProblem('2026-11-20', '2026-11-21')).toBe(true);
    expect(expiryProblem('2026-11-22', '2026-11-21')).toBe(false);
    expect(expiryProblem('2027-11-21', '2026-11-21')).toBe(false);
    expect(expiryProblem('2027-11-22', '2026-11-21')).toBe(true);
  });

  it('fills through its last day and expires the day after', () => {
    expect(isPastExpiry('2026-11-25', '2026-11-25')).toBe(false);
    expect(isPastExpiry('2026-11-25', '2026-11-26')).toBe(true);
  });
});
