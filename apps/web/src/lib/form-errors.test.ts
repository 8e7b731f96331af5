import { signupBodySchema } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n/i18n';
import { fieldErrorText, validationErrorMap } from './form-errors';

const valid = {
  sName: 'Ana',
  sLastName: 'López',
  sEmail: 'ana@example.com',
  sPhone: '+1 956 555 0100',
  sEnterpriseName: 'Acme Produce',
  sPassword: 'password1',
  sConfirmPassword: 'password1',
};

function errorsOf(body: Record<string, string>): Record<string, string> {
  const result = signupBodySchema.safeParse(body, { error: validationErrorMap });
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('validation messages', () => {
  it('maps zod issues to message keys', () => {
    expect(errorsOf({ ...valid, sName: '   ' })).toEqual({ sName: 'required' });
    expect(errorsOf({ ...valid, sEmail: 'nope' })).toEqual({ sEmail: 'email' });
    expect(errorsOf({ ...valid, sPassword: 'short', sConfirmPassword: 'short' })).toEqual({
      sPassword: 'minLength:8',
    });
    expect(errorsOf({ ...valid, sConfirmPassword: 'password2' })).toEqual({
      sConfirmPassword: 'PASSWORDS_DO_NOT_MATCH',
    });
  });

  it('writes them in the current language', async () => {
    const t = i18n.t.bind(i18n);
    expect(fieldErrorText({ type: 'too_small', message: 'minLength:8' }, t)).toBe(
      'Use at least 8 characters.',
    );
    expect(fieldErrorText({ type: 'custom', message: 'PASSWORDS_DO_NOT_MATCH' }, t)).toBe(
      'The passwords do not match.',
    );
    expect(fieldErrorText({ type: 'too_small', message: 'minLength:7' }, t, 'phone')).toMatch(
      /valid phone number/,
    );
    expect(fieldErrorText({ type: 'server', message: 'Taken.' }, t)).toBe('Taken.');
    await i18n.changeLanguage('sp');
    expect(fieldErrorText({ type: 'too_small', message: 'required' }, i18n.t.bind(i18n))).toBe(
      'El campo es obligatorio',
    );
  });
});
