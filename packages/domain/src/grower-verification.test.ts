import { describe, expect, it } from 'vitest';
import { makeClabe } from './clabe.js';
import { errorMessage } from './error-details.js';
import { missingVerificationPrerequisites } from './grower-verification.js';

describe('grower verification prerequisites', () => {
  it('wants a PACA licence, a tax id and a CLABE whose check digit holds', () => {
    const clabe = makeClabe('012', '180', '00118359712');
    expect(
      missingVerificationPrerequisites({ pacaLicense: ' ', taxId: null, clabe: null }),
    ).toEqual(['PACA_LICENSE', 'TAX_ID', 'CLABE']);
    const badDigit = `${clabe.slice(0, 17)}${(Number(clabe[17]) + 1) % 10}`;
    expect(
      missingVerificationPrerequisites({
        pacaLicense: '20241187',
        taxId: 'HRE120315AB1',
        clabe: badDigit,
      }),
    ).toEqual(['CLABE']);
    expect(
      missingVerificationPrerequisites({ pacaLicense: '20241187', taxId: 'HRE120315AB1', clabe }),
    ).toEqual([]);
  });

  it('names what is missing in both languages', () => {
    expect(errorMessage('en', 'VERIFICATION_INCOMPLETE', { taxId: 1 })).toBe(
      'This grower cannot be verified yet: its tax id (RFC) is missing.',
    );
    expect(errorMessage('sp', 'VERIFICATION_INCOMPLETE', { pacaLicense: 1, clabe: 1 })).toBe(
      'Aún no se puede verificar a este productor: le falta registrar licencia PACA y datos bancarios (CLABE).',
    );
    // Without what is missing, the general message.
    expect(errorMessage('en', 'VERIFICATION_INCOMPLETE', {})).toContain('must be registered');
  });
});
