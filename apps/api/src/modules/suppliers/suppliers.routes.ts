import type { SuppliersService } from './suppliers.service.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/session.js';
import type { ApprovalsService } from '../team/approvals.service.js';
import { assertStepUp, stepUpCodeOf, stepUpHeaderSchema } from '../two-factor/step-up.js';
import { approvalHeldSchema } from '../team/approval.view.js';
import { heldCallOf, replyHeld } from '../team/held-call.js';
import { createRecipientBody, recipientInput, updateRecipientBody } from './supplier-bodies.js';
import { RECIPIENT_LIST_CAP } from './suppliers.service.js';

const recipientSchema = z.object({
  sPaymentRecipientId: z.string(),
  sName: z.string(),
  sEmail: z.string(),
  sBankName: z.string(),
  sAccountNumber: z.string(),
  sTaxId: z.string(),
  sEntityBusiness: z.string(),
  dPaymentsHeldUntil: z
    .string()
    .nullable()
    .describe('Payments to it are held until then (cooling-off after a CLABE change)'),
});

const idSchema = z.string().trim().min(1).max(64);

const pendingSupplierSchema = z
  .object({
    sApprovalId: z.string(),
    sChange: z.enum(['NEW', 'BANK_ACCOUNT']).describe('A new supplier, or a new bank account'),
    sPaymentRecipientId: z.string().nullable().describe('BANK_ACCOUNT: the supplier it changes'),
    sName: z.string(),
    sBankName: z.string(),
    sAccountNumber: z.string().describe('The new CLABE, masked'),
    requested_at: z.string(),
  })
  .describe('A supplier change waiting for an approval (no money moves)');

export async function suppliersRoutes(
  app: FastifyInstance,
  options: { suppliers: SuppliersService; approvals: ApprovalsService },
): Promise<void> {
  const { suppliers, approvals } = options;
  const createBody = createRecipientBody;
  const updateBody = updateRecipientBody;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['suppliers'];

  routes.get(
    '/payment-recipient',
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
        response: {
          200: z.object({
            paymentRecipients: z.array(recipientSchema),
            aPendingApproval: z
              .array(pendingSupplierSchema)
              .describe('Suppliers and bank accounts waiting for an approval, oldest first'),
          }),
        },
      },
    },
    async (request) => {
      const { enterpriseId } = principalOf(request);
      const [paymentRecipients, aPendingApproval] = await Promise.all([
        suppliers.list(enterpriseId, request.query),
        approvals.pendingSuppliers(enterpriseId),
      ]);
      return { paymentRecipients, aPendingApproval };
    },
  );

  routes.post(
    '/payment-recipient',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary:
          'Add a supplier (CLABE and RFC checked, RFC stored normalized); a user with a second factor sends a fresh code (x-totp-code), as for a bank change; 202: held for an approval',
        security,
        headers: z.object(stepUpHeaderSchema),
        body: createBody,
        response: { 201: z.object({ paymentRecipient: recipientSchema }), 202: approvalHeldSchema },
      },
    },
    async (request, reply) => {
      // New bank data to pay: the same fresh second-factor code as a CLABE change.
      await assertStepUp(app.twoFactor, principalOf(request).user.sUserId, stepUpCodeOf(request));
      const approval = await approvals.holdIfRequired(heldCallOf(request), 'SUPPLIER_CREATE');
      if (approval) return replyHeld(request, reply, approval);
      const paymentRecipient = await suppliers.create(
        principalOf(request).enterpriseId,
        recipientInput(request.body),
      );
      request.audit = {
        entity: `payment-recipient/${paymentRecipient.sPaymentRecipientId}`,
        after: paymentRecipient,
      };
      return reply.status(201).send({ paymentRecipient });
    },
  );

  routes.put(
    '/payment-recipient',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary:
          'Edit a supplier; changing its bank data asks a user with a second factor for a fresh code (x-totp-code); a new CLABE starts the cooling-off and e-mails every ADMIN (202: held for an approval)',
        security,
        headers: z.object(stepUpHeaderSchema),
        body: updateBody,
        response: { 200: z.object({ paymentRecipient: recipientSchema }), 202: approvalHeldSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { enterpriseId } = principal;
      const { body } = request;
      const before = await suppliers.find(enterpriseId, body.sPaymentRecipientId);
      const bankDataChanges =
        before !== undefined &&
        (before.sAccountNumber !== body.sAccountNumber || before.sBankName !== body.sBankName);
      if (bankDataChanges) {
        await assertStepUp(app.twoFactor, principal.user.sUserId, stepUpCodeOf(request));
      }
      if (
        await suppliers.isBankChange(enterpriseId, body.sPaymentRecipientId, body.sAccountNumber)
      ) {
        const approval = await approvals.holdIfRequired(heldCallOf(request), 'SUPPLIER_UPDATE');
        if (approval) return replyHeld(request, reply, approval);
      }
      const paymentRecipient = await suppliers.update(
        enterpriseId,
        body.sPaymentRecipientId,
        recipientInput(body),
      );
      request.audit = {
        entity: `payment-recipient/${body.sPaymentRecipientId}`,
        before,
        after: paymentRecipient,
      };
      return reply.status(200).send({ paymentRecipient });
    },
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
      const { enterpriseId } = principalOf(request);
      const recipientId = request.body.sPaymentRecipientId;
      const before = await suppliers.find(enterpriseId, recipientId);
      await suppliers.remove(enterpriseId, recipientId);
      request.audit = { entity: `payment-recipient/${recipientId}`, before };
      return reply.status(204).send();
    },
  );
}
