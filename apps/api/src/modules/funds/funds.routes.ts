import type { FundsService } from './funds.service.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moneySchema } from '@app/domain';
import { AppError } from '../../errors.js';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';

const depositAnswerSchema = z.object({
  sReference: z.string(),
  sEnterpriseId: z.string(),
  dAmount: z.number(),
  created_at: z.string(),
});

export async function fundsRoutes(
  app: FastifyInstance,
  options: { funds: FundsService },
): Promise<void> {
  const { funds } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  routes.post(
    '/exchange-rate/addFounds',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['funds'],
        summary: 'Bank details and the deposit reference for adding USD',
        security,
        body: z.object({ amount: moneySchema.optional() }),
        response: {
          200: z.object({
            account: z.array(z.object({ label: z.string(), value: z.string() })),
            spei: z
              .object({
                sClabe: z.string().describe("The company's own CLABE for MXN by SPEI"),
                sBankName: z.string(),
              })
              .nullable()
              .describe('Where to send MXN by SPEI; null when no SPEI rail gives CLABEs'),
          }),
        },
      },
    },
    async (request) => {
      const { enterpriseId } = principalOf(request);
      const speiClabe = funds.speiDepositClabe ? await funds.speiDepositClabe(enterpriseId) : null;
      return {
        account: await funds.depositInstructions(enterpriseId, languageOf(request)),
        spei: speiClabe ? { sClabe: speiClabe, sBankName: 'STP' } : null,
      };
    },
  );

  // Back office: operators only. Anyone else is told the path does not exist.
  const requireOperator = async (request: Parameters<typeof app.requireSession>[0]) => {
    await app.requireSession(request);
    if (principalOf(request).user.sRole !== 'operator') throw new AppError('NOT_FOUND');
  };

  routes.post(
    '/ops/deposits',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: 'Credit a received wire (once per bank reference)',
        security,
        body: z.object({
          sEnterpriseId: z.string().min(1).max(64),
          dAmount: moneySchema,
          sReference: z.string().trim().min(3).max(64),
          /**
           * Why a wire is typed by hand (statements credit wires by themselves): kept in the
           * audit log with the credit.
           */
          sReason: z.string().trim().min(3).max(500).optional(),
        }),
        response: { 200: depositAnswerSchema, 201: depositAnswerSchema },
      },
    },
    async (request, reply) => {
      const { created, deposit } = await funds.creditDeposit({
        enterpriseId: request.body.sEnterpriseId,
        amountUsd: request.body.dAmount,
        bankReference: request.body.sReference,
      });
      request.audit = {
        entity: `deposits/${deposit.sReference}`,
        after: { ...deposit, sReason: request.body.sReason ?? null },
      };
      return reply.status(created ? 201 : 200).send(deposit);
    },
  );

  routes.get(
    '/ops/enterprises',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: 'Enterprises with their balances',
        security,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: {
          200: z.object({
            total: z.number(),
            enterprises: z.array(
              z.object({
                sEnterpriseId: z.string(),
                sName: z.string(),
                sType: z.string(),
                bVerified: z.boolean(),
                sDepositReference: z.string().nullable(),
                balances: z.object({
                  balanceUsd: z.number(),
                  balanceMxn: z.number(),
                  blockedUsd: z.number(),
                }),
              }),
            ),
          }),
        },
      },
    },
    async (request) => funds.listEnterprises(request.query.page, request.query.limit),
  );
}
