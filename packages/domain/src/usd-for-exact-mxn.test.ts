import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMxnToUsd, usdForExactMxn } from './money.js';

describe('usdForExactMxn', () => {
  it('charges the USD rounded up to the cent', () => {
    // 100,000.00 MXN at 18.40 = 5,434.7826… USD → 5,434.79 (half-up would give 5,434.78).
    expect(usdForExactMxn(10_000_000n, 18_400_000n)).toBe(543_479n);
    expect(convertMxnToUsd(10_000_000n, 18_400_000n)).toBe(543_478n);
  });

  it('charges exactly when the division is exact', () => {
    // 1,840.00 MXN at 18.40 = 100.00 USD.
    expect(usdForExactMxn(184_000n, 18_400_000n)).toBe(10_000n);
  });

  it('never charges less than the MXN is worth, and never a cent more than needed', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        fc.bigInt({ min: 1_000_000n, max: 100_000_000n }),
        (mxn, rate) => {
          const usd = usdForExactMxn(mxn, rate);
          // usd × rate covers mxn, and one cent less would not.
          expect(usd * rate >= mxn * 1_000_000n).toBe(true);
          expect((usd - 1n) * rate < mxn * 1_000_000n).toBe(true);
        },
      ),
    );
  });

  it('refuses a non-positive rate and a negative target', () => {
    expect(() => usdForExactMxn(100n, 0n)).toThrow(RangeError);
    expect(() => usdForExactMxn(-1n, 18_000_000n)).toThrow(RangeError);
  });
});
