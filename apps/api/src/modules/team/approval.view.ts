import { z } from 'zod';
import { ERROR_MESSAGES, isErrorCode, moneyToNumber, type Language } from '@app/domain';
import type { ApprovalStatus } from '../../db/schema.js';
import { APPROVAL_KINDS, type ApprovalKind, type RequestBody } from './approval-kinds.js';
import type * as repo from './team.repository.js';

export const APPROVAL_STATUSES: readonly ApprovalStatus[] = [
  'PENDING',
  'APPROVED',
  'EXECUTED',
  'FAILED',
  'REJECTED',
  'EXPIRED',
];

export interface ApiApproval {
  sApprovalId: string;
  sKind: ApprovalKind;
  sStatus: ApprovalStatus;
  dAmountUsd: number | null;
  sSummary: string;
  request: RequestBody;
  requestedBy: { sUserId: string; sFullName: string };
  requested_at: string;
  expiresAt: string;
  decidedBy: { sUserId: string; sFullName: string } | null;
  decided_at: string | null;
  sReason: string | null;
  sFailureCode: string | null;
  /** Why a FAILED approval did not run, in the caller's language. */
  sFailureReason: string | null;
  result: unknown;
  bMine: boolean;
  iApproversRequired: number;
  approvedBy: Array<{ sUserId: string; sFullName: string; dAt: string }>;
  /** What it asks, for people (answered by the approvals' own reads, not by a held call's 202). */
  oDetails?: ApprovalDetails;
}

export type ApprovalDetails = z.infer<typeof approvalDetailsSchema>;

/** An approval as the approvals' own routes answer it. */
export type ReadableApproval = ApiApproval & { oDetails: ApprovalDetails };

/** The team's approval settings, as the routes answer them. */
export type ApiTeamSettings = z.infer<typeof settingsSchema>;

const personSchema = z.object({ sUserId: z.string(), sFullName: z.string() });

const approvalDetailsSchema = z
  .object({
    sWhat: z.string().describe("What is asked, in the reader's language"),
    bMovesMoney: z.boolean().describe('False for a supplier change: no money moves'),
    aPayees: z
      .array(z.object({ sName: z.string(), sClabe: z.string().describe('Masked CLABE') }))
      .describe('Who is paid, or the supplier that changes'),
    aInvoices: z.array(z.string()).describe('Invoice numbers'),
    dAmountUsd: z.number().nullable().describe('USD at the current rate (or as asked)'),
    dAmountMxn: z.number().nullable().describe('MXN at the current rate (or as asked)'),
    dExchangeRate: z.number().nullable().describe('The current rate the amounts are at'),
    sConcept: z.string().nullable(),
    aLines: z
      .array(
        z.object({
          sPayee: z.string(),
          sClabe: z.string(),
          sInvoice: z.string().nullable(),
          dAmountUsd: z.number().nullable(),
          dAmountMxn: z.number().nullable(),
        }),
      )
      .describe("A batch's lines"),
    aChanges: z
      .array(z.object({ sField: z.string(), sFrom: z.string().nullable(), sTo: z.string() }))
      .describe("A supplier change: each field's old and new value (field named for people)"),
  })
  .describe('What the approval asks, written for a person');

/** An approval as a held call's 202 answers it. */
const heldApprovalSchema = z.object({
  sApprovalId: z.string(),
  sKind: z.enum(APPROVAL_KINDS),
  sStatus: z.enum(APPROVAL_STATUSES as ['PENDING', ...string[]]),
  dAmountUsd: z.number().nullable().describe('The amount in USD when it is known beforehand'),
  sSummary: z.string().describe('The supplier, invoice or order the request is about'),
  request: z.record(z.string(), z.unknown()).describe('The original request body'),
  requestedBy: personSchema,
  requested_at: z.string(),
  expiresAt: z.string(),
  decidedBy: personSchema.nullable(),
  decided_at: z.string().nullable(),
  sReason: z.string().nullable().describe('Why it was rejected'),
  sFailureCode: z
    .string()
    .nullable()
    .describe('Why the approved request failed to run (an error code)'),
  sFailureReason: z
    .string()
    .nullable()
    .describe("FAILED: why it did not run, in the request's language"),
  result: z.unknown().describe("The executed request's answer"),
  bMine: z.boolean().describe('The caller made this request (and so cannot decide it)'),
  iApproversRequired: z
    .number()
    .int()
    .describe('How many distinct approvers it needs (by the company levels when it was asked)'),
  approvedBy: z
    .array(personSchema.extend({ dAt: z.string() }))
    .describe('Who has approved so far, in order'),
});

/** An approval as the approvals' own routes answer it: with what it asks, for people. */
export const approvalSchema = heldApprovalSchema.extend({ oDetails: approvalDetailsSchema });

/** The 202 answer of a request held for approval. */
export const approvalHeldSchema = z.object({ approval: heldApprovalSchema });

/** An approval answered by the approvals' routes (read, approved, rejected). */
export const approvalAnswerSchema = z.object({ approval: approvalSchema });

export const settingsSchema = z.object({
  dApprovalThresholdUsd: z
    .number()
    .nullable()
    .describe('Money calls above this many USD need an approval; null: none'),
  iApprovalExpiryHours: z.number().int(),
  iCoolingOffHours: z.number().int(),
  aApprovalLevels: z
    .array(z.object({ dAboveUsd: z.number(), iApprovers: z.number().int() }))
    .describe('Further levels above the threshold: above dAboveUsd, iApprovers distinct approvers'),
});

function failureReason(code: string | null, language: Language): string | null {
  if (code === null) return null;
  return isErrorCode(code) ? ERROR_MESSAGES[language][code] : code;
}

export function toApiApproval(
  row: repo.ApprovalRow,
  callerUserId: string,
  language: Language = 'en',
): ApiApproval {
  return {
    sApprovalId: row.id,
    sKind: row.kind as ApprovalKind,
    sStatus: row.status,
    dAmountUsd: row.amount_usd_cents === null ? null : moneyToNumber(row.amount_usd_cents),
    sSummary: row.summary,
    request: (row.request_body ?? {}) as RequestBody,
    requestedBy: { sUserId: row.requested_by, sFullName: row.requested_by_name },
    requested_at: row.requested_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    decidedBy:
      row.decided_by === null
        ? null
        : { sUserId: row.decided_by, sFullName: row.decided_by_name ?? '' },
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    sReason: row.reason,
    sFailureCode: row.failure_code,
    sFailureReason: row.status === 'FAILED' ? failureReason(row.failure_code, language) : null,
    result: row.result_body ?? null,
    bMine: row.requested_by === callerUserId,
    iApproversRequired: row.required_approvers,
    approvedBy: row.signoffs.map((signoff) => ({
      sUserId: signoff.user_id,
      sFullName: signoff.name,
      dAt: signoff.at,
    })),
  };
}
