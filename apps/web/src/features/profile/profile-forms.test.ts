import { describe, expect, it } from 'vitest';
import { validationErrorMap } from '../../lib/form-errors';
import {
  bankBody,
  bankFormSchema,
  bankOfClabe,
  clabeProblem,
  EMPTY_INVITE,
  enterpriseBody,
  enterpriseFormSchema,
  inviteBody,
  inviteFormSchema,
  meBody,
  userFormSchema,
} from './profile-forms';

const GOOD_CLABE = '012180026050783858';

function messages(
  schema: { safeParse: (value: unknown, params?: object) => unknown },
  value: unknown,
) {
  const result = schema.safeParse(value, { error: validationErrorMap }) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );
}

describe('bank registration form', () => {
  const valid = {
    sBank_name: '',
    sAccount_number: '',
    sRouting_number: '',
    clabe: GOOD_CLABE,
    sBank_mxn_account: 'BBVA MEXICO',
  };

  it('accepts a valid CLABE with the US account left empty', () => {
    expect(messages(bankFormSchema, valid)).toEqual({});
  });

  it('checks the CLABE check digit, length and digits on the client', () => {
    expect(clabeProblem('012180026050783859')).toBe('profile:clabeCheckDigit');
    expect(clabeProblem('01218002605078385')).toBe('profile:clabeLength');
    expect(clabeProblem('01218002605078385A')).toBe('profile:clabeDigits');
    expect(clabeProblem('')).toBe('required');
    expect(clabeProblem('012 180 02605078385 8')).toBeUndefined();
  });

  it('names the bank of a valid CLABE only', () => {
    expect(bankOfClabe(GOOD_CLABE)).toBe('BBVA MEXICO');
    expect(bankOfClabe('012180026050783859')).toBeUndefined();
  });

  it('wants a 9-digit routing number and a 4–17 digit account when they are given', () => {
    expect(
      messages(bankFormSchema, {
        ...valid,
        sRouting_number: '12345678',
        sAccount_number: '123',
        sBank_mxn_account: ' ',
        clabe: '012180026050783859',
      }),
    ).toEqual({
      sRouting_number: 'profile:routingNumber',
      sAccount_number: 'profile:accountNumber',
      sBank_mxn_account: 'required',
      clabe: 'profile:clabeCheckDigit',
    });
  });

  it('sends digits without spaces and empty optional fields as null', () => {
    expect(
      bankBody({ ...valid, clabe: ' 012 180 026050783858 ', sRouting_number: '021 000 021' }),
    ).toEqual({
      sBank_name: null,
      sAccount_number: null,
      sRouting_number: '021000021',
      clabe: GOOD_CLABE,
      sBank_mxn_account: 'BBVA MEXICO',
    });
  });
});

describe('user and enterprise forms', () => {
  it('requires the names and checks the phone format', () => {
    expect(
      messages(userFormSchema, { sName: ' ', sLastName: '', sJobTitle: '', sPhone: 'abc' }),
    ).toEqual({ sName: 'required', sLastName: 'required', sPhone: 'phone' });
    expect(
      messages(userFormSchema, { sName: 'Ana', sLastName: 'Ruiz', sJobTitle: '', sPhone: '' }),
    ).toEqual({});
  });

  it('sends trimmed texts and empty optional ones as null', () => {
    expect(
      meBody({ sName: ' Ana ', sLastName: 'Ruiz', sJobTitle: ' ', sPhone: '+1 956 555 0101' }),
    ).toEqual({ sName: 'Ana', sLastName: 'Ruiz', sJobTitle: null, sPhone: '+1 956 555 0101' });
    expect(
      enterpriseBody({
        sName: 'Acme',
        sLegalAddress: '',
        sPacaLicense: ' 123 ',
        sBlueBookNumber: '',
        sTaxId: '',
        sDescription: '',
        sTimeZone: 'America/Chicago',
      }),
    ).toEqual({
      sName: 'Acme',
      sLegalAddress: null,
      sPacaLicense: '123',
      sBlueBookNumber: null,
      sTaxId: null,
      sDescription: null,
      sTimeZone: 'America/Chicago',
    });
  });
});

describe('invite form', () => {
  it('requires name, last name and a well-formed e-mail', () => {
    expect(messages(inviteFormSchema, EMPTY_INVITE)).toEqual({
      sName: 'required',
      sLastName: 'required',
      sEmail: 'required',
    });
    expect(
      messages(inviteFormSchema, { ...EMPTY_INVITE, sName: 'A', sLastName: 'B', sEmail: 'x@' }),
    ).toEqual({ sEmail: 'email' });
  });

  it('lowercases the e-mail and keeps the manager flag', () => {
    expect(
      inviteBody({
        sName: 'Pedro',
        sLastName: 'Salinas',
        sEmail: ' Pedro@Example.MX ',
        sJobTitle: '',
        isManager: true,
      }),
    ).toEqual({
      sName: 'Pedro',
      sLastName: 'Salinas',
      sEmail: 'pedro@example.mx',
      sJobTitle: null,
      isManager: true,
    });
  });
});

/** An enterprise form with only its name filled in. */
const ENTERPRISE_VALUES = {
  sName: 'Acme',
  sLegalAddress: '',
  sPacaLicense: '',
  sBlueBookNumber: '',
  sTaxId: '',
  sDescription: '',
  sTimeZone: 'America/Mexico_City',
};

describe('legal ids in the enterprise form', () => {
  const values = ENTERPRISE_VALUES;
  it('refuses a bad PACA licence and tax id with a message per field', () => {
    const result = enterpriseFormSchema.safeParse({
      ...values,
      sPacaLicense: 'abc',
      sTaxId: 'NOT-A-TAX-ID!!',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byField).toEqual({ sPacaLicense: 'profile:pacaLicense', sTaxId: 'profile:taxId' });
  });
  it('accepts a PACA licence, an EIN or a company RFC', () => {
    for (const taxId of ['12-3456789', 'ABC990101AB1', '']) {
      expect(
        enterpriseFormSchema.safeParse({ ...values, sPacaLicense: '2014-0987', sTaxId: taxId })
          .success,
      ).toBe(true);
    }
  });
});

describe('the company time zone', () => {
  const values = ENTERPRISE_VALUES;
  it('takes an IANA name and refuses anything else with its own message', () => {
    expect(
      enterpriseFormSchema.safeParse({ ...values, sTimeZone: 'America/Chicago' }).success,
    ).toBe(true);
    for (const sTimeZone of ['Mars/Base', 'CST', '']) {
      const result = enterpriseFormSchema.safeParse({ ...values, sTimeZone });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['profile:timeZone']);
    }
  });
});
