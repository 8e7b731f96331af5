import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_KEY_SCOPES } from '@app/domain';
import { AppError } from '../../errors.js';
import { principalOf } from '../../plugins/session.js';
import type { Principal } from '../auth/auth.service.js';
import { sessionHook } from '../marketplace-access.js';
import type { ApiKeysService } from './api-keys.service.js';

const tags = ['api keys'];
const security = [{ bearerAuth: [] }];

const apiKeySchema = z.object({
  sApiKeyId: z.string(),
  sName: z.string(),
  aScopes: z.array(z.enum(API_KEY_SCOPES)),
  sPrefix: z.string().describe("The secret's first characters, to tell keys apart"),
  dExpiresAt: z.string(),
  dCreatedAt: z.string(),
  dLastUsedAt: z.string().nullable(),
  dRevokedAt: z.string().nullable(),
  sCreatedBy: z.string().describe('The admin who created it; held calls name them as maker'),
});

/** A person of a customer company (the back office and growers have no keys: 404). */
function keyManager(request: FastifyRequest): Principal {
  const principal = principalOf(request);
  if (principal.enterpriseType !== 'customer') throw new AppError('NOT_FOUND');
  return principal;
}

/** The company's API keys for integrators (its ADMINs, by the route table). */
export async function apiKeysRoutes(
  app: FastifyInstance,
  options: { apiKeys: ApiKeysService },
): Promise<void> {
  const { apiKeys } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manager = sessionHook(app, keyManager);

  routes.get(
    '/api-keys',
    {
      onRequest: manager,
      schema: {
        tags,
        summary: "The company's API keys, revoked and expired ones included (never the secrets)",
        security,
        response: { 200: z.object({ apiKeys: z.array(apiKeySchema) }) },
      },
    },
    async (request) => ({ apiKeys: await apiKeys.list(principalOf(request).enterpriseId) }),
  );

  routes.post(
    '/api-keys',
    {
      onRequest: manager,
      schema: {
        tags,
        summary:
          'Create an API key with a name, scopes and an expiry (at most a year); answers its secret, once',
        security,
        body: z.object({
          sName: z.string().trim().min(1).max(80),
          aScopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
          dExpiresAt: z.string().datetime({ offset: true }),
        }),
        response: {
          201: z.object({
            apiKey: apiKeySchema.extend({
              sSecret: z
                .string()
                .describe('The secret (ppk_…), sent as `Authorization: Bearer`; shown only here'),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      const apiKey = await apiKeys.create(principalOf(request), {
        name: request.body.sName,
        scopes: request.body.aScopes,
        expiresAt: new Date(request.body.dExpiresAt),
      });
      return reply.status(201).send({ apiKey });
    },
  );

  routes.delete(
    '/api-keys/:apiKeyId',
    {
      onRequest: manager,
      schema: {
        tags,
        summary: 'Revoke an API key: its next call, on any server, is refused',
        security,
        params: z.object({ apiKeyId: z.string().trim().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      await apiKeys.revoke(principalOf(request).enterpriseId, request.params.apiKeyId);
      return reply.status(204).send();
    },
  );
}
