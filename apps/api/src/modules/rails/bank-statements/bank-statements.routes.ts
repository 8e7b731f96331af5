import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDateSchema } from '@app/domain';
import { AppError } from '../../../errors.js';
import { principalOf } from '../../../plugins/session.js';
import {
  decidedEntrySchema,
  importAnswerSchema,
  mapDecidedEntry,
  mapImportResult,
  mapUnmatched,
  unmatchedListSchema,
} from './bank-statements.dto.js';
import type { BankStatementsService } from './bank-statements.service.js';
import { STATEMENT_DIFFERENCE_KINDS } from './statement-reconciliation.js';

/** The back office's bank statements: import a file, work the unmatched queue. */
export async function bankStatementsRoutes(
  app: FastifyInstance,
  options: { bankStatements: BankStatementsService },
): Promise<void> {
  const { bankStatements } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  // Operators only. Anyone else is told the path does not exist.
  const requireOperator = async (request: Parameters<typeof app.requireSession>[0]) => {
    await app.requireSession(request);
    if (principalOf(request).user.sRole !== 'operator') throw new AppError('NOT_FOUND');
  };
  const entryParams = z.object({ entryId: z.string().min(1).max(64) });

  routes.post(
    '/ops/bank-statements',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary:
          'Import a bank statement (camt.053, camt.054 or BAI2); credits matched entries once',
        security,
        body: z.object({
          sFileName: z.string().trim().min(1).max(200),
          sContent: z.string().min(1),
        }),
        response: { 200: importAnswerSchema },
      },
    },
    async (request) => {
      const result = await bankStatements.importStatement({
        fileName: request.body.sFileName,
        content: request.body.sContent,
        source: 'UPLOAD',
        userId: principalOf(request).user.sUserId,
      });
      const answer = mapImportResult(result);
      request.audit = {
        entity: `bank-statements/${result.fileId}`,
        after: {
          sFileName: answer.sFileName,
          sFormat: answer.sFormat,
          iMatched: answer.iMatched,
          iUnmatched: answer.iUnmatched,
          iAlreadyImported: answer.iAlreadyImported,
          iIgnored: answer.iIgnored,
        },
      };
      return answer;
    },
  );

  routes.get(
    '/ops/bank-statements/unmatched',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: 'Statement credits that matched no company, oldest first',
        security,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: unmatchedListSchema },
      },
    },
    async (request) => {
      const { rows, total } = await bankStatements.listUnmatched(
        request.query.page,
        request.query.limit,
      );
      return mapUnmatched(rows, total);
    },
  );

  routes.post(
    '/ops/bank-statements/unmatched/:entryId/assign',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: "Credit an unmatched statement entry to a company's USD balance",
        security,
        params: entryParams,
        body: z.object({ sEnterpriseId: z.string().min(1).max(64) }),
        response: { 200: decidedEntrySchema },
      },
    },
    async (request) => {
      const entry = await bankStatements.assignEntry({
        entryId: request.params.entryId,
        enterpriseId: request.body.sEnterpriseId,
        userId: principalOf(request).user.sUserId,
      });
      request.audit = {
        entity: `bank-statement-entries/${entry.id}`,
        before: { sStatus: 'UNMATCHED' },
        after: { sStatus: entry.status, sEnterpriseId: entry.enterprise_id },
      };
      return mapDecidedEntry(entry);
    },
  );

  routes.post(
    '/ops/bank-statements/unmatched/:entryId/reject',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: 'Close an unmatched statement entry without crediting anyone, with the reason',
        security,
        params: entryParams,
        body: z.object({ sReason: z.string().trim().min(3).max(500) }),
        response: { 200: decidedEntrySchema },
      },
    },
    async (request) => {
      const entry = await bankStatements.rejectEntry({
        entryId: request.params.entryId,
        reason: request.body.sReason,
        userId: principalOf(request).user.sUserId,
      });
      request.audit = {
        entity: `bank-statement-entries/${entry.id}`,
        before: { sStatus: 'UNMATCHED' },
        after: { sStatus: entry.status, sReason: entry.reject_reason },
      };
      return mapDecidedEntry(entry);
    },
  );

  routes.get(
    '/ops/reconciliation/bank-statements',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: "The day's differences between the imported bank statements and the ledger",
        security,
        querystring: z.object({ date: calendarDateSchema }),
        response: {
          200: z.object({
            dDate: z.string(),
            iDifferences: z.number().int(),
            differences: z.array(
              z.object({
                sKind: z.enum(STATEMENT_DIFFERENCE_KINDS),
                sBankReference: z.string(),
                dBankAmount: z.number().nullable(),
                dLedgerAmount: z.number().nullable(),
                sEnterpriseId: z.string().nullable(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const differences = await bankStatements.differencesOn(request.query.date);
      return { dDate: request.query.date, iDifferences: differences.length, differences };
    },
  );
}
