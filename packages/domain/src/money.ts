import { formatFixedDecimal, parseFixedDecimal } from './decimal.js';

/**
 * Money is bigint minor units (cents for USD, centavos for MXN); exchange rates are bigint
 * micro-units (MXN per USD × 1,000,000). Everything here is integer arithmetic.
 */

export const MONEY_DECIMALS = 2;
export const RATE_DECIMALS = 6;
export const RATE_SCALE = 1_000_000n;

/** 9,999,999,999,999.99: every amount up to it survives `moneyToNumber` → JSON → `parseMoney`. */
export const MAX_MONEY_CENTS = 999_999_999_999_999n;
/** 999,999.999999 MXN per USD. */
export const MAX_RATE_MICRO = 999_999_999_999n;

/**
 * The largest invoice total, 100,000,000.00 in the invoice's currency: far above any produce
 * invoice, and low enough that a slip of the keyboard (three zeros too many) is refused.
 */
export const MAX_INVOICE_TOTAL_CENTS = 10_000_000_000n;

export const FORWARD_DEPOSIT_PERCENT = 5;

/** "1234.5" or 1234.5 → 123450n. Refuses a third non-zero decimal, exponents, NaN, Infinity. */
export function parseMoney(input: string | number): bigint {
  return parseFixedDecimal(input, { decimals: MONEY_DECIMALS, maxAbs: MAX_MONEY_CENTS });
}

/** 123450n → "1234.50"; -5n → "-0.05". */
export function moneyToDecimalString(cents: bigint): string {
  return formatFixedDecimal(cents, MONEY_DECIMALS);
}

/**
 * For JSON output only: the number nearest the exact decimal, which prints back as it.
 * `scaledToNumber` gives exactly `Number(moneyToDecimalString(cents))`, without the string.
 */
export function moneyToNumber(cents: bigint): number {
  return scaledToNumber(cents, 100, MONEY_DECIMALS);
}

/** "18.4" or 18.4 → 18_400_000n. At most 6 decimals. Positivity is the schema's concern. */
export function parseRate(input: string | number): bigint {
  return parseFixedDecimal(input, { decimals: RATE_DECIMALS, maxAbs: MAX_RATE_MICRO });
}

/** 18_400_000n → "18.400000". */
export function rateToDecimalString(rateMicro: bigint): string {
  return formatFixedDecimal(rateMicro, RATE_DECIMALS);
}

/** For JSON output only: 18_400_000n → 18.4 (exactly `Number(rateToDecimalString(…))`). */
export function rateToNumber(rateMicro: bigint): number {
  return scaledToNumber(rateMicro, 1_000_000, RATE_DECIMALS);
}

/**
 * The number nearest `units / scale`, for output. While `units` is a safe integer it and the
 * scale are exact doubles, and IEEE division rounds the exact quotient to the nearest double,
 * as `Number` does when it reads the decimal string: the same number, without building the
 * string (the invoice list writes six of them per row). Beyond that, through the string.
 */
function scaledToNumber(units: bigint, scale: number, decimals: number): number {
  if (units <= MAX_SAFE && units >= -MAX_SAFE) return Number(units) / scale;
  return Number(formatFixedDecimal(units, decimals));
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * numerator / denominator rounded to the nearest integer, ties away from zero: "half-up"
 * on the magnitude, so -2.5 → -3 just as 2.5 → 3. Money is rounded symmetrically, so a
 * refund is the mirror image of the charge.
 */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if (2n * (n % d) >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** numerator / denominator rounded towards +∞. */
export function divideCeil(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const quotient = numerator / denominator; // truncates towards zero
  const remainder = numerator % denominator;
  return remainder !== 0n && remainder < 0n === denominator < 0n ? quotient + 1n : quotient;
}

/** MXN centavos for USD cents at `rateMicro` MXN per USD: roundHalfUp(usd × rate). */
export function convertUsdToMxn(usdCents: bigint, rateMicro: bigint): bigint {
  assertPositiveRate(rateMicro);
  return divideRoundHalfUp(usdCents * rateMicro, RATE_SCALE);
}

/** USD cents for MXN centavos at `rateMicro` MXN per USD: roundHalfUp(mxn / rate). */
export function convertMxnToUsd(mxnCents: bigint, rateMicro: bigint): bigint {
  assertPositiveRate(rateMicro);
  return divideRoundHalfUp(mxnCents * RATE_SCALE, rateMicro);
}

/**
 * USD cents to charge for exactly `mxnCents` MXN at `rateMicro` (DESIGN §4 "Amount
 * targets"): ceil(mxn / rate) to the cent, so the house never gives away a fraction.
 */
export function usdForExactMxn(mxnCents: bigint, rateMicro: bigint): bigint {
  assertPositiveRate(rateMicro);
  if (mxnCents < 0n) throw new RangeError('An MXN target cannot be negative');
  return divideCeil(mxnCents * RATE_SCALE, rateMicro);
}

/** The 5 % forward deposit, rounded up to the cent so the house is never short. */
export function forwardDeposit(usdCents: bigint): bigint {
  if (usdCents < 0n) throw new RangeError('A forward amount cannot be negative');
  return divideCeil(usdCents * BigInt(FORWARD_DEPOSIT_PERCENT), 100n);
}

/** part / whole × 100 with 2 decimals, half-up (e.g. -3.26); 0 when whole is 0. */
export function percentOf(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  return scaledToNumber(divideRoundHalfUp(part * 10_000n, whole), 100, 2);
}

/** Share of a conversion (or invoice) already used, 0–100 with 2 decimals. */
export function percentUsed(assigned: bigint, total: bigint): number {
  if (total <= 0n) return 0;
  const hundredths = divideRoundHalfUp(assigned * 10_000n, total);
  const clamped = hundredths < 0n ? 0n : hundredths > 10_000n ? 10_000n : hundredths;
  return Number(formatFixedDecimal(clamped, 2));
}

function assertPositiveRate(rateMicro: bigint): void {
  if (rateMicro <= 0n) throw new RangeError('An exchange rate must be positive');
}
