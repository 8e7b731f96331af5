import { bankNameFromClabe, clabeSchema, emailSchema, rfcSchema } from '@app/domain';
import { z } from 'zod';
import type { PaymentRecipient } from '../../lib/finance/types';
import type { SupplierBody } from './api/suppliers';

/**
 * The supplier form. All five fields are required (spec doc 2 §5) and the e-mail, CLABE and
 * RFC are checked in the browser with the same domain schemas as the server, every field at
 * once; the server still checks, and its answer is shown on the field.
 */
const required = z.string().trim().min(1, { error: 'required' });

export const supplierFormSchema = z.object({
  sName: required,
  sEmail: required.pipe(emailSchema),
  sBankName: required,
  sAccountNumber: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().min(1, { error: 'required' }).pipe(clabeSchema)),
  sTaxId: required.pipe(rfcSchema),
});

/** The text key of a field's error code: 'required', or a domain schema's code. */
export function supplierErrorKey(
  message: string | undefined,
):
  | 'finance.required'
  | 'suppliers.form.invalidEmail'
  | 'suppliers.form.invalidClabe'
  | 'suppliers.form.invalidTaxId' {
  if (!message || message === 'required') return 'finance.required';
  if (message === 'INVALID_EMAIL') return 'suppliers.form.invalidEmail';
  if (message.startsWith('CLABE_')) return 'suppliers.form.invalidClabe';
  if (message.startsWith('RFC_')) return 'suppliers.form.invalidTaxId';
  return 'finance.required';
}

/** Another supplier of the company with this CLABE (spaces ignored), if any. */
export function clabeUsedBy(
  clabe: string,
  suppliers: readonly PaymentRecipient[],
  ownId: string | undefined,
): PaymentRecipient | undefined {
  const digits = clabe.replace(/\s+/g, '');
  if (digits.length < 18) return undefined;
  return suppliers.find(
    (entry) => entry.sAccountNumber === digits && entry.sPaymentRecipientId !== ownId,
  );
}

/**
 * The bank of a CLABE's first three digits, and whether the bank name typed differs from
 * it (BANORTE for a 012, BBVA, CLABE). Unknown codes say nothing.
 */
export function clabeBank(
  clabe: string,
  bankName: string,
): { bank: string | undefined; mismatch: boolean } {
  const digits = clabe.replace(/\s+/g, '');
  const bank = digits.length >= 3 ? bankNameFromClabe(digits) : undefined;
  const typed = normalize(bankName.trim());
  return { bank, mismatch: bank !== undefined && typed !== '' && typed !== normalize(bank) };
}

export type SupplierFormValues = z.input<typeof supplierFormSchema>;

export const SUPPLIER_FIELDS = [
  'sName',
  'sEmail',
  'sBankName',
  'sAccountNumber',
  'sTaxId',
] as const satisfies readonly (keyof SupplierFormValues)[];

export type SupplierField = (typeof SUPPLIER_FIELDS)[number];

export const EMPTY_SUPPLIER: SupplierFormValues = {
  sName: '',
  sEmail: '',
  sBankName: '',
  sAccountNumber: '',
  sTaxId: '',
};

export function supplierFormValues(recipient: PaymentRecipient): SupplierFormValues {
  return {
    sName: recipient.sName,
    sEmail: recipient.sEmail,
    sBankName: recipient.sBankName,
    sAccountNumber: recipient.sAccountNumber,
    sTaxId: recipient.sTaxId,
  };
}

/** Trimmed values, the CLABE without spaces, and the fixed entity type. */
export function supplierBody(values: SupplierFormValues): SupplierBody {
  return {
    sName: values.sName.trim(),
    sEmail: values.sEmail.trim(),
    sBankName: values.sBankName.trim(),
    sAccountNumber: values.sAccountNumber.replace(/\s+/g, ''),
    sTaxId: values.sTaxId.trim().toUpperCase(),
    sEntityBusiness: 'COMPANY',
  };
}

/** Text keys for the server's format errors, which name the field but not the reason. */
export const SERVER_FIELD_MESSAGES = {
  sEmail: 'suppliers.form.invalidEmail',
  sAccountNumber: 'suppliers.form.invalidClabe',
  sTaxId: 'suppliers.form.invalidTaxId',
} as const satisfies Partial<Record<SupplierField, string>>;

/** Rows whose name, e-mail, bank, CLABE or RFC contain every word of the search. */
export function filterSuppliers(rows: PaymentRecipient[], search: string): PaymentRecipient[] {
  const words = normalize(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const text = normalize(
      [row.sName, row.sEmail, row.sBankName, row.sAccountNumber, row.sTaxId].join(' '),
    );
    return words.every((word) => text.includes(word));
  });
}

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
