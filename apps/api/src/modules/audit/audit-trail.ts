import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationIdOf, openApiPath } from '../../plugins/openapi-contract.js';
import { routeKeyPath } from '../team/route-roles.js';
import { AuditService } from './audit.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What a route adds to its audit entry: the entity, and its state before and after. */
    audit: { entity?: string; before?: unknown; after?: unknown } | undefined;
  }
  interface FastifyInstance {
    /** The audit trail; routes that record more than the generic entry use it. */
    audit: AuditService;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The spec's lookups that are POSTs but write nothing (keys as in route-roles.ts). They are
 * reads, so they are not in the trail of writes; the invoice list is the screen's busiest
 * call, and an entry for each page cost a committed insert per list.
 */
export const READS_BY_POST: ReadonlySet<string> = new Set([
  'POST /invoices/invoices',
  'POST /invoices/id',
  'POST /invoices/supplier',
  'POST /transactions/id',
  'POST /transactions/detail',
  'POST /payments/paymentReceipt',
]);

/** The error code of an error answer's JSON body, if it has one. */
function errorCodeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const body = JSON.parse(payload) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/** The path under /api/v1/{lang}/, without the query: `payment-recipient/`. */
function localPath(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return path.replace(/^\/api\/v1\/[^/]+\//, '');
}

/**
 * Records every write of a signed-in caller: each non-GET call on a route of this scope,
 * whatever its module, but the lookups of READS_BY_POST, with the route's operationId as the action and the answer's status
 * and error code as the outcome. The entry is written before the answer leaves, so a caller
 * who has the answer has its entry. Sign-ins (public) are recorded by the auth service.
 */
export function registerAuditTrail(api: FastifyInstance, audit: AuditService): void {
  api.decorateRequest('audit', undefined);
  api.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || !request.principal) return payload;
    const routeUrl = request.routeOptions.url;
    if (!routeUrl) return payload;
    if (READS_BY_POST.has(`${request.method} ${routeKeyPath(routeUrl)}`)) return payload;
    const status = reply.statusCode;
    const detail = request.audit;
    try {
      await audit.record({
        ...AuditService.eventOf(request.principal, request),
        action: operationIdOf(request.method, openApiPath(routeUrl)),
        entity: detail?.entity ?? localPath(request),
        // A refused write changed nothing: only a success carries what it changed.
        ...(status < 400 && detail?.before !== undefined ? { before: detail.before } : {}),
        ...(status < 400 && detail?.after !== undefined ? { after: detail.after } : {}),
        outcome: status < 400 ? 'OK' : (errorCodeOf(payload) ?? String(status)),
        status,
      });
    } catch (error) {
      request.log.error({ err: error }, 'Audit entry could not be written');
    }
    return payload;
  });
}
