import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clabeSchema, emailSchema, rfcSchema } from '@app/domain';
import { principalOf } from '../../plugins/session.js';
import type { FinanceServices } from '../finance.js';
import { RECIPIENT_LIST_CAP, type RecipientInput } from './suppliers.service.js';

const recipientSchema = z.object({
  sPaymentRecipientId: z.string(),
  sName: z.string(),
  sEmail: z.string(),
  sBankName: z.string(),
  sAccountNumber: z.string(),
  sTaxId: z.string(),
  sEntityBusiness: z.string(),
});

/** The supplier form; unknown keys are dropped. */
const recipientFields = {
  sName: z.string().trim().min(1).max(200),
  sEmail: emailSchema,
  sBankName: z.string().trim().min(1).max(100),
  sAccountNumber: z.string().max(40).pipe(clabeSchema),
  sEntityBusiness: z.string().trim().min(1).max(40).toUpperCase().default('COMPANY'),
  sTaxId: z.string().max(40).pipe(rfcSchema),
};

const idSchema = z.string().trim().min(1).max(64);

function toInput(body: {
  sName: string;
  sEmail: string;
  sBankName: string;
  sAccountNumber: string;
  sEntityBusiness: string;
  sTaxId: string;
}): RecipientInput {
  return {
    name: body.sName,
    email: body.sEmail,
    bankName: body.sBankName,
    clabe: body.sAccountNumber,
    entityBusiness: body.sEntityBusiness,
    taxId: body.sTaxId,
  };
}

export async function suppliersRoutes(
  app: FastifyInstance,
  options: { services: FinanceServices },
): Promise<void> {
  const { suppliers } = options.services;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['suppliers'];

  routes.get(
    '/payment-recipient/',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: `Live suppliers by name (up to ${RECIPIENT_LIST_CAP}, or the asked page)`,
        security,
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(1_000_000).optional(),
          limit: z.coerce.number().int().min(1).max(RECIPIENT_LIST_CAP).optional(),
        }),
        response: { 200: z.object({ paymentRecipients: z.array(recipientSchema) }) },
      },
    },
    async (request) => ({
      paymentRecipients: await suppliers.list(principalOf(request).enterpriseId, request.query),
    }),
  );

  routes.post(
    '/payment-recipient/',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Add a supplier (CLABE and RFC checked, RFC stored normalized)',
        security,
        body: z.object(recipientFields),
        response: { 201: z.object({ paymentRecipient: recipientSchema }) },
      },
    },
    async (request, reply) => {
      const paymentRecipient = await suppliers.create(
        principalOf(request).enterpriseId,
        toInput(request.body),
      );
      return reply.status(201).send({ paymentRecipient });
    },
  );

  routes.put(
    '/payment-recipient/',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Edit a supplier',
        security,
        body: z.object({ sPaymentRecipientId: idSchema, ...recipientFields }),
        response: { 200: z.object({ paymentRecipient: recipientSchema }) },
      },
    },
    async (request) => ({
      paymentRecipient: await suppliers.update(
        principalOf(request).enterpriseId,
        request.body.sPaymentRecipientId,
        toInput(request.body),
      ),
    }),
  );

  routes.put(
    '/payment-recipient/delete',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Soft-delete a supplier: history stays, no new invoices',
        security,
        body: z.object({ sPaymentRecipientId: idSchema }),
      },
    },
    async (request, reply) => {
      await suppliers.remove(principalOf(request).enterpriseId, request.body.sPaymentRecipientId);
      return reply.status(204).send();
    },
  );
}
