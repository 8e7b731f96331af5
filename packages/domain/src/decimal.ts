import { DomainInputError } from './domain-input-error.js';

/**
 * Exact conversion between decimal text and scaled integers (bigint), the only way money
 * and rates enter or leave the domain. No float arithmetic: a JSON number is read through
 * `String(n)`, its shortest round-trip representation, so 10.005 stays "10.005" and is
 * refused for money instead of being rounded silently.
 */

const PLAIN_DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;
const EXPONENT_DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)e[+-]?\d+$/i;
const NON_FINITE_WORD = /^[+-]?(?:infinity|nan)$/i;

export interface FixedDecimalOptions {
  /** Digits kept after the point; more non-zero digits are refused. */
  decimals: number;
  /** Largest absolute scaled value accepted. */
  maxAbs: bigint;
}

/**
 * Reads "1234.5", "-0.05", ".5" or a finite number into an integer scaled by
 * 10^decimals. Trailing zeros beyond `decimals` are accepted because the value stays
 * exact ("10.500" is 10.50); a non-zero extra digit is `TOO_MANY_DECIMALS`.
 */
export function parseFixedDecimal(input: string | number, options: FixedDecimalOptions): bigint {
  const text = typeof input === 'number' ? numberToPlainText(input) : input.trim();
  if (EXPONENT_DECIMAL.test(text)) throw new DomainInputError('EXPONENT_NOT_ALLOWED');
  if (NON_FINITE_WORD.test(text)) throw new DomainInputError('NOT_FINITE');
  const match = PLAIN_DECIMAL.exec(text);
  const sign = match?.[1] ?? '';
  const integerDigits = match?.[2] ?? '';
  const fractionDigits = match?.[3] ?? '';
  if (!match || integerDigits.length + fractionDigits.length === 0) {
    throw new DomainInputError('NOT_A_NUMBER');
  }

  const kept = fractionDigits.slice(0, options.decimals);
  if (/[1-9]/.test(fractionDigits.slice(options.decimals))) {
    throw new DomainInputError('TOO_MANY_DECIMALS');
  }
  // Refuse absurd lengths before building a huge bigint.
  const significantInteger = integerDigits.replace(/^0+/, '');
  if (significantInteger.length > options.maxAbs.toString().length) {
    throw new DomainInputError('OUT_OF_RANGE');
  }

  const magnitude = BigInt((significantInteger || '0') + kept.padEnd(options.decimals, '0'));
  if (magnitude > options.maxAbs) throw new DomainInputError('OUT_OF_RANGE');
  return sign === '-' ? -magnitude : magnitude;
}

/** 123450n with 2 decimals → "1234.50"; -5n → "-0.05". Always exactly `decimals` digits. */
export function formatFixedDecimal(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const integerPart = digits.slice(0, digits.length - decimals);
  const fractionPart = digits.slice(digits.length - decimals);
  const body = decimals === 0 ? integerPart : `${integerPart}.${fractionPart}`;
  return negative ? `-${body}` : body;
}

function numberToPlainText(value: number): string {
  if (!Number.isFinite(value)) throw new DomainInputError('NOT_FINITE');
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // String() switches to exponent form below 1e-6 and from 1e21: a number that small has
  // too many decimals for money or rates, one that large is out of range.
  throw new DomainInputError(Math.abs(value) < 1 ? 'TOO_MANY_DECIMALS' : 'OUT_OF_RANGE');
}
