import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDateSchema, rateSchema } from '@app/domain';
import { RATE_ORDER_STATUSES } from '../../db/schema.js';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import { RATE_ORDER_REASONS } from './rate-order-rules.js';
import { RATE_ORDER_LIST_CAP, type RateOrdersService } from './rate-orders.service.js';

export const rateOrderSchema = z.object({
  sRateOrderId: z.string(),
  sInvoiceId: z.string(),
  dTargetRate: z.number().describe('MXN per USD the order waits for (at or above)'),
  dExpiresOn: z.string().describe('Last day it may fill (YYYY-MM-DD, America/Mexico_City)'),
  sStatus: z.enum(RATE_ORDER_STATUSES),
  sReason: z
    .enum(RATE_ORDER_REASONS)
    .nullable()
    .describe('Why a FAILED or EXPIRED order did not fill'),
  sConversionId: z.string().nullable().describe('The conversion a FILLED order made'),
  dFilledRate: z.number().nullable(),
  sApprovalId: z
    .string()
    .nullable()
    .describe('AWAITING_APPROVAL: the approval its fill waits for (above the approval threshold)'),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});

const invoiceIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export async function rateOrdersRoutes(
  app: FastifyInstance,
  options: { rateOrders: RateOrdersService },
): Promise<void> {
  const { rateOrders } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['invoices'];

  routes.post(
    '/invoices/:id/rate-order',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Convert a To pay invoice when the market reaches a rate before a date',
        description:
          'Sets the invoice’s rate order (replacing an active one). A job watches the quote: when ' +
          'the customer rate is at or above dTargetRate, it converts exactly the invoice’s MXN ' +
          '(forex, assigned to the invoice) from the USD balance, once, and e-mails the user. ' +
          'dTargetRate defaults to the invoice’s protected rate; dExpiresOn is the last day ' +
          '(after today, at most a year ahead). Only a To pay invoice (nothing assigned): else ' +
          '409 INVALID_STATE.',
        security,
        params: invoiceIdParams,
        body: z.object({
          dTargetRate: rateSchema.optional(),
          dExpiresOn: calendarDateSchema,
        }),
        response: { 201: z.object({ rateOrder: rateOrderSchema }) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const rateOrder = await rateOrders.place(
        {
          enterpriseId: principal.enterpriseId,
          userId: principal.user.sUserId,
          language: languageOf(request),
        },
        request.params.id,
        { targetRateMicro: request.body.dTargetRate, expiresOn: request.body.dExpiresOn },
      );
      return reply.status(201).send({ rateOrder });
    },
  );

  routes.delete(
    '/invoices/:id/rate-order',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Cancel the invoice’s active rate order',
        description: 'No active order (filled, failed or never set): 409 INVALID_STATE.',
        security,
        params: invoiceIdParams,
      },
    },
    async (request, reply) => {
      await rateOrders.cancel(principalOf(request).enterpriseId, request.params.id);
      return reply.status(204).send();
    },
  );

  routes.get(
    '/rate-orders',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: `The company’s rate orders, newest first (up to ${RATE_ORDER_LIST_CAP} a page)`,
        security,
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).optional(),
          limit: z.coerce.number().int().min(1).max(RATE_ORDER_LIST_CAP).optional(),
        }),
        response: {
          200: z.object({
            rateOrders: z.array(
              rateOrderSchema.extend({ sInvoice: z.string(), dTotalAmount: z.number() }),
            ),
            total: z.number().int(),
          }),
        },
      },
    },
    async (request) =>
      rateOrders.list(principalOf(request).enterpriseId, {
        page: request.query.page,
        limit: request.query.limit,
      }),
  );
}
