import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Db } from '../db/database.js';
import { databaseRateLimitStore } from './rate-limit-store.js';

/**
 * The security headers, built once. (@fastify/helmet built helmet's middleware again for
 * every request, re-reading the policy: 2 % of the server's time on the invoice list.)
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion) writes its styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  // Receipts open as PDFs in a new tab from blob: URLs.
  crossOriginEmbedderPolicy: false,
});

export async function registerSecurity(
  app: FastifyInstance,
  options: { db?: Db } = {},
): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // Per-route limits only (the public account endpoints opt in); login failures have
  // their own database-backed limit per account and per IP. The counts are in the database
  // (when given one), so replicas share them.
  await app.register(rateLimit, {
    global: false,
    ...(options.db ? { store: databaseRateLimitStore(options.db) as never } : {}),
  });
}
