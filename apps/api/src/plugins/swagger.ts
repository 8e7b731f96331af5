import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { contractTransform, contractTransformObject } from './openapi-contract.js';

/** The groups of operations in /api/docs, in the order a partner meets them. */
const OPERATION_TAGS = [
  { name: 'auth', description: 'Accounts and sessions: log in, sign up, password recovery.' },
  { name: 'dashboard', description: 'Balances, today’s quote and counters for the home screen.' },
  { name: 'rates', description: 'Exchange rate history.' },
  { name: 'funds', description: 'Funding the USD balance: bank details for a deposit.' },
  { name: 'suppliers', description: 'Payment recipients (Mexican suppliers, CLABE and RFC).' },
  { name: 'invoices', description: 'Supplier invoices in MXN and their statuses.' },
  {
    name: 'conversions',
    description:
      'USD → MXN conversions at a quote: forex now or a forward; money calls take an Idempotency-Key.',
  },
  {
    name: 'payments',
    description: 'MXN payments to suppliers (SPEI); money calls take an Idempotency-Key.',
  },
  { name: 'statement', description: 'Account statements from the ledger.' },
  {
    name: 'marketplace',
    description: 'The produce marketplace: catalogue, cart, orders, warehouses, disputes, profile.',
  },
  {
    name: 'notifications',
    description: 'Your e-mail notifications: which kinds, in which language.',
  },
  {
    name: 'webhooks',
    description:
      'Signed webhooks (Standard Webhooks) to your https endpoints: endpoints, secrets, delivery log, replay.',
  },
  {
    name: 'api keys',
    description:
      'Keys for integrators (ERP, scripts): name, scopes, expiry; the secret is shown once.',
  },
  { name: 'back office', description: 'Operator-only: deposits and enterprises.' },
  { name: 'health', description: 'Liveness and database check.' },
];

export async function registerSwagger(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pesos & Produce API',
        description:
          'Finance dashboard (USD/MXN quotes, invoices, conversions, forwards, payments) and produce marketplace. ' +
          'Every path is under /api/v1/{lang}/ with lang = en or sp; messages come back in that language.',
        version: '1.0.0',
      },
      // Relative: the document is served by the API it describes, whatever its host.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token of a person’s session (POST auth/login)',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ppk_…',
            description:
              'An integrator’s API key (POST api-keys), sent as `Authorization: Bearer ppk_…`. ' +
              'Its scopes bound what it may call (read, invoices, payments, webhooks; anything else ' +
              'answers 409 ROLE_REQUIRED); a payment above the approval threshold, or any when the ' +
              'company has none, answers 202 and waits for a person. Revocation and expiry hold at once.',
          },
        },
      },
      tags: OPERATION_TAGS,
    },
    transform: contractTransform,
    transformObject: contractTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Grouped by tag, folded, so a partner sees the areas first; the money calls carry examples.
    uiConfig: { docExpansion: 'none', operationsSorter: 'alpha', tryItOutEnabled: false },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
