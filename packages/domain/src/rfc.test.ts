import { describe, expect, it } from 'vitest';
import { normalizeRfc, rfcCheckDigit, validateRfc } from './rfc.js';

describe('validateRfc', () => {
  it('accepts companies and persons with a good check digit', () => {
    expect(validateRfc('SAT970701NN3')).toEqual({
      ok: true,
      kind: 'company',
      normalized: 'SAT970701NN3',
      checkDigitValid: true,
      generic: false,
    });
    expect(validateRfc('GODE561231GR8')).toMatchObject({
      ok: true,
      kind: 'person',
      checkDigitValid: true,
    });
  });

  it('trims, uppercases and drops separators first', () => {
    expect(validateRfc('  mab-930714-8t4 ')).toMatchObject({
      ok: true,
      kind: 'company',
      normalized: 'MAB9307148T4',
      checkDigitValid: true,
    });
    expect(normalizeRfc('ñañ850101ab1')).toBe('ÑAÑ850101AB1');
  });

  it('warns, without refusing, on a wrong check digit', () => {
    expect(validateRfc('GODE561231GR9')).toMatchObject({ ok: true, checkDigitValid: false });
  });

  it('accepts the generic RFCs as valid', () => {
    for (const rfc of ['XAXX010101000', 'XEXX010101000']) {
      expect(validateRfc(rfc)).toMatchObject({
        ok: true,
        kind: 'person',
        checkDigitValid: true,
        generic: true,
      });
    }
  });

  it('refuses wrong shapes', () => {
    for (const bad of ['', 'SAT970701NN', 'SA970701NN3', 'SAT970701NNB', 'GODE5612311R8X', '123']) {
      expect(validateRfc(bad)).toEqual({ ok: false, reason: 'FORMAT' });
    }
  });

  it('refuses a date that does not exist', () => {
    expect(validateRfc('SAT971301NN3')).toEqual({ ok: false, reason: 'DATE' });
    expect(validateRfc('SAT970230NN3')).toEqual({ ok: false, reason: 'DATE' });
    expect(validateRfc('SAT970000NN3')).toEqual({ ok: false, reason: 'DATE' });
    expect(validateRfc('SAT970229NN3')).toEqual({ ok: false, reason: 'DATE' });
    expect(validateRfc('SAT000229NN3')).toMatchObject({ ok: true }); // 2000 was a leap year
  });
});

describe('rfcCheckDigit', () => {
  it('computes the SAT mod-11 character', () => {
    expect(rfcCheckDigit('SAT970701NN3')).toBe('3');
    expect(rfcCheckDigit('GODE561231GR8')).toBe('8');
    expect(rfcCheckDigit('MAB9307148T4')).toBe('4');
    expect(rfcCheckDigit('VECJ880326UC?')).toBe('A'); // remainder 1 → 'A'
    expect(rfcCheckDigit('XAXX010101000')).toBe('4'); // why generic RFCs are special-cased
  });
});
