import { MAX_INVOICE_TOTAL_CENTS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { amountProblem, readAmountCents } from './amount-text';

describe('typed amounts', () => {
  it('names what is wrong instead of changing the text', () => {
    expect(amountProblem('1e9')).toBe('exponent');
    expect(amountProblem('2.5E3')).toBe('exponent');
    expect(amountProblem('-5')).toBe('negative');
    expect(amountProblem('12.345')).toBe('decimals');
    expect(amountProblem('12a')).toBe('notANumber');
    expect(amountProblem('1.2.3')).toBe('notANumber');
    expect(amountProblem('.')).toBe('notANumber');
    expect(amountProblem('0')).toBe('zero');
    expect(amountProblem('0.00')).toBe('zero');
  });

  it('reads good amounts, thousands separators included', () => {
    expect(amountProblem('')).toBeUndefined();
    expect(amountProblem('1,234.56')).toBeUndefined();
    expect(readAmountCents('1,234.56')).toBe(123456n);
    expect(readAmountCents('.5')).toBe(50n);
    expect(readAmountCents('12.345')).toBeUndefined();
    expect(readAmountCents('')).toBeUndefined();
  });

  it('refuses an amount above the bound it is given', () => {
    expect(amountProblem('100000000.00', MAX_INVOICE_TOTAL_CENTS)).toBeUndefined();
    expect(amountProblem('100000000.01', MAX_INVOICE_TOTAL_CENTS)).toBe('tooLarge');
    expect(amountProblem('1000000000000', MAX_INVOICE_TOTAL_CENTS)).toBe('tooLarge');
    expect(amountProblem('99999999999999999999')).toBe('tooLarge');
  });
});
