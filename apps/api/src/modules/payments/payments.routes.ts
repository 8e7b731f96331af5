import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { convertMxnToUsd, moneySchema, usdForExactMxn } from '@app/domain';
import { AppError } from '../../errors.js';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import { auditEntryWithWrite } from '../audit/audit-trail.js';
import type { AuditEntryWithWrite } from '../audit/audit.service.js';
import { amountTargetFields, exactlyOneAmount } from '../conversions/amount-target-fields.js';
import type { FinanceServices } from '../finance.js';
import type { PayNowContext } from './payments.repository.js';
import { PAYMENT_LIST_CAP } from './payments.service.js';
import { approvalHeldSchema } from '../team/team.routes.js';
import { invoiceFieldsSchema } from '../invoices/invoice.schema.js';

const idSchema = z.string().trim().min(1).max(100);
const conceptSchema = z.string().trim().min(1).max(200);

export const paymentSchema = z.object({
  sPaymentId: z.string(),
  iTrackingId: z.number(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  dAmount: z.number().describe('MXN sent'),
  dAmountUsd: z.number(),
  dExchangeRate: z.number(),
  sTransactionType: z.string().describe('Transaction type id: Pay Now, Forex or Forward'),
  payment_recipient: z.object({
    sPaymentRecipientId: z.string(),
    sName: z.string(),
    sEmail: z.string(),
    sBankName: z.string(),
    sAccountNumber: z.string().describe('Masked CLABE'),
  }),
  transaction: z.array(
    z.object({
      dAmount: z.number(),
      transaction: z.object({
        sTransactionId: z.string(),
        iTrackingId: z.number(),
        sTransactionType: z.string(),
      }),
    }),
  ),
  invoice_payments_relationship: z.array(
    z.object({ dAmount: z.number(), invoice: invoiceFieldsSchema }),
  ),
  sStatus: z.enum(['PROCESSING', 'COMPLETED', 'RETURNED']),
  sTrackingKey: z.string().describe('SPEI clave de rastreo'),
  sReturnReason: z.string().nullable().describe('Why the receiving bank returned the payout'),
  sConcept: z.string(),
  dProfitPercentage: z.number(),
  dCurrencyGain: z.number().describe('USD'),
});

const paymentAnswerSchema = z.object({ payment: paymentSchema });

/** The Idempotency-Key header; sent twice it is ambiguous and refused. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (Array.isArray(key)) throw new AppError('INVALID_INPUT', { field: 'Idempotency-Key' });
  return key;
}

export async function paymentsRoutes(
  app: FastifyInstance,
  options: { services: FinanceServices },
): Promise<void> {
  const { payments } = options.services;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['payments'];
  // Loose: the parsed headers replace the request's, so every other header must survive.
  const headers = z.looseObject({
    'idempotency-key': z.string().optional().describe('1–255 characters; see API.md'),
  });

  const { approvals, rates, invoices, suppliers, conversions, db } = options.services;
  const payInvoiceBody = z.object({ sInvoiceId: idSchema, sExchangeRateReference: idSchema });
  const payNowBody = z
    .object({
      ...amountTargetFields,
      comment: conceptSchema,
      sPaymentRecipientId: idSchema,
      sExchangeRateReference: idSchema,
    })
    .superRefine(exactlyOneAmount);
  const payFromConversionBody = z.object({
    sTransactionId: idSchema,
    sPaymentRecipientId: idSchema,
    isMxn: z.literal(true).default(true).describe('Payments are always in MXN'),
    dAmount: moneySchema.describe('MXN'),
    comment: conceptSchema,
  });

  const payInvoice = async (
    enterpriseId: string,
    body: z.infer<typeof payInvoiceBody>,
    key: string | undefined,
  ) => ({
    status: 201,
    body: {
      payment: await payments.payInvoice(
        enterpriseId,
        { invoiceId: body.sInvoiceId, quoteId: body.sExchangeRateReference },
        key,
      ),
    },
  });
  const sendPayNow = async (
    enterpriseId: string,
    body: z.infer<typeof payNowBody>,
    key: string | undefined,
    context?: PayNowContext,
    audit?: AuditEntryWithWrite,
  ) => ({
    status: 201,
    body: {
      payment: await payments.sendPayNow(
        enterpriseId,
        {
          amountUsd: body.dAmount,
          amountMxn: body.dDesAmount,
          comment: body.comment,
          recipientId: body.sPaymentRecipientId,
          quoteId: body.sExchangeRateReference,
        },
        key,
        context,
        audit,
      ),
    },
  });
  const payFromConversion = async (
    enterpriseId: string,
    body: z.infer<typeof payFromConversionBody>,
    key: string | undefined,
  ) => ({
    status: 201,
    body: {
      payment: await payments.payFromConversion(
        enterpriseId,
        {
          conversionId: body.sTransactionId,
          recipientId: body.sPaymentRecipientId,
          amountMxn: body.dAmount,
          comment: body.comment,
        },
        key,
      ),
    },
  });
  // Held requests run again on approval, at the approver's fresh quote.
  const spot = { quoteNeed: () => ({ kind: 'SPOT' as const }) };
  approvals.defineKind('PAY_INVOICE', {
    ...spot,
    withQuote: (body, quote) => ({ ...body, sExchangeRateReference: quote.id }),
    execute: (run) =>
      payInvoice(run.enterpriseId, payInvoiceBody.parse(run.body), run.idempotencyKey),
  });
  approvals.defineKind('PAY_NOW', {
    ...spot,
    withQuote: (body, quote) => ({ ...body, sExchangeRateReference: quote.id }),
    execute: (run) => sendPayNow(run.enterpriseId, payNowBody.parse(run.body), run.idempotencyKey),
  });
  approvals.defineKind('PAY_FROM_CONVERSION', {
    quoteNeed: () => ({ kind: 'NONE' }),
    execute: (run) =>
      payFromConversion(
        run.enterpriseId,
        payFromConversionBody.parse(run.body),
        run.idempotencyKey,
      ),
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
      const approval = await approvals.holdIfRequired(request, 'PAY_INVOICE', async () => {
        const invoice = await invoices.requireInvoice(db, enterpriseId, body.sInvoiceId, {
          field: 'sInvoiceId',
        });
        const quote = await rates.requireSpotQuote(db, enterpriseId, body.sExchangeRateReference, {
          field: 'sExchangeRateReference',
        });
        return {
          summary: invoice.invoice_name,
          amountUsdCents: usdForExactMxn(invoice.total_mxn, quote.rateMicro),
        };
      });
      if (approval) return reply.status(202).send({ approval });
      const result = await payInvoice(enterpriseId, body, idempotencyKeyOf(request));
      return reply.status(201).send(result.body);
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
      const key = idempotencyKeyOf(request);
      // The busiest money call reads once: its hold context comes with the payment's.
      const context = await payments.readPayNowContext(enterpriseId, {
        recipientId: body.sPaymentRecipientId,
        idempotencyKey: key,
      });
      const approval = await approvals.holdIfRequired(
        request,
        'PAY_NOW',
        async () => {
          const recipient = await suppliers.requireRecipient(
            db,
            enterpriseId,
            body.sPaymentRecipientId,
          );
          const quote = await rates.requireSpotQuote(
            db,
            enterpriseId,
            body.sExchangeRateReference,
            { field: 'sExchangeRateReference' },
          );
          return {
            summary: recipient.name,
            amountUsdCents: body.dAmount ?? usdForExactMxn(body.dDesAmount ?? 0n, quote.rateMicro),
          };
        },
        { context: context.hold },
      );
      if (approval) return reply.status(202).send({ approval });
      // Its audit entry goes in the payment's statement: one commit, not two.
      const result = await sendPayNow(
        enterpriseId,
        body,
        key,
        context,
        auditEntryWithWrite(request, 201),
      );
      return reply.status(201).send(result.body);
    },
  );

  routes.post(
    '/payments/',
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
      const approval = await approvals.holdIfRequired(request, 'PAY_FROM_CONVERSION', async () => {
        const recipient = await suppliers.requireRecipient(
          db,
          enterpriseId,
          body.sPaymentRecipientId,
        );
        const conversion = await conversions.requireConversion(
          db,
          enterpriseId,
          body.sTransactionId,
        );
        return {
          summary: recipient.name,
          amountUsdCents:
            conversion.rate_micro === null
              ? null
              : convertMxnToUsd(body.dAmount, conversion.rate_micro),
        };
      });
      if (approval) return reply.status(202).send({ approval });
      const result = await payFromConversion(enterpriseId, body, idempotencyKeyOf(request));
      return reply.status(201).send(result.body);
    },
  );

  routes.get(
    '/payments/',
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
