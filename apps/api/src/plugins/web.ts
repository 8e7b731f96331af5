import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.js';

/** Vite names every file under assets/ by a hash of its content: it never changes. */
const HASHED_ASSET = `${sep}assets${sep}`;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app, with index.html for every other browser path so the
 * client-side router can answer it. Unknown /api paths get the JSON 404.
 *
 * The build writes a .br and a .gz beside every text file; the one the browser accepts is
 * sent as it is (no compression work per request). Hashed assets are cached for a year;
 * everything else (index.html, robots.txt, the manifest) is revalidated on every visit.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const hasWebApp = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The cache header is set below, per file (send's default is `public, max-age=0`).
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes(HASHED_ASSET) ? IMMUTABLE : 'no-cache');
        reply.header('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return sendError(reply, request, 'NOT_FOUND');
  });
}
