import { moneyToNumber, parseMoney } from '@app/domain';
import { z } from 'zod';

/** Error keys of the deposit form: 'required' is the spec's shared text, the rest are ours. */
export type DepositFormError = 'required' | 'amountInvalid' | 'referenceLength' | 'reasonLength';

/** The exact cents of a typed USD amount, or null when it is not a positive amount. */
export function depositCents(amount: string): bigint | null {
  try {
    const cents = parseMoney(amount.trim());
    return cents > 0n ? cents : null;
  } catch {
    return null;
  }
}

export const depositFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, 'required' satisfies DepositFormError)
    .refine((value) => depositCents(value) !== null, 'amountInvalid' satisfies DepositFormError),
  reference: z
    .string()
    .trim()
    .min(1, 'required' satisfies DepositFormError)
    .min(3, 'referenceLength' satisfies DepositFormError)
    .max(64, 'referenceLength' satisfies DepositFormError),
  /** Why the wire is typed by hand (statements credit wires by themselves); audited. */
  reason: z
    .string()
    .trim()
    .refine(
      (value) => value.length === 0 || (value.length >= 3 && value.length <= 500),
      'reasonLength' satisfies DepositFormError,
    )
    .optional(),
});

export type DepositFormValues = z.input<typeof depositFormSchema>;

export const emptyDepositForm: DepositFormValues = { amount: '', reference: '', reason: '' };

/** The body numbers of a valid form: the amount goes out exactly as typed (2 decimals at most). */
export function depositRequest(enterpriseId: string, values: DepositFormValues) {
  const cents = depositCents(values.amount);
  if (cents === null) throw new RangeError('Not a positive amount');
  const reason = values.reason?.trim() ?? '';
  return {
    sEnterpriseId: enterpriseId,
    dAmount: moneyToNumber(cents),
    sReference: values.reference.trim(),
    ...(reason ? { sReason: reason } : {}),
  };
}
