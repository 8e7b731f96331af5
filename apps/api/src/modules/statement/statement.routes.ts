import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDateSchema } from '@app/domain';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import { pageAnswerFields, pageQueryFields } from '../pagination.js';
import type { StatementService } from './statement.service.js';
import { MAX_STATEMENT_ENTRIES } from './statement.view.js';

const statementPeriodSchema = z.object({
  currency: z.enum(['USD', 'MXN']),
  from: calendarDateSchema.optional().describe('First day (YYYY-MM-DD, Mexico City)'),
  to: calendarDateSchema.optional().describe('Last day, included; today by default'),
});

/** The period, and a page of its movements: without one, the first 5,000. */
const statementQuerySchema = statementPeriodSchema.extend(
  pageQueryFields(MAX_STATEMENT_ENTRIES, MAX_STATEMENT_ENTRIES),
);

const statementSchema = z.object({
  sCurrency: z.enum(['USD', 'MXN']),
  dFrom: z.string(),
  dTo: z.string(),
  openingBalance: z.number(),
  closingBalance: z.number(),
  dTotalDebit: z.number(),
  dTotalCredit: z.number(),
  truncated: z
    .boolean()
    .describe(
      'More than 5,000 movements: one answer cannot hold them all; the rest are there by page',
    ),
  ...pageAnswerFields,
  entries: z.array(
    z.object({
      dDate: z.string(),
      created_at: z.string(),
      sDescription: z.string(),
      sType: z.string().describe('Journal kind'),
      dDebit: z.number().describe('Money out'),
      dCredit: z.number().describe('Money in'),
      dBalance: z.number(),
      sReference: z.string().nullable(),
      sPaidAccount: z
        .string()
        .nullable()
        .describe(
          "A payment's account as it was paid (bank and masked CLABE), whatever the supplier's now",
        ),
      dRate: z
        .number()
        .nullable()
        .describe('The rate the movement was converted at (MXN per USD); null without one'),
      referenceFix: z
        .object({ dDate: z.string(), dRate: z.number() })
        .nullable()
        .describe(
          "Banxico's FIX in force on the movement's day (published that day or the banking day before), beside the applied rate; null when none is recorded",
        ),
    }),
  ),
});

export async function statementRoutes(
  app: FastifyInstance,
  options: { statements: StatementService },
): Promise<void> {
  const { statements } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['statement'];

  routes.get(
    '/statement',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Account statement of the USD or MXN available balance, from the ledger',
        description:
          'The balances and totals cover the whole period; entries are the asked page of its movements ' +
          '(page and limit, at most 5,000 a page; the first 5,000 without), each with the balance after it.',
        security,
        querystring: statementQuerySchema,
        response: { 200: statementSchema },
      },
    },
    async (request) => {
      const { page, limit, ...period } = request.query;
      return statements.statement(principalOf(request).enterpriseId, period, languageOf(request), {
        page,
        limit,
      });
    },
  );

  routes.get(
    '/statement/pdf',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'The same statement as a base64 PDF (its first 5,000 movements)',
        security,
        querystring: statementPeriodSchema,
        response: { 200: z.object({ statement: z.object({ data: z.string() }) }) },
      },
    },
    async (request) => {
      const pdf = await statements.statementPdf(
        principalOf(request).enterpriseId,
        request.query,
        languageOf(request),
      );
      return { statement: { data: pdf.toString('base64') } };
    },
  );
}
