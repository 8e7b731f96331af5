import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moneySchema } from '@app/domain';
import { AppError } from '../../errors.js';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import type { FinanceServices } from '../finance.js';
import { PAYMENT_LIST_CAP } from './payments.service.js';

const idSchema = z.string().trim().min(1).max(100);
const conceptSchema = z.string().trim().min(1).max(200);

/** ApiInvoice of the invoices module (API.md Invoice). */
const invoiceSchema = z.object({
  sInvoiceId: z.string(),
  sInvoice: z.string(),
  sPaymentRecipientId: z.string(),
  sName: z.string(),
  sAccountNumber: z.string(),
  dPurchaseDate: z.string(),
  iCreditPeriod: z.number(),
  dDueDate: z.string(),
  dTotalAmount: z.number(),
  dAssignedAmount: z.number(),
  dPaidAmount: z.number(),
  dTotalUsd: z.number(),
  dRateProtection: z.number(),
  dProfitPercentage: z.number(),
  dCurrencyGain: z.number(),
  sStatusId: z.string(),
  created_at: z.string(),
});

const paymentSchema = z.object({
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
  invoice_payments_relationship: z.array(z.object({ dAmount: z.number(), invoice: invoiceSchema })),
  sStatus: z.enum(['PROCESSING', 'COMPLETED', 'RETURNED']),
  sTrackingKey: z.string().describe('SPEI clave de rastreo'),
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

  routes.post(
    '/payments/invoice',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Pay a whole To pay invoice now from USD at a spot quote',
        security,
        headers,
        body: z.object({ sInvoiceId: idSchema, sExchangeRateReference: idSchema }),
        response: { 201: paymentAnswerSchema },
      },
    },
    async (request, reply) => {
      const payment = await payments.payInvoice(
        principalOf(request).enterpriseId,
        { invoiceId: request.body.sInvoiceId, quoteId: request.body.sExchangeRateReference },
        idempotencyKeyOf(request),
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
        summary: 'Send USD now to a supplier, received in MXN at a spot quote',
        security,
        headers,
        body: z.object({
          dAmount: moneySchema.describe('USD'),
          comment: conceptSchema,
          sPaymentRecipientId: idSchema,
          sExchangeRateReference: idSchema,
        }),
        response: { 201: paymentAnswerSchema },
      },
    },
    async (request, reply) => {
      const payment = await payments.sendPayNow(
        principalOf(request).enterpriseId,
        {
          amountUsd: request.body.dAmount,
          comment: request.body.comment,
          recipientId: request.body.sPaymentRecipientId,
          quoteId: request.body.sExchangeRateReference,
        },
        idempotencyKeyOf(request),
      );
      return reply.status(201).send({ payment });
    },
  );

  routes.post(
    '/payments/',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: "Pay a supplier from a settled conversion's MXN",
        security,
        headers,
        body: z.object({
          sTransactionId: idSchema,
          sPaymentRecipientId: idSchema,
          isMxn: z.literal(true).default(true).describe('Payments are always in MXN'),
          dAmount: moneySchema.describe('MXN'),
          comment: conceptSchema,
        }),
        response: { 201: paymentAnswerSchema },
      },
    },
    async (request, reply) => {
      const payment = await payments.payFromConversion(
        principalOf(request).enterpriseId,
        {
          conversionId: request.body.sTransactionId,
          recipientId: request.body.sPaymentRecipientId,
          amountMxn: request.body.dAmount,
          comment: request.body.comment,
        },
        idempotencyKeyOf(request),
      );
      return reply.status(201).send({ payment });
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
