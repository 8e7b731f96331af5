import type { FastifyReply, FastifyRequest } from 'fastify';
import { languageOf } from '../../plugins/error-handler.js';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { principalOf } from '../../plugins/session.js';
import type { ApiApproval } from './approval.view.js';
import type { Decider, HeldCall } from './approvals.service.js';

/**
 * What maker-checker reads from an HTTP call, so that the approvals service knows nothing of
 * HTTP: the caller, the Idempotency-Key and the body as sent.
 */
export function heldCallOf(request: FastifyRequest): HeldCall {
  return {
    principal: principalOf(request),
    idempotencyKey: idempotencyKeyOf(request),
    body: request.sentBody,
    language: languageOf(request),
  };
}

export function deciderOf(request: FastifyRequest): Decider {
  return { principal: principalOf(request), language: languageOf(request) };
}

/**
 * The 202 of a held call. Its audit entry names the approval, as its decision's entry does:
 * the log shows who asked and who decided, side by side.
 */
export function replyHeld(
  request: FastifyRequest,
  reply: FastifyReply,
  approval: ApiApproval,
): FastifyReply {
  request.audit = {
    entity: `approvals/${approval.sApprovalId}`,
    after: { sKind: approval.sKind, sStatus: approval.sStatus, sSummary: approval.sSummary },
  };
  return reply.status(202).send({ approval });
}
