import type { InvoicesService } from './invoices.service.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVOICE_SORT_KEYS,
  INVOICE_STATUS_KEYS,
  TRANSACTION_TYPE_KEYS,
  calendarDateSchema,
  moneySchema,
  rateSchema,
  statusCatalog,
} from '@app/domain';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import { rateOrderSchema } from '../rate-orders/rate-orders.routes.js';
import { invoiceFieldsSchema } from './invoice.schema.js';
import { INVOICE_LIST_CAP, type InvoiceInput } from './invoices.service.js';

export const apiInvoiceSchema = invoiceFieldsSchema.extend({
  rateOrder: rateOrderSchema
    .nullable()
    .describe('The invoice’s newest rate order (any status), or null when it never had one'),
  bSupplierDeleted: z
    .boolean()
    .describe(
      'The supplier was deleted: the invoice stays listed, but cannot be paid or converted',
    ),
  paymentComplements: z
    .object({
      iDue: z.number().int().describe('Payments still due a payment complement'),
      dDueAmount: z.number().describe('MXN of those payments'),
      iMismatched: z
        .number()
        .int()
        .describe('Of them, those a complement for another amount was flagged against'),
    })
    .describe(
      'For an invoice imported from a PPD CFDI: its payments whose payment complement (CFDI Pago) has not been imported; zeros otherwise',
    ),
});

const idSchema = z.string().trim().min(1).max(64);

const invoiceListAnswer = z.object({
  invoices: z.array(apiInvoiceSchema),
  total: z.number().int(),
  totalProfit: z.number(),
  exchangeRateToday: z.number(),
  exchangeRateTodayReference: z.string(),
  quoteExpiresAt: z.string(),
});

/** The invoice form; unknown keys (legacy `contactData`, …) are dropped. */
const invoiceFields = {
  dPurchaseDate: calendarDateSchema,
  sPaymentRecipientId: idSchema,
  sInvoice: z.string().trim().min(1).max(120),
  dTotalAmount: moneySchema,
  dRateProtection: rateSchema,
  iCreditPeriod: z.number().int().min(0).max(3650),
};

function toInput(body: {
  dPurchaseDate: string;
  sPaymentRecipientId: string;
  sInvoice: string;
  dTotalAmount: bigint;
  dRateProtection: bigint;
  iCreditPeriod: number;
}): InvoiceInput {
  return {
    purchaseDate: body.dPurchaseDate,
    recipientId: body.sPaymentRecipientId,
    invoiceName: body.sInvoice,
    totalMxn: body.dTotalAmount,
    rateProtectionMicro: body.dRateProtection,
    creditPeriodDays: body.iCreditPeriod,
  };
}

const statusCatalogSchema = z.object({
  invoiceStatuses: z.array(
    z.object({ sStatusId: z.string(), sName: z.string(), sKey: z.enum(INVOICE_STATUS_KEYS) }),
  ),
  transactionTypes: z.array(
    z.object({
      sTransactionTypeId: z.string(),
      sName: z.string(),
      sKey: z.enum(TRANSACTION_TYPE_KEYS),
    }),
  ),
});

export async function invoicesRoutes(
  app: FastifyInstance,
  options: { invoices: InvoicesService },
): Promise<void> {
  const { invoices } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['invoices'];
  const invoiceAnswer = z.object({ invoice: apiInvoiceSchema });

  routes.get(
    '/catalog/statuses',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Invoice status ids and transaction type ids with their names',
        security,
        response: { 200: statusCatalogSchema },
      },
    },
    async (request) => statusCatalog(languageOf(request)),
  );

  routes.post(
    '/invoices/invoices',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: `Invoices, newest first (up to ${INVOICE_LIST_CAP}, or the asked page and order), valued at today's quote`,
        description:
          'total counts every invoice of the filter and totalProfit sums their currency gain (all pages). ' +
          'sortBy orders by one column (ties newest first); without it the list is newest first.',
        security,
        body: z.object({
          sPaymentRecipientId: idSchema.optional(),
          sStatusId: z.string().trim().min(1).max(64).optional(),
          bPendingAssignment: z
            .boolean()
            .optional()
            .describe(
              "Only invoices with MXN still to assign (To pay and Parcial): what the dashboard's unassignedInvoices counts",
            ),
          bComplementDue: z
            .boolean()
            .optional()
            .describe(
              'Only invoices of a PPD CFDI with a payment whose payment complement has not been imported',
            ),
          page: z.number().int().min(1).max(1_000_000).optional(),
          limit: z.number().int().min(1).max(INVOICE_LIST_CAP).optional(),
          sortBy: z.enum(INVOICE_SORT_KEYS).optional(),
          sortDirection: z.enum(['asc', 'desc']).optional(),
        }),
        response: { 200: invoiceListAnswer },
      },
    },
    async (request, reply) => {
      const json = await invoices.listJson(
        principalOf(request).enterpriseId,
        {
          recipientId: request.body.sPaymentRecipientId,
          statusId: request.body.sStatusId,
          pendingAssignment: request.body.bPendingAssignment,
          complementDue: request.body.bComplementDue,
          page: request.body.page,
          limit: request.body.limit,
          sortBy: request.body.sortBy,
          sortDirection: request.body.sortDirection,
        },
        // What the route's serializer would write; a JSON string with a JSON type is sent as is.
        (answer) => JSON.stringify(invoiceListAnswer.parse(answer)),
      );
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  routes.post(
    '/invoices',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Register a supplier invoice (To pay); due date = purchase date + credit period',
        security,
        body: z.object(invoiceFields),
        response: { 201: invoiceAnswer },
      },
    },
    async (request, reply) => {
      const invoice = await invoices.create(
        principalOf(request).enterpriseId,
        toInput(request.body),
      );
      return reply.status(201).send({ invoice });
    },
  );

  routes.put(
    '/invoices',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Edit a To pay invoice',
        security,
        body: z.object({ sInvoiceId: idSchema, ...invoiceFields }),
        response: { 200: invoiceAnswer },
      },
    },
    async (request) => ({
      invoice: await invoices.update(
        principalOf(request).enterpriseId,
        request.body.sInvoiceId,
        toInput(request.body),
      ),
    }),
  );

  routes.put(
    '/invoices/delete',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Delete a To pay invoice (soft delete)',
        security,
        body: z.object({ sInvoiceId: idSchema }),
      },
    },
    async (request, reply) => {
      await invoices.remove(principalOf(request).enterpriseId, request.body.sInvoiceId);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/invoices/id',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'One invoice',
        security,
        body: z.object({ sInvoiceId: idSchema }),
        response: { 200: invoiceAnswer },
      },
    },
    async (request) => ({
      invoice: await invoices.get(principalOf(request).enterpriseId, request.body.sInvoiceId),
    }),
  );

  routes.post(
    '/invoices/supplier',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: "A supplier's invoices with MXN still to assign",
        description:
          "Each invoice is valued with its assigned parts at their conversions' rates and its unassigned rest at dExchangeRate.",
        security,
        body: z.object({ sPaymentRecipientId: idSchema, dExchangeRate: rateSchema }),
        response: { 200: z.object({ invoices: z.array(apiInvoiceSchema) }) },
      },
    },
    async (request) => ({
      invoices: await invoices.availableForSupplier(
        principalOf(request).enterpriseId,
        request.body.sPaymentRecipientId,
        request.body.dExchangeRate,
      ),
    }),
  );

  routes.put(
    '/invoices/conversion',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Edit an invoice attached to a conversion (from the conversion detail)',
        description:
          "Allowed in any status; the total may not go below the assigned MXN and the supplier may not change once assigned. exchangeRate is validated but not trusted: the answer values the invoice with the conversions' own rates and today's quote.",
        security,
        body: z.object({
          sInvoiceId: idSchema,
          sTransactionId: idSchema,
          exchangeRate: rateSchema.optional(),
          ...invoiceFields,
        }),
        response: { 200: invoiceAnswer },
      },
    },
    async (request) => ({
      invoice: await invoices.updateAttached(
        principalOf(request).enterpriseId,
        request.body.sTransactionId,
        request.body.sInvoiceId,
        toInput(request.body),
      ),
    }),
  );
}
