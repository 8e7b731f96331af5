import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { Principal } from './auth/auth.service.js';
import { assertRole, principalOf } from '../plugins/session.js';

/**
 * Who may call a marketplace route. A caller of the wrong kind is told the path does not
 * exist (404 NOT_FOUND), never 403: 403 means only "no valid session". `manager` asks for
 * the ADMIN team role (else 409 ROLE_REQUIRED); other roles come from route-roles.ts.
 */

/** A user of a vendor enterprise; `manager` also asks for ADMIN. */
export function vendorCaller(
  request: FastifyRequest,
  options: { manager?: boolean } = {},
): Principal {
  const principal = principalOf(request);
  if (principal.enterpriseType !== 'vendor') throw new AppError('NOT_FOUND');
  if (options.manager) assertRole(principal, ['ADMIN']);
  return principal;
}

/** A user of a buying (customer) enterprise; `manager` also asks for ADMIN. */
export function buyerCaller(
  request: FastifyRequest,
  options: { manager?: boolean } = {},
): Principal {
  const principal = principalOf(request);
  if (principal.enterpriseType !== 'customer') throw new AppError('NOT_FOUND');
  if (options.manager) assertRole(principal, ['ADMIN']);
  return principal;
}

/** Any signed-in marketplace user (buyer or vendor); `manager` also asks for ADMIN. */
export function memberCaller(
  request: FastifyRequest,
  options: { manager?: boolean } = {},
): Principal {
  const principal = principalOf(request);
  if (principal.enterpriseType === 'operator') throw new AppError('NOT_FOUND');
  if (options.manager) assertRole(principal, ['ADMIN']);
  return principal;
}

type Gate = (request: FastifyRequest, options?: { manager?: boolean }) => Principal;

/**
 * An onRequest hook: a valid session (else 403), then the gate (else 404), before the
 * body is read, so a caller of the wrong kind learns nothing from validation errors.
 */
export function sessionHook(
  app: FastifyInstance,
  gate: Gate,
  options: { manager?: boolean } = {},
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    await app.requireSession(request);
    gate(request, options);
  };
}
