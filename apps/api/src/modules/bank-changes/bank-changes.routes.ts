import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { principalOf } from '../../plugins/session.js';
import { PENDING_BANK_CHANGES_MAX, type BankChangesService } from './bank-changes.service.js';

const changeSchema = z.object({
  sChangeId: z.string(),
  sEnterpriseId: z.string(),
  sEnterpriseName: z.string(),
  sKind: z
    .enum(['PAYOUT_ACCOUNT', 'SUPPLIER'])
    .describe("PAYOUT_ACCOUNT: a grower's own payout account; SUPPLIER: a buyer's supplier"),
  sPaymentRecipientId: z.string().nullable(),
  sRecipientName: z.string().nullable(),
  sChangedBy: z.string().nullable().describe('The e-mail of the user who changed it'),
  sOldAccount: z.string().nullable().describe('The CLABE before, its last four digits'),
  sNewAccount: z.string().describe('The new CLABE, its last four digits'),
  changed_at: z.string(),
  dEffectiveAt: z.string().describe('When the cooling-off ends and payments go to it'),
});

export async function bankChangesRoutes(
  app: FastifyInstance,
  options: { bankChanges: BankChangesService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const operatorOnly = async (request: FastifyRequest) => {
    await app.requireSession(request);
    if (principalOf(request).user.sRole !== 'operator') throw new AppError('NOT_FOUND');
  };
  routes.get(
    '/ops/bank-changes',
    {
      onRequest: operatorOnly,
      schema: {
        tags: ['marketplace'],
        summary: `Bank account changes still in their cooling-off, soonest first (up to ${PENDING_BANK_CHANGES_MAX}; operator)`,
        security: [{ bearerAuth: [] }],
        response: { 200: z.object({ changes: z.array(changeSchema) }) },
      },
    },
    async () => options.bankChanges.pending(),
  );
}
