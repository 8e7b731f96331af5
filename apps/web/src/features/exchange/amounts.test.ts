import { describe, expect, it } from 'vitest';
import {
  amountTarget,
  EMPTY_AMOUNT,
  hasAmountProblem,
  isAboveBalance,
  linkAmounts,
} from './amounts';

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

  it('keeps typed MXN exact and charges USD = MXN / rate rounded up to the cent', () => {
    const linked = linkAmounts({ source: 'mxn', text: '1000' }, 17.1234);
    // 1000 / 17.1234 = 58.3996… → 58.40
    expect(linked.usdText).toBe('58.40');
    expect(linked.mxnText).toBe('1000');
    expect(linked.usdCents).toBe(5_840n);
    // The recipient gets exactly what was typed.
    expect(linked.mxnCents).toBe(100_000n);
    // 100 MXN at 17 = 5.882… USD → 5.89 (half-up would charge 5.88, worth 99.96 MXN)
    expect(linkAmounts({ source: 'mxn', text: '100' }, 17).usdText).toBe('5.89');
    expect(linkAmounts({ source: 'mxn', text: '1' }, 20).usdText).toBe('0.05');
    expect(linkAmounts({ source: 'mxn', text: '1.01' }, 20).usdText).toBe('0.06');
  });

  it('sends the amount typed last: dDesAmount for MXN, dAmount for USD', () => {
    const mxn = { source: 'mxn' as const, text: '50000' };
    expect(amountTarget(mxn, linkAmounts(mxn, 18.3))).toEqual({ dDesAmount: 50_000 });
    const usd = { source: 'usd' as const, text: '1250.5' };
    expect(amountTarget(usd, linkAmounts(usd, 18.3))).toEqual({ dAmount: 1250.5 });
    expect(amountTarget(EMPTY_AMOUNT, linkAmounts(EMPTY_AMOUNT, 18.3))).toBeUndefined();
  });

  it('flags an amount above the USD balance', () => {
    const entry = { source: 'mxn' as const, text: '18300.01' };
    const linked = linkAmounts(entry, 18.3); // 1,000.0006 → 1,000.01 USD
    expect(isAboveBalance(linked, 1000)).toBe(true);
    expect(isAboveBalance(linked, 1000.01)).toBe(false);
    expect(isAboveBalance(linked, undefined)).toBe(false);
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
    expect(linkAmounts({ source: 'mxn', text: '0' }, 17).usdCents).toBeUndefined();
    // 0.01 USD buys less than half a centavo at a rate below 0.5: nothing to deliver.
    const tiny = { source: 'usd' as const, text: '0.01' };
    const linked = linkAmounts(tiny, 0.4);
    expect(linked.mxnText).toBe('0.00');
    expect(linked.usdCents).toBeUndefined();
    expect(hasAmountProblem(tiny, linked)).toBe(true);
    // 0.01 MXN costs a cent: it can be sent.
    expect(linkAmounts({ source: 'mxn', text: '0.01' }, 17).usdCents).toBe(1n);
    expect(hasAmountProblem(EMPTY_AMOUNT, linkAmounts(EMPTY_AMOUNT, 17))).toBe(false);
  });
});

describe('a typed amount stays as typed', () => {
  it('links nothing for a text with a problem, and keeps the text', () => {
    for (const text of ['1e9', '-5', '12.345']) {
      const linked = linkAmounts({ source: 'usd', text }, 17);
      expect(linked.usdText).toBe(text);
      expect(linked.usdCents).toBeUndefined();
      expect(hasAmountProblem({ source: 'usd', text }, linked)).toBe(true);
    }
    const mxn = linkAmounts({ source: 'mxn', text: '1,700.00' }, 17);
    expect(mxn.mxnText).toBe('1,700.00');
    expect(mxn.usdCents).toBe(10000n);
  });
});
