import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moneySchema, usdForExactMxn } from '@app/domain';
import { AppError } from '../../errors.js';
import { principalOf } from '../../plugins/session.js';
import { BATCH_MAX_ITEMS, type BatchPaymentsService } from './batch-payments.service.js';
import { paymentSchema } from './payments.routes.js';
import type { FinanceServices } from '../finance.js';
import { approvalHeldSchema } from '../team/team.routes.js';

const idSchema = z.string().trim().min(1).max(100);

const itemSchema = z.union([
  z.strictObject({
    sPaymentRecipientId: idSchema,
    dDesAmount: moneySchema.describe('MXN delivered exactly; the USD is rounded up to the cent'),
    comment: z.string().trim().min(1).max(200).describe('Payment concept shown to the payee'),
  }),
  z.strictObject({ sInvoiceId: idSchema.describe('A To pay invoice, paid whole') }),
]);

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
    }),
  ),
});

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (Array.isArray(key)) throw new AppError('INVALID_INPUT', { field: 'Idempotency-Key' });
  return key;
}

export async function batchPaymentsRoutes(
  app: FastifyInstance,
  options: { batches: BatchPaymentsService; services: FinanceServices },
): Promise<void> {
  const { batches } = options;
  const { approvals, rates, invoices, db } = options.services;
  const batchBody = z.object({
    sExchangeRateReference: idSchema,
    items: z.array(itemSchema).min(1).max(BATCH_MAX_ITEMS),
  });
  const payBatch = async (
    enterpriseId: string,
    body: z.infer<typeof batchBody>,
    key: string | undefined,
  ) => ({
    status: 201,
    body: {
      batch: await batches.payBatch(
        enterpriseId,
        {
          quoteId: body.sExchangeRateReference,
          items: body.items.map((item) =>
            'sInvoiceId' in item
              ? { invoiceId: item.sInvoiceId }
              : {
                  recipientId: item.sPaymentRecipientId,
                  amountMxn: item.dDesAmount,
                  comment: item.comment,
                },
          ),
        },
        key,
      ),
    },
  });
  approvals.defineKind('BATCH', {
    quoteNeed: () => ({ kind: 'SPOT' }),
    withQuote: (body, quote) => ({ ...body, sExchangeRateReference: quote.id }),
    execute: (run) => payBatch(run.enterpriseId, batchBody.parse(run.body), run.idempotencyKey),
  });
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
      const approval = await approvals.holdIfRequired(request, 'BATCH', async () => {
        const quote = await rates.requireSpotQuote(db, enterpriseId, body.sExchangeRateReference, {
          field: 'sExchangeRateReference',
        });
        let mxnCents = 0n;
        for (const item of body.items) {
          mxnCents +=
            'sInvoiceId' in item
              ? (await invoices.requireInvoice(db, enterpriseId, item.sInvoiceId)).total_mxn
              : item.dDesAmount;
        }
        return {
          summary: `${body.items.length}`,
          amountUsdCents: usdForExactMxn(mxnCents, quote.rateMicro),
        };
      });
      if (approval) return reply.status(202).send({ approval });
      const result = await payBatch(enterpriseId, body, idempotencyKeyOf(request));
      return reply.status(201).send(result.body);
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
