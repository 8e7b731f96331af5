import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  passwordRecoveryBodySchema,
  signupBodySchema,
} from '@app/domain';
import { principalOf } from '../../plugins/session.js';
import type { AuthService } from './auth.service.js';

export async function authRoutes(
  app: FastifyInstance,
  options: { auth: AuthService; publicRateLimit: number; afterRecovery: () => void },
): Promise<void> {
  const { auth } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const publicLimit = { rateLimit: { max: options.publicRateLimit, timeWindow: '1 minute' } };

  routes.post(
    '/auth/login',
    {
      config: publicLimit,
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) =>
      auth.login(request.body, request.ip, request.headers['user-agent']?.slice(0, 400) ?? null),
  );

  routes.post(
    '/auth/logout',
    {
      onRequest: app.requireSession,
      schema: { tags: ['auth'], summary: 'End this session', security: [{ bearerAuth: [] }] },
    },
    async (request, reply) => {
      await auth.logout(principalOf(request));
      return reply.status(204).send();
    },
  );

  routes.get(
    '/auth/me',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and enterprise',
        security: [{ bearerAuth: [] }],
        response: { 200: meResponseSchema },
      },
    },
    async (request) => auth.me(principalOf(request)),
  );

  for (const kind of ['customer', 'vendor'] as const) {
    routes.post(
      `/auth/signup/${kind}`,
      {
        config: publicLimit,
        schema: {
          tags: ['auth'],
          summary: `Create a ${kind} company and its manager account`,
          body: signupBodySchema,
          response: { 201: loginResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await auth.signup(request.body, kind)),
    );
  }

  routes.post(
    '/auth/password-recovery',
    {
      config: publicLimit,
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (always 202)',
        body: passwordRecoveryBodySchema,
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body);
      options.afterRecovery();
      return reply.status(202).send();
    },
  );

  routes.post(
    '/auth/change-password/:id',
    {
      config: publicLimit,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token (single use)',
        params: z.object({ lang: z.string(), id: z.string().min(1).max(200) }),
        body: changePasswordBodySchema,
      },
    },
    async (request, reply) => {
      await auth.changePasswordWithResetToken(request.params.id, request.body);
      return reply.status(204).send();
    },
  );
}
