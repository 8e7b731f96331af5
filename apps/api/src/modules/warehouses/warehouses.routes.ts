import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema, formatFixedDecimal, parseFixedDecimal } from '@app/domain';
import { principalOf } from '../../plugins/session.js';
import { buyerCaller, sessionHook } from '../marketplace-access.js';
import type { WarehouseFields, WarehousesService } from './warehouses.service.js';
import { pageAnswerFields, pageQueryFields } from '../pagination.js';

const tags = ['marketplace'];
const security = [{ bearerAuth: [] }];
const idSchema = z.string().trim().min(1).max(64);

/** Degrees within ±max with up to 6 decimals, kept as the exact decimal text. */
function coordinateSchema(max: number) {
  return z
    .number()
    .min(-max)
    .max(max)
    .transform((value, ctx) => {
      try {
        const micro = parseFixedDecimal(value, { decimals: 6, maxAbs: BigInt(max) * 1_000_000n });
        return formatFixedDecimal(micro, 6);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'TOO_MANY_DECIMALS', input: value });
        return z.NEVER;
      }
    });
}

const warehouseBodySchema = z
  .object({
    sName: z.string().trim().min(1).max(200),
    sAddress: z.string().trim().min(1).max(300),
    sCountry: z.string().trim().min(1).max(100),
    sState: z.string().trim().min(1).max(100),
    sCity: z.string().trim().min(1).max(100),
    sPostalCode: z.string().trim().min(1).max(20),
    sPhone: z.string().trim().min(1).max(40),
    sEmail: emailSchema,
    sManager: z.string().trim().min(1).max(200),
    dLatitude: coordinateSchema(90).nullish(),
    dLongitude: coordinateSchema(180).nullish(),
    sComments: z.string().trim().max(2000).nullish(),
  })
  .refine((body) => (body.dLatitude == null) === (body.dLongitude == null), {
    path: ['dLongitude'],
    message: 'COORDINATES_IN_PAIRS',
  });

const warehouseSchema = z.object({
  sWarehouseId: z.string(),
  sName: z.string(),
  sAddress: z.string(),
  sCountry: z.string(),
  sState: z.string(),
  sCity: z.string(),
  sPostalCode: z.string(),
  sPhone: z.string(),
  sEmail: z.string(),
  sManager: z.string(),
  dLatitude: z.number().nullable(),
  dLongitude: z.number().nullable(),
  sComments: z.string().nullable(),
  created_at: z.string(),
});

function toFields(body: z.infer<typeof warehouseBodySchema>): WarehouseFields {
  return {
    name: body.sName,
    address: body.sAddress,
    country: body.sCountry,
    state: body.sState,
    city: body.sCity,
    postalCode: body.sPostalCode,
    phone: body.sPhone,
    email: body.sEmail,
    manager: body.sManager,
    latitude: body.dLatitude ?? null,
    longitude: body.dLongitude ?? null,
    comments: body.sComments ? body.sComments : null,
  };
}

/** A buyer's delivery warehouses (customer enterprises; writes need the admin flag). */
export async function warehousesRoutes(
  app: FastifyInstance,
  options: { warehouses: WarehousesService },
): Promise<void> {
  const { warehouses } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const buyer = sessionHook(app, buyerCaller);
  const params = z.object({ warehouseId: idSchema });
  const answer = z.object({ warehouse: warehouseSchema });

  routes.get(
    '/warehouses',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: "The buyer's warehouses by name",
        security,
        querystring: z.object(pageQueryFields(50)),
        response: {
          200: z.object({
            warehouses: z.array(warehouseSchema),
            ...pageAnswerFields,
          }),
        },
      },
    },
    async (request) =>
      warehouses.list(principalOf(request).enterpriseId, request.query.page, request.query.limit),
  );

  routes.post(
    '/warehouses',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: 'Add a delivery warehouse',
        security,
        body: warehouseBodySchema,
        response: { 201: answer },
      },
    },
    async (request, reply) => {
      const warehouse = await warehouses.create(
        principalOf(request).enterpriseId,
        toFields(request.body),
      );
      return reply.status(201).send({ warehouse });
    },
  );

  routes.get(
    '/warehouses/:warehouseId',
    {
      onRequest: buyer,
      schema: { tags, summary: 'One warehouse', security, params, response: { 200: answer } },
    },
    async (request) => ({
      warehouse: await warehouses.get(
        principalOf(request).enterpriseId,
        request.params.warehouseId,
      ),
    }),
  );

  routes.put(
    '/warehouses/:warehouseId',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: 'Edit a warehouse (the whole form)',
        security,
        params,
        body: warehouseBodySchema,
        response: { 200: answer },
      },
    },
    async (request) => ({
      warehouse: await warehouses.update(
        principalOf(request).enterpriseId,
        request.params.warehouseId,
        toFields(request.body),
      ),
    }),
  );

  routes.delete(
    '/warehouses/:warehouseId',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: 'Delete a warehouse (orders keep it; it is no longer offered)',
        security,
        params,
      },
    },
    async (request, reply) => {
      await warehouses.remove(principalOf(request).enterpriseId, request.params.warehouseId);
      return reply.status(204).send();
    },
  );
}
