import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.js';

/**
 * Serves the built web app, with index.html for every other browser path so the
 * client-side router can answer it. Unknown /api paths get the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const hasWebApp = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.setHeader(
          'cache-control',
          path.includes(`${join('assets', '')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, request, 'NOT_FOUND');
  });
}
