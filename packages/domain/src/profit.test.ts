import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMxnToUsd } from './money.js';
import { coveredActualUsd, currencyGainForActualUsd, invoiceCurrencyGain } from './profit.js';

describe('invoiceCurrencyGain', () => {
  it('follows DOMAIN.md: MXN 500,000 protected at 19.00, paid at spot 18.40', () => {
    expect(
      invoiceCurrencyGain({
        totalMxnCents: 50_000_000n,
        protectedRateMicro: 19_000_000n,
        appliedRateMicro: 18_400_000n,
      }),
    ).toEqual({
      budgetUsd: 2_631_579n, // 26,315.79
      actualUsd: 2_717_391n, // 27,173.91
      gainUsd: -85_812n, // −858.12
      profitPercentage: -3.26,
    });
  });

  it('is a gain when the applied rate gives more pesos per dollar', () => {
    const result = invoiceCurrencyGain({
      totalMxnCents: 50_000_000n,
      protectedRateMicro: 18_400_000n,
      appliedRateMicro: 19_000_000n,
    });
    expect(result.gainUsd).toBe(85_812n);
    expect(result.profitPercentage).toBe(3.16); // 858.12 / 27,173.91
  });

  it('is zero when the rates agree', () => {
    const result = invoiceCurrencyGain({
      totalMxnCents: 12_345_678n,
      protectedRateMicro: 17_250_000n,
      appliedRateMicro: 17_250_000n,
    });
    expect(result.gainUsd).toBe(0n);
    expect(result.profitPercentage).toBe(0);
  });
});

describe('coveredActualUsd', () => {
  it('values the uncovered rest at today’s rate', () => {
    expect(coveredActualUsd([], 50_000_000n, 18_400_000n)).toBe(2_717_391n);
  });

  it('with nothing covered, rounds as the reduced sum does', () => {
    // A part of 0 MXN adds nothing but sends the call through the general sum.
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        (uncovered, rate) => {
          expect(coveredActualUsd([], uncovered, rate)).toBe(
            coveredActualUsd([{ mxnCents: 0n, rateMicro: 1n }], uncovered, rate),
          );
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('sums what each covering conversion cost', () => {
    // 300,000 at 18.00 = 16,666.666… and 200,000 at 20.00 = 10,000 → 26,666.67
    const actual = coveredActualUsd(
      [
        { mxnCents: 30_000_000n, rateMicro: 18_000_000n },
        { mxnCents: 20_000_000n, rateMicro: 20_000_000n },
      ],
      0n,
      18_400_000n,
    );
    expect(actual).toBe(2_666_667n);
    const gain = currencyGainForActualUsd({
      totalMxnCents: 50_000_000n,
      protectedRateMicro: 19_000_000n,
      actualUsd: actual,
    });
    expect(gain.gainUsd).toBe(2_631_579n - 2_666_667n);
    expect(gain.profitPercentage).toBe(-1.33);
  });

  it('rounds once, so splitting an invoice does not move its cost', () => {
    // Three thirds of 0.01 MXN at 1.5: each part alone would round 0.00667 to 0.01.
    const third = { mxnCents: 1n, rateMicro: 1_500_000n };
    expect(coveredActualUsd([third, third, third], 0n, 1_500_000n)).toBe(2n);
    expect(coveredActualUsd([third], 2n, 1_500_000n)).toBe(2n);
  });

  it('equals the one-rate conversion however the amount is split at one rate', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 10n }), { minLength: 1, maxLength: 8 }),
        fc.bigInt({ min: 16_000_000n, max: 22_000_000n }),
        (amounts, rate) => {
          const parts = amounts.map((mxnCents) => ({ mxnCents, rateMicro: rate }));
          const total = amounts.reduce((sum, amount) => sum + amount, 0n);
          expect(coveredActualUsd(parts, 0n, rate)).toBe(convertMxnToUsd(total, rate));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses negative amounts and non-positive rates', () => {
    expect(() => coveredActualUsd([{ mxnCents: -1n, rateMicro: 1n }], 0n, 1n)).toThrow(RangeError);
    expect(() => coveredActualUsd([], 1n, 0n)).toThrow(RangeError);
  });
});
