import { describe, expect, it } from 'vitest';
import { formatFixedDecimal, parseFixedDecimal } from './decimal.js';
import { DomainInputError } from './domain-input-error.js';

const cents = { decimals: 2, maxAbs: 999_999n };

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainInputError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('parseFixedDecimal', () => {
  it('reads plain decimals exactly', () => {
    expect(parseFixedDecimal('12.3', cents)).toBe(1230n);
    expect(parseFixedDecimal(' 0012.30 ', cents)).toBe(1230n);
    expect(parseFixedDecimal('.5', cents)).toBe(50n);
    expect(parseFixedDecimal('5.', cents)).toBe(500n);
    expect(parseFixedDecimal('-0.05', cents)).toBe(-5n);
    expect(parseFixedDecimal('-0', cents)).toBe(0n);
  });

  it('accepts trailing zeros past the scale, since the value stays exact', () => {
    expect(parseFixedDecimal('10.500', cents)).toBe(1050n);
  });

  it('names what is wrong', () => {
    expect(reasonOf(() => parseFixedDecimal('10.005', cents))).toBe('TOO_MANY_DECIMALS');
    expect(reasonOf(() => parseFixedDecimal('1e3', cents))).toBe('EXPONENT_NOT_ALLOWED');
    expect(reasonOf(() => parseFixedDecimal('Infinity', cents))).toBe('NOT_FINITE');
    expect(reasonOf(() => parseFixedDecimal(Number.NaN, cents))).toBe('NOT_FINITE');
    expect(reasonOf(() => parseFixedDecimal('', cents))).toBe('NOT_A_NUMBER');
    expect(reasonOf(() => parseFixedDecimal('-', cents))).toBe('NOT_A_NUMBER');
    expect(reasonOf(() => parseFixedDecimal('1,234.50', cents))).toBe('NOT_A_NUMBER');
    expect(reasonOf(() => parseFixedDecimal('+5', cents))).toBe('NOT_A_NUMBER');
    expect(reasonOf(() => parseFixedDecimal('0x10', cents))).toBe('NOT_A_NUMBER');
    expect(reasonOf(() => parseFixedDecimal('10000', cents))).toBe('OUT_OF_RANGE');
    expect(reasonOf(() => parseFixedDecimal('9'.repeat(5000), cents))).toBe('OUT_OF_RANGE');
    expect(reasonOf(() => parseFixedDecimal(1e-7, cents))).toBe('TOO_MANY_DECIMALS');
    expect(reasonOf(() => parseFixedDecimal(1e21, cents))).toBe('OUT_OF_RANGE');
  });
});

describe('formatFixedDecimal', () => {
  it('writes exactly the scale', () => {
    expect(formatFixedDecimal(123450n, 2)).toBe('1234.50');
    expect(formatFixedDecimal(-5n, 2)).toBe('-0.05');
    expect(formatFixedDecimal(0n, 2)).toBe('0.00');
    expect(formatFixedDecimal(18_400_000n, 6)).toBe('18.400000');
    expect(formatFixedDecimal(-42n, 0)).toBe('-42');
  });
});
