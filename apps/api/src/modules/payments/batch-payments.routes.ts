import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/session.js';
import { type BatchPaymentsService } from './batch-payments.service.js';
import { paymentSchema } from './payment.view.js';
import type { ApprovalsService } from '../team/approvals.service.js';
import { approvalHeldSchema } from '../team/approval.view.js';
import { heldCallOf, replyHeld } from '../team/held-call.js';
import { batchBody, batchInput } from './batch-body.js';

const idSchema = z.string().trim().min(1).max(100);

const batchSchema = z.object({
  sBatchId: z.string(),
  created_at: z.string(),
  dExchangeRate: z.number(),
  dTotalMxn: z.number().describe('MXN of the items sent'),
  dTotalUsd: z.number().describe('USD of the items sent'),
  items: z.array(
    z.object({
      sStatus: z.enum(['SENT', 'FAILED', 'NOT_ATTEMPTED']),
      payment: paymentSchema.optional(),
      code: z.string().optional().describe('Why no payment was made (an error code)'),
      asked: z
        .object({
          sInvoiceName: z.string().nullable(),
          sPayeeName: z.string().nullable(),
          dAmountMxn: z.number().nullable(),
          dAmountUsd: z.number().nullable().describe("The pesos' dollars at the batch's rate"),
          sConcept: z.string().nullable(),
        })
        .describe(
          'What the item asked for, as it stood when the batch ran (null: the request named nothing of the company’s)',
        ),
    }),
  ),
});

export async function batchPaymentsRoutes(
  app: FastifyInstance,
  options: { batches: BatchPaymentsService; approvals: ApprovalsService },
): Promise<void> {
  const { batches, approvals } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['payments'];

  routes.post(
    '/payments/batch',
    {
      onRequest: app.requireSession,
      // 1,000 items of about 300 bytes each.
      bodyLimit: 2 * 1_048_576,
      schema: {
        tags,
        summary: 'Pay up to 1,000 suppliers or invoices at one quote, in one idempotent request',
        security,
        headers: z.looseObject({
          'idempotency-key': z.string().optional().describe('1–255 characters; see API.md'),
        }),
        body: batchBody,
        response: { 201: z.object({ batch: batchSchema }), 202: approvalHeldSchema },
      },
    },
    async (request, reply) => {
      const { enterpriseId } = principalOf(request);
      const { body } = request;
      // The whole batch is one request: one approval for all its items, at one fresh quote.
      const approval = await approvals.holdIfRequired(heldCallOf(request), 'BATCH');
      if (approval) return replyHeld(request, reply, approval);
      const batch = await batches.payBatch(enterpriseId, batchInput(body), request.idempotencyKey);
      return reply.status(201).send({ batch });
    },
  );

  routes.get(
    '/payments/batches/:id',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'A batch of payments with each item’s result',
        security,
        params: z.object({ id: idSchema }),
        response: { 200: z.object({ batch: batchSchema }) },
      },
    },
    async (request) => ({
      batch: await batches.getBatch(principalOf(request).enterpriseId, request.params.id),
    }),
  );
}
