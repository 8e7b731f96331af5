import {
  bankNameFromClabe,
  isTimeZone,
  normalizeCompanyTaxId,
  validateClabe,
  validatePacaLicense,
} from '@app/domain';
import { z } from 'zod';
import type {
  BankBody,
  BankRegistration,
  Enterprise,
  EnterpriseBody,
  InviteBody,
  MeBody,
  ProfileUser,
} from './api/profile';

/**
 * The forms of the profile tabs. Their limits are the server's (profile.routes.ts); a
 * message is a validation key ('required', 'phone', …) or `profile:<key>[:count]`, a text
 * of `profile.errors`, so an error shown before a language switch follows it.
 */

const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max);

const PHONE = /^\+?[0-9 ()-]+$/;
const optionalPhone = z
  .string()
  .trim()
  .max(40)
  .refine((value) => value === '' || (value.length >= 7 && PHONE.test(value)), {
    error: 'phone',
  });

/** An empty answer is sent as null: the server stores nothing. */
function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

// ---- User data (tab 0) ----

export const userFormSchema = z.object({
  sName: requiredText(100),
  sLastName: requiredText(100),
  sJobTitle: optionalText(100),
  sPhone: optionalPhone,
});
export type UserFormValues = z.input<typeof userFormSchema>;

export function userFormValues(user: ProfileUser): UserFormValues {
  return {
    sName: user.sName,
    sLastName: user.sLastName,
    sJobTitle: user.sJobTitle ?? '',
    sPhone: user.sPhone ?? '',
  };
}

export function meBody(values: UserFormValues): MeBody {
  return {
    sName: values.sName.trim(),
    sLastName: values.sLastName.trim(),
    sPhone: orNull(values.sPhone),
    sJobTitle: orNull(values.sJobTitle),
  };
}

// ---- Enterprise data (tab 1) ----

export const enterpriseFormSchema = z.object({
  sName: requiredText(200),
  sLegalAddress: optionalText(300),
  // The legal ids are checked as the server checks them (packages/domain legal-ids).
  sPacaLicense: optionalText(40).refine((value) => value === '' || validatePacaLicense(value), {
    error: 'profile:pacaLicense',
  }),
  sBlueBookNumber: optionalText(40),
  sTaxId: optionalText(40).refine(
    (value) => value === '' || normalizeCompanyTaxId(value) !== undefined,
    { error: 'profile:taxId' },
  ),
  sDescription: optionalText(4000),
  sTimeZone: z.string().refine(isTimeZone, { error: 'profile:timeZone' }),
});
export type EnterpriseFormValues = z.input<typeof enterpriseFormSchema>;

export function enterpriseFormValues(enterprise: Enterprise): EnterpriseFormValues {
  return {
    sName: enterprise.sName,
    sLegalAddress: enterprise.sLegalAddress ?? '',
    sPacaLicense: enterprise.sPacaLicense ?? '',
    sBlueBookNumber: enterprise.sBlueBookNumber ?? '',
    sTaxId: enterprise.sTaxId ?? '',
    sDescription: enterprise.sDescription ?? '',
    sTimeZone: enterprise.sTimeZone,
  };
}

export function enterpriseBody(values: EnterpriseFormValues): EnterpriseBody {
  return {
    sName: values.sName.trim(),
    sLegalAddress: orNull(values.sLegalAddress),
    sPacaLicense: orNull(values.sPacaLicense),
    sBlueBookNumber: orNull(values.sBlueBookNumber),
    sTaxId: orNull(values.sTaxId),
    sDescription: orNull(values.sDescription),
    sTimeZone: values.sTimeZone,
  };
}

// ---- Invite a sub-user (tab 2) ----

export const inviteFormSchema = z.object({
  sName: requiredText(100),
  sLastName: requiredText(100),
  sEmail: z.string().trim().min(1).max(254).pipe(z.email()),
  sJobTitle: optionalText(100),
  isManager: z.boolean(),
});
export type InviteFormValues = z.input<typeof inviteFormSchema>;

export const EMPTY_INVITE: InviteFormValues = {
  sName: '',
  sLastName: '',
  sEmail: '',
  sJobTitle: '',
  isManager: false,
};

export function inviteBody(values: InviteFormValues): InviteBody {
  return {
    sName: values.sName.trim(),
    sLastName: values.sLastName.trim(),
    sEmail: values.sEmail.trim().toLowerCase(),
    sJobTitle: orNull(values.sJobTitle),
    isManager: values.isManager,
  };
}

// ---- Bank registration (tab 3, vendors) ----

/** Spaces a user may type to group digits are not part of a number. */
export function digitsOnly(value: string): string {
  return value.replace(/\s+/g, '');
}

const CLABE_MESSAGES = {
  LENGTH: 'profile:clabeLength',
  NOT_DIGITS: 'profile:clabeDigits',
  CHECK_DIGIT: 'profile:clabeCheckDigit',
} as const;

/** The CLABE's own message, or undefined when it is a valid CLABE (18 digits, check digit). */
export function clabeProblem(value: string): string | undefined {
  const clabe = digitsOnly(value);
  if (clabe === '') return 'required';
  const result = validateClabe(clabe);
  return result.ok ? undefined : CLABE_MESSAGES[result.reason];
}

/** The bank of a complete, valid CLABE (from its first 3 digits), when known. */
export function bankOfClabe(value: string): string | undefined {
  const clabe = digitsOnly(value);
  return clabeProblem(clabe) === undefined ? bankNameFromClabe(clabe) : undefined;
}

function optionalDigits(min: number, max: number, message: string) {
  return z.string().refine(
    (value) => {
      const digits = digitsOnly(value);
      return digits === '' || new RegExp(`^\\d{${min},${max}}$`).test(digits);
    },
    { error: message },
  );
}

export const bankFormSchema = z.object({
  sBank_name: optionalText(100),
  sAccount_number: optionalDigits(4, 17, 'profile:accountNumber'),
  sRouting_number: optionalDigits(9, 9, 'profile:routingNumber'),
  clabe: z.string().superRefine((value, ctx) => {
    const problem = clabeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  }),
  sBank_mxn_account: requiredText(100),
});
export type BankFormValues = z.input<typeof bankFormSchema>;

export function bankFormValues(bank: BankRegistration): BankFormValues {
  return {
    sBank_name: bank.sBank_name ?? '',
    sAccount_number: bank.sAccount_number ?? '',
    sRouting_number: bank.sRouting_number ?? '',
    clabe: bank.clabe ?? '',
    sBank_mxn_account: bank.sBank_mxn_account ?? '',
  };
}

export function bankBody(values: BankFormValues): BankBody {
  return {
    sBank_name: orNull(values.sBank_name),
    sAccount_number: orNull(digitsOnly(values.sAccount_number)),
    sRouting_number: orNull(digitsOnly(values.sRouting_number)),
    clabe: digitsOnly(values.clabe),
    sBank_mxn_account: values.sBank_mxn_account.trim(),
  };
}
