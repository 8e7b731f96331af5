import { RATE_SCALE, convertMxnToUsd, divideRoundHalfUp, percentOf } from './money.js';

/**
 * Currency gain of a supplier invoice (DESIGN.md §5). The user budgeted the invoice at a
 * protected rate Rp (MXN per USD); it is paid at an applied rate R. Both are micro-units.
 */

export interface CurrencyGain {
  /** total / Rp, in USD cents, half-up. */
  budgetUsd: bigint;
  /** total / R (or the sum over the covering conversions), in USD cents, half-up. */
  actualUsd: bigint;
  /** budgetUsd − actualUsd: positive when the user pays fewer dollars than budgeted. */
  gainUsd: bigint;
  /** gainUsd / budgetUsd × 100, 2 decimals half-up. */
  profitPercentage: number;
}

export interface InvoiceCurrencyGainInput {
  totalMxnCents: bigint;
  protectedRateMicro: bigint;
  appliedRateMicro: bigint;
}

export function invoiceCurrencyGain(input: InvoiceCurrencyGainInput): CurrencyGain {
  return currencyGainForActualUsd({
    totalMxnCents: input.totalMxnCents,
    protectedRateMicro: input.protectedRateMicro,
    actualUsd: convertMxnToUsd(input.totalMxnCents, input.appliedRateMicro),
  });
}

/** The gain when the USD actually spent is already known (e.g. from `coveredActualUsd`). */
export function currencyGainForActualUsd(input: {
  totalMxnCents: bigint;
  protectedRateMicro: bigint;
  actualUsd: bigint;
}): CurrencyGain {
  const budgetUsd = convertMxnToUsd(input.totalMxnCents, input.protectedRateMicro);
  const gainUsd = budgetUsd - input.actualUsd;
  return {
    budgetUsd,
    actualUsd: input.actualUsd,
    gainUsd,
    profitPercentage: percentOf(gainUsd, budgetUsd),
  };
}

export interface CoveringPart {
  /** MXN of the invoice covered by one conversion. */
  mxnCents: bigint;
  /** That conversion's rate. */
  rateMicro: bigint;
}

/**
 * USD cost of an invoice covered by several conversions, the rest valued at today's rate:
 * Σ mxnᵢ / Rᵢ + uncovered / R_today. This is the amount-weighted rate of DESIGN §5 (the
 * dollars each conversion really cost). The sum is kept exact and rounded once, so the
 * result does not depend on how the invoice was split.
 */
export function coveredActualUsd(
  parts: readonly CoveringPart[],
  uncoveredMxnCents: bigint,
  todayRateMicro: bigint,
): bigint {
  if (parts.length === 0) {
    // Most invoices have nothing covered: one term, whose exact value rounds the same
    // whether or not the fraction is reduced first.
    if (uncoveredMxnCents < 0n) throw new RangeError('A covered amount cannot be negative');
    if (todayRateMicro <= 0n) throw new RangeError('An exchange rate must be positive');
    return divideRoundHalfUp(uncoveredMxnCents * RATE_SCALE, todayRateMicro);
  }
  const all = [...parts, { mxnCents: uncoveredMxnCents, rateMicro: todayRateMicro }];
  let numerator = 0n;
  let denominator = 1n;
  for (const part of all) {
    if (part.mxnCents < 0n) throw new RangeError('A covered amount cannot be negative');
    if (part.rateMicro <= 0n) throw new RangeError('An exchange rate must be positive');
    if (part.mxnCents === 0n) continue;
    // numerator/denominator + mxn·scale/rate, reduced so the terms stay small.
    numerator = numerator * part.rateMicro + part.mxnCents * RATE_SCALE * denominator;
    denominator *= part.rateMicro;
    const divisor = gcd(numerator, denominator);
    numerator /= divisor;
    denominator /= divisor;
  }
  return divideRoundHalfUp(numerator, denominator);
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}
