import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_TYPES } from '@app/domain';
import { AppError } from '../../errors.js';
import { principalOf } from '../../plugins/session.js';
import type { Principal } from '../auth/auth.service.js';
import { sessionHook } from '../marketplace-access.js';
import { mayManageWebhooks, type WebhooksService } from './webhooks.service.js';

const tags = ['webhooks'];
const security = [{ bearerAuth: [] }];
const idSchema = z.string().trim().min(1).max(64);
const eventsSchema = z.array(z.enum(EVENT_TYPES)).min(1).max(EVENT_TYPES.length);

const endpointSchema = z.object({
  sEndpointId: z.string(),
  sUrl: z.string(),
  aEvents: z.array(z.enum(EVENT_TYPES)),
  dCreatedAt: z.string(),
  dUpdatedAt: z.string(),
  dPreviousSecretUntil: z
    .string()
    .nullable()
    .describe(
      'Until when the secret before the last rotation also signs (a second entry in webhook-signature); null when it no longer does',
    ),
});
const endpointWithSecretSchema = endpointSchema.extend({
  sSecret: z.string().describe('The signing secret (whsec_…); shown only in this answer'),
});
const deliverySchema = z.object({
  sDeliveryId: z.string(),
  sEventId: z.string().describe('The webhook-id header: the same on retries and replays'),
  sEventType: z.string(),
  sStatus: z.enum(['PENDING', 'DELIVERED', 'DEAD']),
  iAttempts: z.number().int(),
  dNextAttemptAt: z.string().nullable(),
  sReplayOf: z.string().nullable(),
  dCreatedAt: z.string(),
  dFinishedAt: z.string().nullable(),
  attempts: z.array(
    z.object({
      iAttempt: z.number().int(),
      dAttemptedAt: z.string(),
      iStatusCode: z.number().int().nullable(),
      iDurationMs: z.number().int(),
      sError: z.string().nullable(),
      bOk: z.boolean(),
    }),
  ),
});

/**
 * A user of a company who may manage its webhooks: an ADMIN (409 ROLE_REQUIRED otherwise);
 * the back office has no webhooks (404).
 */
function webhookManager(request: FastifyRequest): Principal {
  const principal = principalOf(request);
  if (principal.enterpriseType === 'operator') throw new AppError('NOT_FOUND');
  if (!mayManageWebhooks(principal)) throw new AppError('ROLE_REQUIRED');
  return principal;
}

/** Webhook endpoints of the caller's company, their deliveries, replays. */
export async function webhooksRoutes(
  app: FastifyInstance,
  options: { webhooks: WebhooksService },
): Promise<void> {
  const { webhooks } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manager = sessionHook(app, webhookManager);
  const endpointParams = z.object({ endpointId: idSchema });

  routes.get(
    '/webhooks/endpoints',
    {
      onRequest: manager,
      schema: {
        tags,
        summary: "The company's webhook endpoints (secrets are never listed)",
        security,
        response: { 200: z.object({ endpoints: z.array(endpointSchema) }) },
      },
    },
    async (request) => ({ endpoints: await webhooks.list(principalOf(request).enterpriseId) }),
  );

  routes.post(
    '/webhooks/endpoints',
    {
      onRequest: manager,
      schema: {
        tags,
        summary:
          'Register an https endpoint for the events picked; answers its signing secret, once',
        security,
        body: z.object({ sUrl: z.string().trim().min(1).max(2000), aEvents: eventsSchema }),
        response: { 201: z.object({ endpoint: endpointWithSecretSchema }) },
      },
    },
    async (request, reply) => {
      const endpoint = await webhooks.create(principalOf(request).enterpriseId, {
        url: request.body.sUrl,
        events: request.body.aEvents,
      });
      return reply.status(201).send({ endpoint });
    },
  );

  routes.put(
    '/webhooks/endpoints/:endpointId',
    {
      onRequest: manager,
      schema: {
        tags,
        summary: 'Change the events an endpoint takes',
        security,
        params: endpointParams,
        body: z.object({ aEvents: eventsSchema }),
        response: { 200: z.object({ endpoint: endpointSchema }) },
      },
    },
    async (request) => ({
      endpoint: await webhooks.updateEvents(
        principalOf(request).enterpriseId,
        request.params.endpointId,
        request.body.aEvents,
      ),
    }),
  );

  routes.delete(
    '/webhooks/endpoints/:endpointId',
    {
      onRequest: manager,
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log',
        security,
        params: endpointParams,
      },
    },
    async (request, reply) => {
      await webhooks.remove(principalOf(request).enterpriseId, request.params.endpointId);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/webhooks/endpoints/:endpointId/rotate-secret',
    {
      onRequest: manager,
      schema: {
        tags,
        summary:
          'A new signing secret, answered once; the old one also signs for 24 hours, then stops',
        security,
        params: endpointParams,
        response: { 200: z.object({ endpoint: endpointWithSecretSchema }) },
      },
    },
    async (request) => ({
      endpoint: await webhooks.rotateSecret(
        principalOf(request).enterpriseId,
        request.params.endpointId,
      ),
    }),
  );

  routes.get(
    '/webhooks/endpoints/:endpointId/deliveries',
    {
      onRequest: manager,
      schema: {
        tags,
        summary: "The endpoint's latest 100 deliveries, newest first, each with its attempts",
        security,
        params: endpointParams,
        response: { 200: z.object({ deliveries: z.array(deliverySchema) }) },
      },
    },
    async (request) => ({
      deliveries: await webhooks.deliveries(
        principalOf(request).enterpriseId,
        request.params.endpointId,
      ),
    }),
  );

  routes.post(
    '/webhooks/endpoints/:endpointId/deliveries/:deliveryId/replay',
    {
      onRequest: manager,
      schema: {
        tags,
        summary: 'Send a delivered or dead event again (a new delivery, the same webhook-id)',
        security,
        params: z.object({ endpointId: idSchema, deliveryId: idSchema }),
        response: { 201: z.object({ delivery: deliverySchema }) },
      },
    },
    async (request, reply) => {
      const delivery = await webhooks.replay(
        principalOf(request).enterpriseId,
        request.params.endpointId,
        request.params.deliveryId,
      );
      return reply.status(201).send({ delivery });
    },
  );
}
