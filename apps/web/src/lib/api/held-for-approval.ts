import type { ApiAnswer } from './typed-client';

/**
 * A money call (or a supplier's bank change) held for a second person answers 202 with the
 * approval instead of its usual answer: the caller tells the user it was sent for approval.
 * Every such call answers the same approval shape; this one is named from `payments/invoice`.
 */
export type HeldForApproval = Extract<ApiAnswer<'post', 'payments/invoice'>, { approval: unknown }>;

export function isHeldForApproval(answer: unknown): answer is HeldForApproval {
  return typeof answer === 'object' && answer !== null && 'approval' in answer;
}
