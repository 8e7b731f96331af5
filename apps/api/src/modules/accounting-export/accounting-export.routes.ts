import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDateSchema } from '@app/domain';
import { principalOf } from '../../plugins/session.js';
import {
  EXPORT_ACCOUNT_KEYS,
  EXPORT_FORMATS,
  EXPORT_VALUATIONS,
  type AccountingExportService,
} from './accounting-export.service.js';

const accountsAnswer = z.object({
  accounts: z.array(
    z.object({
      sKey: z.enum(EXPORT_ACCOUNT_KEYS),
      sDefaultName: z.string(),
      sAccount: z.string().nullable().describe("The company's account for it; null: the default"),
    }),
  ),
});

/** The company's ledger movements as an accounting system's journal import file. */
export async function accountingExportRoutes(
  app: FastifyInstance,
  options: { accountingExport: AccountingExportService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/accounting-export/accounts',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['statement'],
        summary: "The export's accounts and the company's chart-of-accounts names for them",
        security,
        response: { 200: accountsAnswer },
      },
    },
    async (request) => ({
      accounts: await options.accountingExport.accounts(principalOf(request).enterpriseId),
    }),
  );

  routes.put(
    '/accounting-export/accounts',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['statement'],
        summary: "Save the company's account names for the export (ADMIN)",
        security,
        body: z.object({
          mapping: z.partialRecord(
            z.enum(EXPORT_ACCOUNT_KEYS),
            z.string().trim().max(100).nullable(),
          ),
        }),
        response: { 200: accountsAnswer },
      },
    },
    async (request) => ({
      accounts: await options.accountingExport.saveAccounts(
        principalOf(request).enterpriseId,
        request.body.mapping,
      ),
    }),
  );
  routes.get(
    '/accounting-export',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['statement'],
        summary:
          'The period’s ledger movements as a journal CSV: plain double entry, QuickBooks Online or Xero',
        description:
          'With `valuation=currency` (the default), one entry per journal and currency; debits equal credits ' +
          'in each, and the lines on the USD and MXN balances add up to the statement’s movements of the ' +
          'period. With `valuation=usd`, one entry per journal in dollars: pesos at the journal’s rate, a ' +
          'supplier payable at its invoices’ protected rates, the difference on the FX gain/loss account. ' +
          'Payable lines name their supplier.',
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          format: z.enum(EXPORT_FORMATS),
          valuation: z.enum(EXPORT_VALUATIONS).default('currency'),
          from: calendarDateSchema.optional().describe('First day (YYYY-MM-DD, Mexico City)'),
          to: calendarDateSchema.optional().describe('Last day, included; today by default'),
        }),
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await options.accountingExport.export(
        principalOf(request).enterpriseId,
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
