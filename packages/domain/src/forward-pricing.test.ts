import { describe, expect, it } from 'vitest';
import { forwardPoints, forwardRate } from './forward-pricing.js';
import { convertMxnToUsd, divideRoundHalfUp, forwardDeposit } from './money.js';
import { invoiceCurrencyGain } from './profit.js';

const domainExample = {
  spotRateMicro: 18_400_000n,
  mxnInterestPercentMicro: 7_250_000n, // 7.25 %
  usdInterestPercentMicro: 3_875_000n, // 3.875 %
};

describe('forwardRate', () => {
  it.each([
    [30, 18_451_583n, 184_516n, 516],
    [90, 18_553_760n, 185_538n, 1_538],
    [180, 18_704_598n, 187_046n, 3_046],
    [365, 19_005_823n, 190_058n, 6_058],
  ])('reproduces the DOMAIN.md table at %i days', (days, micro, fourDecimals, points) => {
    const rate = forwardRate({ ...domainExample, days });
    expect(rate).toBe(micro);
    expect(divideRoundHalfUp(rate, 100n)).toBe(fourDecimals); // the table's 4 decimals
    expect(forwardPoints(rate, domainExample.spotRateMicro)).toBe(points);
  });

  it('is the spot rate at 0 days', () => {
    expect(forwardRate({ ...domainExample, days: 0 })).toBe(18_400_000n);
  });

  it('uses MXN 7.00 % and USD 4.00 % by default', () => {
    // 18.40 × (1 + 0.07·90/360) / (1 + 0.04·90/360) = 18.722 / 1.01 = 18.5366336… → 18.536634
    expect(forwardRate({ spotRateMicro: 18_400_000n, days: 90 })).toBe(18_536_634n);
  });

  it('takes the spread off the customer’s pesos', () => {
    const plain = forwardRate({ ...domainExample, days: 90 });
    const spread = forwardRate({ ...domainExample, days: 90, spreadBasisPoints: 25n });
    // 18.553760… × (1 − 0.0025) = 18.507376
    expect(spread).toBe(18_507_376n);
    expect(spread < plain).toBe(true);
  });

  it('refuses nonsense inputs', () => {
    expect(() => forwardRate({ spotRateMicro: 0n, days: 30 })).toThrow(RangeError);
    expect(() => forwardRate({ spotRateMicro: 1n, days: -1 })).toThrow(RangeError);
    expect(() => forwardRate({ spotRateMicro: 1n, days: 1.5 })).toThrow(RangeError);
    expect(() => forwardRate({ spotRateMicro: 1n, days: 1, spreadBasisPoints: -1n })).toThrow(
      RangeError,
    );
  });
});

describe('the DOMAIN.md 90-day invoice example', () => {
  /*
   * DOMAIN.md: MXN 500,000 protected at 19.00 (budget USD 26,315.79), on the 90-day forward
   * at 18.5538 "costs USD 26,948.71: gain −632.93 USD; the 5 % deposit is USD 1,347.44".
   *
   * - With the 4-decimal F = 18.5538 shown in the table: 26,948.66, gain −632.87. No.
   * - With F unrounded (18.55376044…): 26,948.714 → 26,948.71 ✓, but budget − actual in
   *   cents is then −632.92; the doc's −632.93 is the unrounded difference
   *   (26,315.789… − 26,948.714… = −632.925…). The doc mixed the two.
   * - With our rule (F rounded half-up to 6 decimals = 18.553760, each USD figure rounded
   *   half-up to the cent, gain = difference of the rounded figures): actual 26,948.72
   *   (one cent above the doc), gain −632.93 ✓, deposit 1,347.44 ✓.
   */
  const rate = forwardRate({ ...domainExample, days: 90 });

  it('prices the invoice at the 6-decimal forward rate', () => {
    const result = invoiceCurrencyGain({
      totalMxnCents: 50_000_000n,
      protectedRateMicro: 19_000_000n,
      appliedRateMicro: rate,
    });
    expect(result.budgetUsd).toBe(2_631_579n);
    expect(result.actualUsd).toBe(2_694_872n); // doc: 26,948.71 (unrounded F)
    expect(result.gainUsd).toBe(-63_293n);
    expect(result.profitPercentage).toBe(-2.41);
    expect(forwardDeposit(result.actualUsd)).toBe(134_744n);
  });

  it('would give the doc’s other figures with the table’s 4-decimal rate', () => {
    expect(convertMxnToUsd(50_000_000n, 18_553_800n)).toBe(2_694_866n);
  });
});
