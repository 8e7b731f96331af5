import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nonNegativeMoneySchema } from '@app/domain';
import { principalOf } from '../../plugins/session.js';
import { assertStepUp, stepUpCodeOf, stepUpHeaderSchema } from '../two-factor/step-up.js';
import type { ApprovalsService } from './approvals.service.js';
import {
  APPROVAL_STATUSES,
  approvalAnswerSchema,
  approvalSchema,
  settingsSchema,
} from './approval.view.js';
import { deciderOf } from './held-call.js';
import { pageQueryFields } from '../pagination.js';

const tags = ['team'];
const security = [{ bearerAuth: [] }];
const idSchema = z.string().trim().min(1).max(64);

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
        response: { 200: approvalAnswerSchema },
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
        response: { 200: approvalAnswerSchema },
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
        response: { 200: approvalAnswerSchema },
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
