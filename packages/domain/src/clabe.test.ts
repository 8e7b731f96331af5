import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bankNameFromClabe,
  clabeCheckDigit,
  makeClabe,
  maskAccount,
  validateClabe,
} from './clabe.js';

describe('clabeCheckDigit', () => {
  it('reproduces the DOMAIN.md worked examples', () => {
    expect(clabeCheckDigit('03218000011835971')).toBe(9); // sum 61 → 9
    expect(clabeCheckDigit('01218002605078385')).toBe(8); // sum 52 → 8
  });

  it('needs exactly 17 digits', () => {
    expect(() => clabeCheckDigit('0321800001183597')).toThrow(RangeError);
    expect(() => clabeCheckDigit('0321800001183597X')).toThrow(RangeError);
  });
});

describe('validateClabe', () => {
  it('accepts the worked examples', () => {
    expect(validateClabe('032180000118359719')).toEqual({ ok: true });
    expect(validateClabe('012180026050783858')).toEqual({ ok: true });
  });

  it('names what is wrong', () => {
    expect(validateClabe('03218000011835971')).toEqual({ ok: false, reason: 'LENGTH' });
    expect(validateClabe('0321800001183597190')).toEqual({ ok: false, reason: 'LENGTH' });
    expect(validateClabe('')).toEqual({ ok: false, reason: 'LENGTH' });
    expect(validateClabe('03218000011835971A')).toEqual({ ok: false, reason: 'NOT_DIGITS' });
    expect(validateClabe('032 180 000118359719')).toEqual({ ok: false, reason: 'NOT_DIGITS' });
    expect(validateClabe('032180000118359718')).toEqual({ ok: false, reason: 'CHECK_DIGIT' });
  });

  it('catches every single-digit typo', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{17}$/),
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 1, max: 9 }),
        (first17, position, shift) => {
          const clabe = first17 + String(clabeCheckDigit(first17));
          expect(validateClabe(clabe)).toEqual({ ok: true });
          const typo = (Number(clabe[position]) + shift) % 10;
          const wrong = clabe.slice(0, position) + String(typo) + clabe.slice(position + 1);
          expect(validateClabe(wrong)).toEqual({ ok: false, reason: 'CHECK_DIGIT' });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('bank names and masking', () => {
  it('names known banks and leaves unknown ones unnamed', () => {
    expect(bankNameFromClabe('012180026050783858')).toBe('BBVA MEXICO');
    expect(bankNameFromClabe('646180000000000000')).toBe('STP');
    expect(bankNameFromClabe('032180000118359719')).toBeUndefined();
  });

  it('shows only the last 4 digits', () => {
    expect(maskAccount('032180000118359719')).toBe('********9719');
  });

  it('builds valid CLABEs for demo data', () => {
    const clabe = makeClabe('072', '180', '00123456789');
    expect(clabe).toHaveLength(18);
    expect(validateClabe(clabe)).toEqual({ ok: true });
    expect(bankNameFromClabe(clabe)).toBe('BANORTE');
    expect(makeClabe('032', '180', '00011835971')).toBe('032180000118359719');
    expect(() => makeClabe('72', '180', '00123456789')).toThrow(RangeError);
  });
});
