import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountsForTarget } from './amount-target.js';
import { convertUsdToMxn, usdForExactMxn } from './money.js';

describe('usdForExactMxn', () => {
  it('rounds the USD up to the cent', () => {
    // 10,000 MXN at 18.225 = 548.69684… USD → 548.70
    expect(usdForExactMxn(1_000_000n, 18_225_000n)).toBe(54_870n);
    // 50,000 MXN at 20 = 2,500.00 exactly: nothing to round
    expect(usdForExactMxn(5_000_000n, 20_000_000n)).toBe(250_000n);
    // one centavo still costs a cent
    expect(usdForExactMxn(1n, 18_000_000n)).toBe(1n);
    expect(usdForExactMxn(0n, 18_000_000n)).toBe(0n);
  });

  it('refuses a non-positive rate and a negative target', () => {
    expect(() => usdForExactMxn(100n, 0n)).toThrow(RangeError);
    expect(() => usdForExactMxn(-1n, 18_000_000n)).toThrow(RangeError);
  });

  it('never charges less than the pesos are worth, nor a cent more than needed', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 100_000_000_000_00n }),
        fc.bigInt({ min: 1_000_000n, max: 100_000_000n }),
        (mxn, rate) => {
          const usd = usdForExactMxn(mxn, rate);
          // usd × rate ≥ mxn, and (usd − 1 cent) × rate < mxn (all in micro-centavos)
          expect(usd * rate).toBeGreaterThanOrEqual(mxn * 1_000_000n);
          expect((usd - 1n) * rate).toBeLessThan(mxn * 1_000_000n);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('amountsForTarget', () => {
  it('keeps the fixed side exact', () => {
    expect(amountsForTarget({ mxnCents: 2_500_000n }, 18_225_000n)).toEqual({
      mxnCents: 2_500_000n,
      usdCents: usdForExactMxn(2_500_000n, 18_225_000n),
    });
    expect(amountsForTarget({ usdCents: 100_000n }, 18_225_000n)).toEqual({
      usdCents: 100_000n,
      mxnCents: convertUsdToMxn(100_000n, 18_225_000n),
    });
  });
});
