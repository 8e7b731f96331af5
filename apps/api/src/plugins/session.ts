import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import type { AuthService, Principal } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
  interface FastifyInstance {
    /** onRequest hook for routes that need a session: 403 SESSION_EXPIRED otherwise. */
    requireSession: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in caller of a route guarded by requireSession. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('SESSION_EXPIRED');
  return request.principal;
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { auth: AuthService }) => {
    app.decorateRequest('principal', undefined);
    app.decorate('requireSession', async (request: FastifyRequest) => {
      request.principal = await options.auth.authenticate(bearerToken(request));
    });
  },
  { name: 'session' },
);
