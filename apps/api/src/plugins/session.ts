import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TeamRole } from '@app/domain';
import { AppError } from '../errors.js';
import { scopeForRoute } from '../modules/api-keys/api-key-scopes.js';
import { isApiKeyToken, type ApiKeysService } from '../modules/api-keys/api-keys.service.js';
import type { AuthService, Principal } from '../modules/auth/auth.service.js';
import { rolesForRoute, routeKeyPath } from '../modules/team/route-roles.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
    /** Set by requireSession: the answer is private and must not be stored by any cache. */
    needsSession: boolean;
    /**
     * The request body as the client sent it (JSON, before the route schema parsed it): an
     * approval keeps it to run the request again later.
     */
    sentBody: unknown;
  }
  interface FastifyInstance {
    /** onRequest hook for routes that need a session: 403 SESSION_EXPIRED otherwise. */
    requireSession: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook for public routes that answer their owner more: sets the principal when
     * a valid session comes with the request, and marks the answer private. Never refuses.
     */
    readSession: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook: a valid session (else 403 SESSION_EXPIRED) of a user whose team role is
     * one of `roles` (else 409 ROLE_REQUIRED). Every API route already gets the role check of
     * its line in ROUTE_ROLES; use this where a route needs a narrower set.
     */
    requireRole: (...roles: TeamRole[]) => (request: FastifyRequest) => Promise<void>;
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

/**
 * Refuses (409 ROLE_REQUIRED) an API key calling a route its scopes leave out, or any route no
 * key may call (`path` undefined: outside the API).
 */
export function assertKeyScope(principal: Principal, method: string, path: string | undefined) {
  if (!principal.apiKey) return;
  const scope = path === undefined ? undefined : scopeForRoute(method, path);
  if (!scope || !principal.apiKey.scopes.includes(scope)) throw new AppError('ROLE_REQUIRED');
}

/** Refuses (409 ROLE_REQUIRED, never 403) a caller whose team role is not one of `roles`. */
export function assertRole(principal: Principal, roles: readonly TeamRole[]): void {
  if (!roles.includes(principal.user.sTeamRole)) throw new AppError('ROLE_REQUIRED');
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { auth: AuthService; apiKeys: ApiKeysService }) => {
    app.decorateRequest('principal', undefined);
    app.decorateRequest('needsSession', false);
    app.decorateRequest('sentBody', undefined);
    // A person's session token, or an integrator's API key (`ppk_…`) in the same header.
    const authenticate = (token: string | undefined) =>
      token !== undefined && isApiKeyToken(token)
        ? options.apiKeys.authenticate(token)
        : options.auth.authenticate(token);
    const requireSession = async (request: FastifyRequest) => {
      request.needsSession = true;
      request.principal = await authenticate(bearerToken(request));
    };
    app.decorate('requireSession', requireSession);
    app.decorate('readSession', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) return;
      request.needsSession = true;
      request.principal = await authenticate(token).catch(() => undefined);
    });
    app.decorate('requireRole', (...roles: TeamRole[]) => async (request: FastifyRequest) => {
      await requireSession(request);
      assertRole(principalOf(request), roles);
    });
    // Every API route checks the caller's role from the route table (route-roles.ts), after
    // its own onRequest hooks (session, company kind) and before its body is validated, so a
    // refused role learns nothing from validation errors.
    app.addHook('onRoute', (route) => {
      const path = routeKeyPath(route.url ?? route.path);
      if (path === undefined) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const method = String(methods[0]);
      const roles = rolesForRoute(method, path);
      const guard = async (request: FastifyRequest) => {
        request.sentBody = request.body;
        if (request.principal) {
          assertRole(request.principal, roles);
          assertKeyScope(request.principal, method, path);
        }
      };
      const existing = route.preValidation;
      route.preValidation = existing
        ? [guard, ...(Array.isArray(existing) ? existing : [existing])]
        : guard;
    });
    // Answers that need a session are one user's: no browser, proxy or CDN keeps a copy.
    app.addHook('onSend', async (request, reply) => {
      if (request.needsSession && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'session' },
);
