import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import { auditEntryWithWrite } from '../audit/audit-trail.js';
import type { ApprovalsService } from '../team/approvals.service.js';
import type { PaymentsService } from './payments.service.js';
import { PAYMENT_LIST_CAP } from './payment-reads.service.js';
import { paymentSchema } from './payment.view.js';
import { approvalHeldSchema } from '../team/approval.view.js';
import { heldCallOf, replyHeld } from '../team/held-call.js';
import {
  payFromConversionBody,
  payFromConversionInput,
  payInvoiceBody,
  payInvoiceInput,
  payNowBody,
  payNowInput,
} from './payment-bodies.js';

const idSchema = z.string().trim().min(1).max(100);

const paymentAnswerSchema = z.object({ payment: paymentSchema });

export async function paymentsRoutes(
  app: FastifyInstance,
  options: { payments: PaymentsService; approvals: ApprovalsService },
): Promise<void> {
  const { payments, approvals } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['payments'];
  // Loose: the parsed headers replace the request's, so every other header must survive.
  const headers = z.looseObject({
    'idempotency-key': z.string().optional().describe('1–255 characters; see API.md'),
  });

  routes.post(
    '/payments/invoice',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary:
          'Pay a whole To pay invoice now from USD at a spot quote (202: held for an approval)',
        security,
        headers,
        body: payInvoiceBody,
        response: { 201: paymentAnswerSchema, 202: approvalHeldSchema },
      },
    },
    async (request, reply) => {
      const { enterpriseId } = principalOf(request);
      const { body } = request;
      const approval = await approvals.holdIfRequired(heldCallOf(request), 'PAY_INVOICE');
      if (approval) return replyHeld(request, reply, approval);
      const payment = await payments.payInvoice(
        enterpriseId,
        payInvoiceInput(body),
        request.idempotencyKey,
      );
      return reply.status(201).send({ payment });
    },
  );

  routes.post(
    '/payments/sendPayNow',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary:
          'Send USD now to a supplier, received in MXN at a spot quote (202: held for an approval)',
        security,
        headers,
        body: payNowBody,
        response: { 201: paymentAnswerSchema, 202: approvalHeldSchema },
      },
    },
    async (request, reply) => {
      const { enterpriseId } = principalOf(request);
      const { body } = request;
      const key = request.idempotencyKey;
      // The busiest money call reads once: its hold context comes with the payment's.
      const context = await payments.readPayNowContext(enterpriseId, {
        recipientId: body.sPaymentRecipientId,
        idempotencyKey: key,
      });
      const approval = await approvals.holdIfRequired(heldCallOf(request), 'PAY_NOW', {
        context: context.hold,
      });
      if (approval) return replyHeld(request, reply, approval);
      // Its audit entry goes in the payment's statement: one commit, not two.
      const payment = await payments.sendPayNow(
        enterpriseId,
        payNowInput(body),
        key,
        context,
        auditEntryWithWrite(request, 201),
      );
      return reply.status(201).send({ payment });
    },
  );

  routes.post(
    '/payments',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: "Pay a supplier from a settled conversion's MXN (202: held for an approval)",
        security,
        headers,
        body: payFromConversionBody,
        response: { 201: paymentAnswerSchema, 202: approvalHeldSchema },
      },
    },
    async (request, reply) => {
      const { enterpriseId } = principalOf(request);
      const { body } = request;
      const approval = await approvals.holdIfRequired(heldCallOf(request), 'PAY_FROM_CONVERSION');
      if (approval) return replyHeld(request, reply, approval);
      const payment = await payments.payFromConversion(
        enterpriseId,
        payFromConversionInput(body),
        request.idempotencyKey,
      );
      return reply.status(201).send({ payment });
    },
  );

  routes.get(
    '/payments',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Outgoing payments, newest first',
        security,
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(1_000_000).optional(),
          limit: z.coerce.number().int().min(1).max(PAYMENT_LIST_CAP).optional(),
        }),
        response: {
          200: z.object({ payments: z.array(paymentSchema), totalProfit: z.number() }),
        },
      },
    },
    async (request) => payments.list(principalOf(request).enterpriseId, request.query),
  );

  routes.post(
    '/payments/paymentReceipt',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'The receipt of a payment, a base64 PDF',
        security,
        body: z.object({ sPaymentId: idSchema }),
        response: { 200: z.object({ paymentReceipt: z.object({ data: z.string() }) }) },
      },
    },
    async (request) => {
      const pdf = await payments.receipt(
        principalOf(request).enterpriseId,
        request.body.sPaymentId,
        languageOf(request),
      );
      return { paymentReceipt: { data: pdf.toString('base64') } };
    },
  );
}
