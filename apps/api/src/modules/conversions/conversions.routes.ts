import type { ConversionsService } from './conversions.service.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDateSchema, moneySchema } from '@app/domain';
import { principalOf } from '../../plugins/session.js';
import type { ApprovalsService } from '../team/approvals.service.js';
import { amountTargetFields, exactlyOneAmount } from './amount-target-fields.js';
import { CONVERSION_LIST_CAP, type InvoiceAmountLine } from './conversion-records.js';
import { approvalHeldSchema } from '../team/approval.view.js';
import { heldCallOf, replyHeld } from '../team/held-call.js';
import {
  convertBody,
  convertInvoiceBody,
  convertInvoiceInput,
  convertUsdInput,
} from './conversion-bodies.js';
import { transactionSchema } from './conversion.view.js';

const idSchema = z.string().trim().min(1).max(100);

const invoiceLinesSchema = z.object({
  sTransactionId: idSchema,
  invoices: z
    .array(z.object({ sInvoiceId: idSchema, dAmount: moneySchema }))
    .min(1)
    .max(100),
});

/** A body's invoice lines in the service's terms (attaching and detaching read them alike). */
function invoiceAmountLinesOf(body: z.infer<typeof invoiceLinesSchema>): InvoiceAmountLine[] {
  return body.invoices.map((line) => ({ invoiceId: line.sInvoiceId, amountMxn: line.dAmount }));
}

const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSION_LIST_CAP).optional(),
});

const transactionAnswerSchema = z.object({ transaction: transactionSchema });
const transactionListSchema = z.object({ transactions: z.array(transactionSchema) });
/** A conversion request answers the conversion it booked, or (202) the approval holding it. */
const conversionRequestResponses = {
  200: transactionAnswerSchema,
  201: transactionAnswerSchema,
  202: approvalHeldSchema,
};

export async function conversionsRoutes(
  app: FastifyInstance,
  options: { conversions: ConversionsService; approvals: ApprovalsService },
): Promise<void> {
  const { conversions, approvals } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['conversions'];
  // Loose: the parsed headers replace the request's, so every other header must survive.
  const idempotencyHeaders = z.looseObject({
    'idempotency-key': z.string().optional().describe('1–255 characters; see API.md'),
  });

  routes.post(
    '/transactions/forwardRate',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Price a forward for a settlement day, from a live spot quote',
        security,
        body: z
          .object({
            dDateForward: calendarDateSchema,
            ...amountTargetFields,
            referenceExchangeRate: idSchema,
            bExternal: z.boolean().default(false),
          })
          .superRefine(exactlyOneAmount),
        response: {
          200: z.object({
            forwardRate: z.object({ rate: z.number(), uuid: z.string(), expiresAt: z.string() }),
          }),
        },
      },
    },
    async (request) => ({
      forwardRate: await conversions.forwardRate(
        principalOf(request).enterpriseId,
        request.body.referenceExchangeRate,
        request.body.dDateForward,
      ),
    }),
  );

  routes.post(
    '/transactions',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Convert USD to MXN now (forex) or book a forward (202: held for an approval)',
        security,
        headers: idempotencyHeaders,
        body: convertBody,
        response: conversionRequestResponses,
      },
    },
    async (request, reply) => {
      const { body } = request;
      const approval = await approvals.holdIfRequired(heldCallOf(request), 'CONVERT');
      if (approval) return replyHeld(request, reply, approval);
      const result = await conversions.convertUsd(
        principalOf(request).enterpriseId,
        request.idempotencyKey,
        convertUsdInput(body),
      );
      return reply.status(result.status as 200).send(result.body);
    },
  );

  routes.post(
    '/transactions/createTransactionFromInvoice',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary:
          "Convert a To pay invoice's MXN (forex or forward) and assign the invoice to it (202: held for an approval)",
        security,
        headers: idempotencyHeaders,
        body: convertInvoiceBody,
        response: conversionRequestResponses,
      },
    },
    async (request, reply) => {
      const { body } = request;
      const { enterpriseId } = principalOf(request);
      const approval = await approvals.holdIfRequired(heldCallOf(request), 'CONVERT_INVOICE');
      if (approval) return replyHeld(request, reply, approval);
      const result = await conversions.convertInvoice(
        enterpriseId,
        request.idempotencyKey,
        convertInvoiceInput(body),
      );
      return reply.status(result.status as 200).send(result.body);
    },
  );

  routes.get(
    '/transactions',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Settled conversions with MXN not yet paid out, newest first',
        security,
        querystring: pageQuerySchema,
        response: {
          200: transactionListSchema.extend({
            totalProfit: z.number(),
            balance: z.object({ balanceMxn: z.object({ balance: z.number() }) }),
          }),
        },
      },
    },
    async (request) => conversions.listAvailable(principalOf(request).enterpriseId, request.query),
  );

  routes.get(
    '/transactions/history',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Every conversion, newest first',
        security,
        querystring: pageQuerySchema,
        response: { 200: transactionListSchema.extend({ totalProfit: z.number() }) },
      },
    },
    async (request) => conversions.history(principalOf(request).enterpriseId, request.query),
  );

  routes.get(
    '/transactions/getForwardsActive',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Forwards not yet settled, soonest first, with the USD held as deposits',
        security,
        querystring: pageQuerySchema,
        response: {
          200: z.object({
            forwards: z.array(transactionSchema),
            totalProfit: z.number(),
            balance: z.object({ balanceUsd: z.object({ balance: z.number() }) }),
            dBlockedUsd: z.number(),
          }),
        },
      },
    },
    async (request) => conversions.activeForwards(principalOf(request).enterpriseId, request.query),
  );

  // One conversion; /detail adds the payments made from it.
  for (const [path, summary, withPayments] of [
    ['/transactions/id', 'One conversion', false],
    ['/transactions/detail', 'One conversion with the payments made from it', true],
  ] as const) {
    routes.post(
      path,
      {
        onRequest: app.requireSession,
        schema: {
          tags,
          summary,
          security,
          body: z.object({ sTransactionId: idSchema }),
          response: { 200: transactionListSchema },
        },
      },
      async (request) =>
        conversions.findOne(
          principalOf(request).enterpriseId,
          request.body.sTransactionId,
          withPayments,
        ),
    );
  }

  routes.post(
    '/transactions/closeForward',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Settle a forward on or after its date: its MXN is credited',
        security,
        headers: idempotencyHeaders,
        body: z.object({ sTransactionId: idSchema }),
        response: { 200: transactionAnswerSchema },
      },
    },
    async (request, reply) => {
      const result = await conversions.closeForward(
        principalOf(request).enterpriseId,
        request.idempotencyKey,
        request.body.sTransactionId,
      );
      return reply.status(result.status as 200).send(result.body);
    },
  );

  // Invoice lines assigned to a conversion, or taken off it.
  for (const [path, summary, change] of [
    [
      '/transactions/invoice',
      'Assign MXN of invoices to a conversion (never beyond 100 % of it)',
      'attachInvoices',
    ],
    [
      '/transactions/deleteInvoice',
      'Take MXN of invoices off a conversion (never the part already paid)',
      'detachInvoices',
    ],
  ] as const) {
    routes.post(
      path,
      {
        onRequest: app.requireSession,
        schema: {
          tags,
          summary,
          security,
          headers: idempotencyHeaders,
          body: invoiceLinesSchema,
          response: { 200: transactionAnswerSchema },
        },
      },
      async (request, reply) => {
        const result = await conversions[change](
          principalOf(request).enterpriseId,
          request.idempotencyKey,
          request.body.sTransactionId,
          invoiceAmountLinesOf(request.body),
        );
        return reply.status(result.status as 200).send(result.body);
      },
    );
  }
}
