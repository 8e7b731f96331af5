import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nonNegativeMoneySchema } from '@app/domain';
import { principalOf } from '../../plugins/session.js';
import { assertStepUp, stepUpCodeOf, stepUpHeaderSchema } from '../two-factor/step-up.js';
import { APPROVAL_KINDS, APPROVAL_STATUSES, type ApprovalsService } from './approvals.service.js';
import { deciderOf } from './held-call.js';
import { pageQueryFields } from '../pagination.js';

const tags = ['team'];
const security = [{ bearerAuth: [] }];
const idSchema = z.string().trim().min(1).max(64);

const personSchema = z.object({ sUserId: z.string(), sFullName: z.string() });

export const approvalSchema = z.object({
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

/** The 202 answer of a request held for approval. */
export const approvalHeldSchema = z.object({ approval: approvalSchema });

const settingsSchema = z.object({
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

/** Approvals (maker-checker) and the team's settings. */
export async function teamRoutes(
  app: FastifyInstance,
  options: { approvals: ApprovalsService },
): Promise<void> {
  const { approvals } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/approvals',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: "The company's approvals, newest first, with the number pending",
        security,
        querystring: z.object({
          status: z.enum(APPROVAL_STATUSES as ['PENDING', ...string[]]).optional(),
          ...pageQueryFields(50),
        }),
        response: {
          200: z.object({
            approvals: z.array(approvalSchema),
            total: z.number(),
            iPending: z.number(),
            page: z.number(),
            limit: z.number(),
          }),
        },
      },
    },
    async (request) =>
      approvals.list(deciderOf(request), {
        status: request.query.status as never,
        page: request.query.page,
        limit: request.query.limit,
      }),
  );

  routes.get(
    '/approvals/:approvalId',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'One approval',
        security,
        params: z.object({ approvalId: idSchema }),
        response: { 200: approvalHeldSchema },
      },
    },
    async (request) => ({
      approval: await approvals.get(deciderOf(request), request.params.approvalId),
    }),
  );

  routes.post(
    '/approvals/:approvalId/quote',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary:
          'A fresh quote for the approval dialog (spot, or a forward for its date); null when the request needs none',
        security,
        params: z.object({ approvalId: idSchema }),
        response: {
          200: z.object({
            quote: z
              .object({
                sExchangeRateReference: z.string(),
                dExchangeRate: z.number(),
                quoteExpiresAt: z.string(),
              })
              .nullable(),
          }),
        },
      },
    },
    async (request) => ({
      quote: await approvals.freshQuote(deciderOf(request), request.params.approvalId),
    }),
  );

  routes.post(
    '/approvals/:approvalId/approve',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary:
          "Approve another user's request: it runs at the fresh quote given (from approvals/{id}/quote), once",
        security,
        params: z.object({ approvalId: idSchema }),
        headers: z.object(stepUpHeaderSchema),
        body: z
          .object({
            sExchangeRateReference: idSchema
              .optional()
              .describe('The fresh quote the approver saw; required when the request is quoted'),
            sTotp: z
              .string()
              .trim()
              .regex(/^\d{6}$/)
              .optional()
              .describe('A current second-factor code, when the approver has one'),
          })
          .default({}),
        response: { 200: approvalHeldSchema },
      },
    },
    async (request) => {
      // Step-up: an approver with a second factor confirms with a fresh code (the body's
      // sTotp or the x-totp-code header) before anything is decided.
      await assertStepUp(
        app.twoFactor,
        principalOf(request).user.sUserId,
        request.body.sTotp ?? stepUpCodeOf(request),
      );
      const approval = await approvals.approve(deciderOf(request), request.params.approvalId, {
        quoteReference: request.body.sExchangeRateReference,
      });
      request.audit = {
        entity: `approvals/${request.params.approvalId}`,
        after: { sStatus: approval.sStatus },
      };
      return { approval };
    },
  );

  routes.post(
    '/approvals/:approvalId/reject',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: "Reject another user's request, with a reason",
        security,
        params: z.object({ approvalId: idSchema }),
        body: z
          .object({
            sReason: z
              .string()
              .trim()
              .max(500)
              .optional()
              .transform((value) => (value ? value : null)),
          })
          .default({ sReason: null }),
        response: { 200: approvalHeldSchema },
      },
    },
    async (request) => {
      const approval = await approvals.reject(
        deciderOf(request),
        request.params.approvalId,
        request.body.sReason ?? null,
      );
      request.audit = {
        entity: `approvals/${request.params.approvalId}`,
        after: { sStatus: approval.sStatus, sReason: approval.sReason },
      };
      return { approval };
    },
  );

  routes.get(
    '/team/settings',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: "The company's approval threshold, approval expiry and bank-change cooling-off",
        security,
        response: { 200: z.object({ settings: settingsSchema }) },
      },
    },
    async (request) => ({ settings: await approvals.settings(principalOf(request).enterpriseId) }),
  );

  routes.put(
    '/team/settings',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Change the team settings (ADMIN)',
        security,
        body: z.object({
          dApprovalThresholdUsd: nonNegativeMoneySchema.nullable(),
          iApprovalExpiryHours: z.number().int().min(1).max(720),
          iCoolingOffHours: z.number().int().min(0).max(720),
          aApprovalLevels: z
            .array(
              z.object({
                dAboveUsd: nonNegativeMoneySchema,
                iApprovers: z.number().int().min(2).max(5),
              }),
            )
            .max(5)
            .optional()
            .describe(
              'Levels above the threshold (which needs one approver), each with more approvers; omitted: none',
            ),
        }),
        response: { 200: z.object({ settings: settingsSchema }) },
      },
    },
    async (request) => ({
      settings: await approvals.updateSettings(principalOf(request).enterpriseId, {
        thresholdUsdCents: request.body.dApprovalThresholdUsd,
        expiryHours: request.body.iApprovalExpiryHours,
        coolingOffHours: request.body.iCoolingOffHours,
        levels: (request.body.aApprovalLevels ?? []).map((level) => ({
          aboveUsdCents: level.dAboveUsd,
          approvers: level.iApprovers,
        })),
      }),
    }),
  );
}
