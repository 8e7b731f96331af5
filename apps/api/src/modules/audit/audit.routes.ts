import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/session.js';
import { assertCompanyAdmin } from './company-admin.js';
import { AUDIT_PAGE_SIZE_MAX, type AuditService } from './audit.service.js';
import { pageQueryFields } from '../pagination.js';

const entrySchema = z.object({
  sAuditId: z.string(),
  at: z.string(),
  sUserId: z.string().nullable(),
  sUserName: z.string().nullable(),
  sUserEmail: z.string().nullable(),
  sIp: z.string().nullable(),
  sUserAgent: z.string().nullable(),
  sAction: z.string(),
  sEntity: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  sOutcome: z.string(),
  iStatus: z.number().int(),
});

/** The company's audit trail, for its admins. */
export async function auditRoutes(
  app: FastifyInstance,
  options: { audit: AuditService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/audit-log',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['team'],
        summary:
          "The company's audit trail, newest first (admins only): every write, sign-ins and failed sign-ins",
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          from: z.iso.datetime({ offset: true }).optional(),
          to: z.iso.datetime({ offset: true }).optional(),
          user: z.uuid().optional(),
          ...pageQueryFields(50, AUDIT_PAGE_SIZE_MAX),
        }),
        response: {
          200: z.object({
            entries: z.array(entrySchema),
            total: z.number().int(),
            page: z.number().int(),
            limit: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      assertCompanyAdmin(principal);
      const { from, to, user, page, limit } = request.query;
      return options.audit.list(
        principal.enterpriseId,
        {
          from: from ? new Date(from) : undefined,
          to: to ? new Date(to) : undefined,
          userId: user,
        },
        page,
        limit,
      );
    },
  );
}
