import { divideRoundHalfUp } from './money.js';

/**
 * Forward USD/MXN rate by covered interest parity, money-market ACT/360:
 *
 *   F = S × (1 + r_MXN × d/360) / (1 + r_USD × d/360)
 *
 * Units: S and F are rates in micro-units (6 decimals). Interest rates are annual percents
 * in micro-units, read with `parseRate`: 7.25 % is 7_250_000n. The spread is in basis points
 * of the rate (1 bp = 0.01 %). Everything is one exact fraction rounded once, half-up, to
 * 6 decimals.
 */

export const DEFAULT_MXN_INTEREST_PERCENT_MICRO = 7_000_000n; // 7.00 %
export const DEFAULT_USD_INTEREST_PERCENT_MICRO = 4_000_000n; // 4.00 %
export const MONEY_MARKET_DAY_COUNT = 360;

// percent (100) × micro-units (1e6) × ACT/360 days.
const GROWTH_SCALE = 100n * 1_000_000n * BigInt(MONEY_MARKET_DAY_COUNT);
const BASIS_POINTS = 10_000n;

export interface ForwardRateInput {
  spotRateMicro: bigint;
  /** Calendar days from today to the forward date (`daysBetween`). */
  days: number;
  mxnInterestPercentMicro?: bigint;
  usdInterestPercentMicro?: bigint;
  /**
   * Lowers the rate by this many basis points: the customer buys MXN with USD, so fewer
   * pesos per dollar is the customer's disadvantage.
   */
  spreadBasisPoints?: bigint;
}

export function forwardRate(input: ForwardRateInput): bigint {
  const {
    spotRateMicro,
    days,
    mxnInterestPercentMicro = DEFAULT_MXN_INTEREST_PERCENT_MICRO,
    usdInterestPercentMicro = DEFAULT_USD_INTEREST_PERCENT_MICRO,
    spreadBasisPoints = 0n,
  } = input;
  if (spotRateMicro <= 0n) throw new RangeError('The spot rate must be positive');
  if (!Number.isSafeInteger(days) || days < 0) {
    throw new RangeError('Forward days must be a non-negative integer');
  }
  if (spreadBasisPoints < 0n || spreadBasisPoints >= BASIS_POINTS) {
    throw new RangeError('The spread must be 0 to 9,999 basis points');
  }
  const d = BigInt(days);
  const mxnGrowth = GROWTH_SCALE + mxnInterestPercentMicro * d;
  const usdGrowth = GROWTH_SCALE + usdInterestPercentMicro * d;
  if (mxnGrowth <= 0n || usdGrowth <= 0n) throw new RangeError('Interest rate below -100 %');
  return divideRoundHalfUp(
    spotRateMicro * mxnGrowth * (BASIS_POINTS - spreadBasisPoints),
    usdGrowth * BASIS_POINTS,
  );
}

/**
 * Forward points as quoted for USD/MXN: (F − S) × 10,000, i.e. in units of the 4th decimal,
 * rounded half-up to a whole point (18.451583 vs 18.40 → 516).
 */
export function forwardPoints(forwardRateMicro: bigint, spotRateMicro: bigint): number {
  return Number(divideRoundHalfUp(forwardRateMicro - spotRateMicro, 100n));
}
