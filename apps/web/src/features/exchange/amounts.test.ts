import { describe, expect, it } from 'vitest';
import { EMPTY_AMOUNT, hasAmountProblem, linkAmounts, sanitizeAmountInput } from './amounts';

describe('linkAmounts', () => {
  it('sets MXN = USD × rate, to the centavo, when USD is typed', () => {
    const linked = linkAmounts({ source: 'usd', text: '1000' }, 17.1234);
    expect(linked).toEqual({
      usdText: '1000',
      mxnText: '17123.40',
      usdCents: 100_000n,
      mxnCents: 1_712_340n,
    });
  });

  it('rounds half up, with no float error', () => {
    // 0.10 × 18.45 = 1.845 → 1.85 (a float product gives 1.8449999…).
    expect(linkAmounts({ source: 'usd', text: '0.1' }, 18.45).mxnText).toBe('1.85');
    expect(linkAmounts({ source: 'usd', text: '1.01' }, 17.3456).mxnText).toBe('17.52');
  });

  it('sets USD = MXN / rate, to the cent, and submits that rounded USD', () => {
    const linked = linkAmounts({ source: 'mxn', text: '1000' }, 17.1234);
    // 1000 / 17.1234 = 58.3996…
    expect(linked.usdText).toBe('58.40');
    expect(linked.mxnText).toBe('1000');
    expect(linked.usdCents).toBe(5_840n);
    // What the recipient really gets for 58.40 USD.
    expect(linked.mxnCents).toBe(100_001n);
  });

  it('follows the rate: the typed field stays, the other changes', () => {
    const entry = { source: 'usd' as const, text: '250.50' };
    expect(linkAmounts(entry, 17).mxnText).toBe('4258.50');
    expect(linkAmounts(entry, 18).mxnText).toBe('4509.00');
    const fromMxn = { source: 'mxn' as const, text: '18000' };
    expect(linkAmounts(fromMxn, 18).usdText).toBe('1000.00');
    expect(linkAmounts(fromMxn, 20).usdText).toBe('900.00');
  });

  it('leaves the other field empty without an amount or a rate', () => {
    expect(linkAmounts(EMPTY_AMOUNT, 17.5)).toEqual({
      usdText: '',
      mxnText: '',
      usdCents: undefined,
      mxnCents: undefined,
    });
    expect(linkAmounts({ source: 'usd', text: '10' }, undefined).mxnText).toBe('');
    expect(linkAmounts({ source: 'mxn', text: '10' }, undefined).usdText).toBe('');
    expect(linkAmounts({ source: 'mxn', text: '10' }, 0).usdCents).toBeUndefined();
  });

  it('does not submit zero', () => {
    expect(linkAmounts({ source: 'usd', text: '0' }, 17).usdCents).toBeUndefined();
    // 0.01 MXN is less than half a cent of USD.
    const tiny = { source: 'mxn' as const, text: '0.01' };
    const linked = linkAmounts(tiny, 17);
    expect(linked.usdText).toBe('0.00');
    expect(linked.usdCents).toBeUndefined();
    expect(hasAmountProblem(tiny, linked)).toBe(true);
    expect(hasAmountProblem(EMPTY_AMOUNT, linkAmounts(EMPTY_AMOUNT, 17))).toBe(false);
  });
});

describe('sanitizeAmountInput', () => {
  it('keeps digits with at most two decimals', () => {
    expect(sanitizeAmountInput('1234.5')).toBe('1234.5');
    expect(sanitizeAmountInput('1,234.56')).toBe('1234.56');
    expect(sanitizeAmountInput('.5')).toBe('.5');
    expect(sanitizeAmountInput('')).toBe('');
  });

  it('refuses letters, signs, a third decimal and a second point', () => {
    expect(sanitizeAmountInput('12a')).toBeUndefined();
    expect(sanitizeAmountInput('-5')).toBeUndefined();
    expect(sanitizeAmountInput('1.234')).toBeUndefined();
    expect(sanitizeAmountInput('1.2.3')).toBeUndefined();
    expect(sanitizeAmountInput('1e5')).toBeUndefined();
  });
});
