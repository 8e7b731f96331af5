import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/session.js';
import { assertCompanyAdmin } from '../audit/company-admin.js';
import type { AuthService } from '../auth/auth.service.js';
import type { TwoFactorService } from './two-factor.service.js';

const security = [{ bearerAuth: [] }];
const tags = ['auth'];
const codeBody = z.object({ sCode: z.string().trim().min(1).max(40) });
const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
const policySchema = z.object({ bRequireTotp: z.boolean() });

/** The caller's own second factor, the company's policy and an admin's reset of a member's. */
export async function twoFactorRoutes(
  app: FastifyInstance,
  options: { twoFactor: TwoFactorService; auth: AuthService },
): Promise<void> {
  const { twoFactor, auth } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/auth/2fa',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: "The caller's second factor: on or off, recovery codes left, company policy",
        security,
        response: {
          200: z.object({
            bEnabled: z.boolean(),
            bPending: z.boolean(),
            iRecoveryCodesLeft: z.number().int(),
            bRequiredByCompany: z.boolean(),
          }),
        },
      },
    },
    async (request) => twoFactor.status(principalOf(request).user.sUserId),
  );

  routes.post(
    '/auth/2fa/setup',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Start setting up a second factor (TOTP): a new secret and its otpauth:// URL',
        security,
        response: { 200: z.object({ sSecret: z.string(), sOtpauthUrl: z.string() }) },
      },
    },
    async (request) => twoFactor.setup(principalOf(request).user.sUserId),
  );

  routes.post(
    '/auth/2fa/enable',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Confirm the new secret with a code; answers ten single-use recovery codes, once',
        security,
        body: codeBody,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => {
      const userId = principalOf(request).user.sUserId;
      const answer = await twoFactor.enable(userId, request.body.sCode);
      auth.forgetUser(userId);
      request.audit = {
        entity: `users/${userId}`,
        before: { bTotpEnabled: false },
        after: { bTotpEnabled: true },
      };
      return answer;
    },
  );

  routes.post(
    '/auth/2fa/disable',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Turn the second factor off, with a current code or a recovery code',
        security,
        body: codeBody,
      },
    },
    async (request, reply) => {
      const userId = principalOf(request).user.sUserId;
      await twoFactor.disable(userId, request.body.sCode);
      auth.forgetUser(userId);
      request.audit = {
        entity: `users/${userId}`,
        before: { bTotpEnabled: true },
        after: { bTotpEnabled: false },
      };
      return reply.status(204).send();
    },
  );

  routes.post(
    '/auth/2fa/recovery-codes',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'New recovery codes (the old ones stop working), with a current code',
        security,
        body: codeBody,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) =>
      twoFactor.regenerateRecoveryCodes(principalOf(request).user.sUserId, request.body.sCode),
  );

  routes.post(
    '/profile/users/:userId/2fa/reset',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['team'],
        summary: "Turn a member's second factor off (admins only; the member sets it up again)",
        security,
        params: z.object({ lang: z.string(), userId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      assertCompanyAdmin(principal);
      const change = await twoFactor.resetMember(principal.enterpriseId, request.params.userId);
      auth.forgetUser(request.params.userId);
      request.audit = { entity: `users/${request.params.userId}`, ...change };
      return reply.status(204).send();
    },
  );

  routes.get(
    '/settings/security',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['team'],
        summary: "The company's security policy: whether every member must have a second factor",
        security,
        response: { 200: policySchema },
      },
    },
    async (request) => twoFactor.companyPolicy(principalOf(request).enterpriseId),
  );

  routes.put(
    '/settings/security',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['team'],
        summary: 'Require a second factor of every member, or not (admins only)',
        security,
        body: policySchema,
        response: { 200: policySchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      assertCompanyAdmin(principal);
      const change = await twoFactor.setCompanyPolicy(
        principal.enterpriseId,
        request.body.bRequireTotp,
      );
      request.audit = { entity: 'settings/security', ...change };
      return change.after;
    },
  );
}
