import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationIdOf, openApiPath } from '../../plugins/openapi-contract.js';
import { READS_BY_POST } from './reads-by-post.js';
import { routeKeyPath } from '../team/route-roles.js';
import { AuditService, type AuditEntryWithWrite, type AuditEvent } from './audit.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What a route adds to its audit entry: the entity, and its state before and after;
     * `written` once the route wrote the entry with its own write (`auditEntryWithWrite`).
     */
    audit: { entity?: string; before?: unknown; after?: unknown; written?: true } | undefined;
  }
  interface FastifyInstance {
    /** The audit trail; routes that record more than the generic entry use it. */
    audit: AuditService;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

/** The entry of a request's answer: who and from where, the operation, the outcome. */
function auditEventOf(
  request: FastifyRequest,
  routeUrl: string,
  status: number,
  payload?: unknown,
): AuditEvent {
  const detail = request.audit;
  return {
    ...AuditService.eventOf(request.principal, request),
    action: operationIdOf(request.method, openApiPath(routeUrl)),
    entity: detail?.entity ?? localPath(request),
    // A refused write changed nothing: only a success carries what it changed.
    ...(status < 400 && detail?.before !== undefined ? { before: detail.before } : {}),
    ...(status < 400 && detail?.after !== undefined ? { after: detail.after } : {}),
    outcome: status < 400 ? 'OK' : (errorCodeOf(payload) ?? String(status)),
    status,
  };
}

/**
 * The entry of a write that will answer `status`, for a route to write with the write itself
 * (one statement, one commit): the entry exists exactly when the write does. If the route
 * answers otherwise (a replay, a refusal), it never calls `markWritten` and the trail writes
 * the entry of that answer as for any call.
 */
export function auditEntryWithWrite(request: FastifyRequest, status: number): AuditEntryWithWrite {
  const routeUrl = request.routeOptions.url;
  if (!routeUrl || !request.principal)
    throw new Error('An audited write needs its route and caller');
  return {
    event: auditEventOf(request, routeUrl, status),
    markWritten: () => {
      request.audit = { ...request.audit, written: true };
    },
  };
}

/**
 * Records every write of a signed-in caller: each non-GET call on a route of this scope,
 * whatever its module, but the lookups of READS_BY_POST, with the route's operationId as the
 * action and the answer's status and error code as the outcome. The entry is written before
 * the answer leaves, so a caller who has the answer has its entry; a route that wrote it with
 * its own write (`auditEntryWithWrite`) is not written twice. Sign-ins (public) are recorded
 * by the auth service.
 */
export function registerAuditTrail(api: FastifyInstance, audit: AuditService): void {
  api.decorateRequest('audit', undefined);
  api.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || !request.principal || request.audit?.written) return payload;
    const routeUrl = request.routeOptions.url;
    if (!routeUrl) return payload;
    if (READS_BY_POST.has(`${request.method} ${routeKeyPath(routeUrl)}`)) return payload;
    try {
      await audit.record(auditEventOf(request, routeUrl, reply.statusCode, payload));
    } catch (error) {
      request.log.error({ err: error }, 'Audit entry could not be written');
    }
    return payload;
  });
}
