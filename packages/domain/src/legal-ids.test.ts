import { describe, expect, it } from 'vitest';
import { legalIdProblems, normalizeCompanyTaxId, validatePacaLicense } from './legal-ids.js';

describe('legal ids', () => {
  it('accepts PACA licences of 6 to 10 digits with an optional hyphen', () => {
    for (const ok of ['123456', '2014-0987', '1234567890', '20-123456']) {
      expect(validatePacaLicense(ok), ok).toBe(true);
    }
    for (const bad of [
      'abc',
      '12345',
      '12345678901',
      '12--3456',
      '-123456',
      '123456-',
      '12 3456',
    ]) {
      expect(validatePacaLicense(bad), bad).toBe(false);
    }
  });

  it('accepts a US EIN or a Mexican company RFC as the tax id', () => {
    expect(normalizeCompanyTaxId('12-3456789')).toBe('12-3456789');
    expect(normalizeCompanyTaxId('ade-990101-ab3')).toBe('ADE990101AB3');
    for (const bad of [
      'NOT-A-TAX-ID!!',
      '123456789',
      'XEXX010101000',
      'GODE561231GR8',
      'ADE991301AB3',
    ]) {
      expect(normalizeCompanyTaxId(bad), bad).toBeUndefined();
    }
  });

  it('names the field of each problem', () => {
    expect(legalIdProblems({ pacaLicense: 'abc', taxId: 'NOT-A-TAX-ID!!' })).toEqual([
      { field: 'sPacaLicense', problem: 'PACA_FORMAT' },
      { field: 'sTaxId', problem: 'TAX_ID_FORMAT' },
    ]);
    expect(legalIdProblems({ pacaLicense: null, taxId: '12-3456789' })).toEqual([]);
  });
});
