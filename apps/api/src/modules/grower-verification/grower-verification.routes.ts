import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VERIFICATION_PREREQUISITES } from '@app/domain';
import { AppError } from '../../errors.js';
import { principalOf } from '../../plugins/session.js';
import { sessionHook, vendorCaller } from '../marketplace-access.js';
import type { GrowerVerificationService } from './grower-verification.service.js';

const tags = ['marketplace'];
const security = [{ bearerAuth: [] }];
const idSchema = z.string().trim().min(1).max(64);
/** The reason the back office gives; the grower reads it on its own pages. */
const MAX_REASON_LENGTH = 500;

export async function growerVerificationRoutes(
  app: FastifyInstance,
  options: { verification: GrowerVerificationService },
): Promise<void> {
  const { verification } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const operatorOnly = async (request: FastifyRequest) => {
    await app.requireSession(request);
    if (principalOf(request).user.sRole !== 'operator') throw new AppError('NOT_FOUND');
  };

  routes.post(
    '/ops/enterprises/:enterpriseId/verified',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'Verify a company, or withdraw its verification, with a reason (operator only; in the audit log). ' +
          "A grower is verified only with its PACA licence, tax id and CLABE registered; only a verified grower's articles are listed and bought",
        security,
        params: z.object({ enterpriseId: idSchema }),
        body: z.object({
          bVerified: z.boolean(),
          sReason: z
            .string()
            .trim()
            .min(1)
            .max(MAX_REASON_LENGTH)
            .describe('Why: what was checked, or why the verification is withdrawn'),
        }),
        response: {
          200: z.object({
            sEnterpriseId: z.string(),
            bVerified: z.boolean(),
            sReason: z.string(),
            changed_at: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const { enterpriseId } = request.params;
      const { before, after } = await verification.decide(
        enterpriseId,
        request.body.bVerified,
        request.body.sReason,
      );
      request.audit = { entity: `enterprise/${after.sEnterpriseId}/verification`, before, after };
      return after;
    },
  );

  routes.get(
    '/vendor/verification',
    {
      onRequest: sessionHook(app, vendorCaller),
      schema: {
        tags,
        summary:
          "The grower's own verification: whether buyers see its articles, and what is still missing",
        security,
        response: {
          200: z.object({
            bVerified: z.boolean(),
            bListed: z.boolean(),
            aMissing: z.array(z.enum(VERIFICATION_PREREQUISITES)),
            sReason: z.string().nullable(),
            changed_at: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => verification.own(vendorCaller(request).enterpriseId),
  );
}
