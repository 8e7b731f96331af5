import { describe, expect, it } from 'vitest';
import { checkSplit, restOfHold } from './dispute-split';

describe('dispute split', () => {
  it('accepts a split that adds up to the hold to the cent', () => {
    expect(checkSplit('1200.50', '2299.50', 3500)).toEqual({ ok: true });
    expect(checkSplit('0.1', '0.2', 0.3)).toEqual({ ok: true });
  });

  it('names the field of each problem', () => {
    expect(checkSplit('', '10', 10)).toMatchObject({ ok: false, refund: 'required' });
    expect(checkSplit('1.234', '10', 10)).toMatchObject({ ok: false, refund: 'invalidAmount' });
    expect(checkSplit('1', '10', 10)).toMatchObject({ ok: false, release: 'splitMismatch' });
  });

  it('fills the release with the rest of the hold', () => {
    expect(restOfHold('1200.5', 3500)).toBe('2299.50');
    expect(restOfHold('4000', 3500)).toBeUndefined();
    expect(restOfHold('x', 3500)).toBeUndefined();
  });
});
