import { CONVERSION_APPROVAL_KINDS } from '../conversions/conversion-approval-kinds.js';
import { CHECKOUT_APPROVAL_KIND } from '../orders/checkout-approval-kind.js';
import { PAYMENT_APPROVAL_KINDS } from '../payments/payment-approval-kinds.js';
import { RATE_ORDER_APPROVAL_KIND } from '../rate-orders/rate-order-approval-kind.js';
import { SUPPLIER_APPROVAL_KINDS } from '../suppliers/supplier-approval-kinds.js';
import type { ApprovalKindEntry } from './approval-kind.js';

export type {
  ApprovalKindEntry,
  ApprovalRun,
  ApprovalServices,
  FreshQuoteNeed,
  RequestBody,
  RunResult,
} from './approval-kind.js';

/**
 * The one table of what waits for a second person (maker-checker, DOMAIN.md): each kind of
 * approval with the routes (or job) that hold it, the schema its stored request must pass
 * (the direct call's own), the quote an approver confirms, how it is checked when it is
 * asked, and how it runs once approved. Each module declares its own kinds (see
 * `approval-kind.ts`); this puts them together.
 *
 * A kind runs either `inTransaction` (in the transaction that decides the approval: both
 * happen or neither) or `standalone` (a money write with its own transaction and the
 * approval's Idempotency-Key, so a run repeated after a crash replays instead of paying
 * twice). Routes that move money and are not here are listed, with why, in
 * `approval-exemptions.ts`; a test walks the app's routes against both lists.
 */
export const APPROVAL_KIND_TABLE = {
  // In the order the contract lists them.
  PAY_NOW: PAYMENT_APPROVAL_KINDS.PAY_NOW,
  PAY_INVOICE: PAYMENT_APPROVAL_KINDS.PAY_INVOICE,
  PAY_FROM_CONVERSION: PAYMENT_APPROVAL_KINDS.PAY_FROM_CONVERSION,
  ...CONVERSION_APPROVAL_KINDS,
  ...CHECKOUT_APPROVAL_KIND,
  BATCH: PAYMENT_APPROVAL_KINDS.BATCH,
  ...SUPPLIER_APPROVAL_KINDS,
  ...RATE_ORDER_APPROVAL_KIND,
} as const satisfies Record<string, ApprovalKindEntry>;

export type ApprovalKind = keyof typeof APPROVAL_KIND_TABLE;
export const APPROVAL_KINDS = Object.keys(APPROVAL_KIND_TABLE) as ApprovalKind[];

export function approvalKindEntry(kind: string): ApprovalKindEntry {
  const entry = (APPROVAL_KIND_TABLE as Record<string, ApprovalKindEntry>)[kind];
  if (!entry) throw new Error(`Approval kind ${kind} is not in the table`);
  return entry;
}
