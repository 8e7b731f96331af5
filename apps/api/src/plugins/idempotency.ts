import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from '../errors.js';
import { headerNames } from './openapi-contract.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The call's Idempotency-Key, undefined when it sent none (a doubled one is refused). */
    readonly idempotencyKey: string | undefined;
  }
}

/** The Idempotency-Key header; sent twice it is ambiguous and refused. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (Array.isArray(key)) throw new AppError('INVALID_INPUT', { field: 'Idempotency-Key' });
  return key;
}

const checkIdempotencyKey: preHandlerHookHandler = async (request) => {
  idempotencyKeyOf(request);
};

/**
 * Every money route declares the Idempotency-Key header in its schema (which is also how the
 * contract lists IDEMPOTENCY_KEY_REUSED for it); for each, the key is checked once, after
 * the body's validation and before the handler, which reads it as `request.idempotencyKey`.
 * Registered before the routes, so that it sees each of them being added.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyKey', {
    getter(this: FastifyRequest) {
      return idempotencyKeyOf(this);
    },
  });
  app.addHook('onRoute', (route) => {
    if (!headerNames(route.schema?.headers).includes('idempotency-key')) return;
    const existing = route.preHandler;
    route.preHandler = [
      checkIdempotencyKey,
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ];
  });
}
