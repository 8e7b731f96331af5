import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';

/**
 * The company policy "every member has a second factor": a member without one may use only
 * their own account calls (`auth/*`: me, logout, setting up the second factor) until they set
 * one up. Runs after the route's session hook, so the principal is known.
 */
export function registerSecondFactorPolicy(api: FastifyInstance): void {
  api.addHook('preHandler', async (request) => {
    if (!request.principal?.user.bTotpSetupRequired) return;
    const url = request.routeOptions.url ?? '';
    if (/^\/api\/v1\/:lang\/auth\//.test(url)) return;
    throw new AppError('TOTP_SETUP_REQUIRED');
  });
}
