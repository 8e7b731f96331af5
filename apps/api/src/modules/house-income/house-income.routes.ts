import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDateSchema } from '@app/domain';
import { AppError } from '../../errors.js';
import { principalOf } from '../../plugins/session.js';
import { MAX_HOUSE_INCOME_DAYS, type HouseIncomeService } from './house-income.service.js';

const incomeFields = {
  dFreight: z.number(),
  dColdStorage: z.number().describe('Border cold storage, in and out'),
  dBorderCrossing: z.number(),
  dInsurance: z.number().describe('Cargo insurance'),
  dTotal: z.number(),
};

const houseIncomeSchema = z.object({
  dFrom: z.string(),
  dTo: z.string(),
  totals: z.object(incomeFields),
  ledger: z
    .object({
      dFreightAndColdStorage: z.number(),
      dBorderCrossing: z.number(),
      dInsurance: z.number(),
      dTotal: z.number(),
    })
    .describe("What the house's fee accounts moved in the period, read from their postings"),
  days: z.array(z.object({ dDate: z.string(), iOrders: z.number(), ...incomeFields })),
  orders: z.array(
    z.object({
      sOrderId: z.string(),
      iTrackingId: z.number(),
      sBuyerName: z.string(),
      sVendorName: z.string(),
      dDate: z.string().describe('The first day in the period the order moved a fee'),
      ...incomeFields,
    }),
  ),
});

export async function houseIncomeRoutes(
  app: FastifyInstance,
  options: { houseIncome: HouseIncomeService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const operatorOnly = async (request: FastifyRequest) => {
    await app.requireSession(request);
    if (principalOf(request).user.sRole !== 'operator') throw new AppError('NOT_FOUND');
  };
  routes.get(
    '/ops/house-income',
    {
      onRequest: operatorOnly,
      schema: {
        tags: ['marketplace'],
        summary: `The house's marketplace fee income by kind, per day and per order (operator; at most ${MAX_HOUSE_INCOME_DAYS} days)`,
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          from: calendarDateSchema.optional().describe('First day (YYYY-MM-DD, Mexico City)'),
          to: calendarDateSchema.optional().describe('Last day, included; today by default'),
        }),
        response: { 200: houseIncomeSchema },
      },
    },
    async (request) => options.houseIncome.report(request.query),
  );
}
