import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import { buyerCaller, sessionHook } from '../marketplace-access.js';
import type { CartService } from './cart.service.js';

const tags = ['marketplace'];
const security = [{ bearerAuth: [] }];
const idSchema = z.string().trim().min(1).max(64);
const boxesSchema = z.number().int().min(1).max(1_000_000);

const providerCartSchema = z.object({
  sProviderId: z.string(),
  sProviderName: z.string(),
  aProducts: z.array(
    z.object({
      sProductId: z.string(),
      sName: z.string(),
      dQuantity: z.number(),
      dPallets: z.number(),
      dBoxesPerPallet: z.number(),
      dPricePerBox: z.number(),
      dTotal: z.number(),
      iStock: z.number(),
      iMinBoxes: z.number(),
      bChanged: z.boolean(),
      sChange: z.enum(['PRICE', 'STOCK', 'UNAVAILABLE', 'NOT_VERIFIED']).nullable(),
    }),
  ),
  dTotal: z.number(),
  dPallets: z.number(),
  bChanged: z.boolean(),
});

const cartAnswerSchema = z.object({
  results: z.array(providerCartSchema),
  bChanged: z.boolean(),
  sMessage: z.string().nullable(),
});

/** The buyer's carts, one per vendor, kept on the server (customer enterprises only). */
export async function cartRoutes(
  app: FastifyInstance,
  options: { cart: CartService },
): Promise<void> {
  const { cart } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const buyer = sessionHook(app, buyerCaller);
  const articleParams = z.object({ articleId: idSchema });

  /** The spec's calls name the user: only the caller's own id exists. */
  const ownUser = (userId: string, callerId: string) => {
    if (userId !== callerId) throw new AppError('NOT_FOUND');
  };

  routes.get(
    '/shopping-cart',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: 'The carts by vendor, with changes since the buyer last saw each line',
        security,
        response: { 200: cartAnswerSchema },
      },
    },
    async (request) => cart.carts(principalOf(request).enterpriseId, languageOf(request)),
  );

  routes.post(
    '/shopping-cart/items',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: "Add boxes of an article to its vendor's cart (adds to an existing line)",
        security,
        body: z.object({ sProductId: idSchema, dQuantity: boxesSchema }),
        response: { 201: cartAnswerSchema },
      },
    },
    async (request, reply) => {
      const { enterpriseId } = principalOf(request);
      await cart.addItem(enterpriseId, request.body.sProductId, request.body.dQuantity);
      return reply.status(201).send(await cart.carts(enterpriseId, languageOf(request)));
    },
  );

  routes.put(
    '/shopping-cart/items/:articleId',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: "Set a line's boxes; also acknowledges the line's price or stock change",
        security,
        params: articleParams,
        body: z.object({ dQuantity: boxesSchema }),
        response: { 200: cartAnswerSchema },
      },
    },
    async (request) => {
      const { enterpriseId } = principalOf(request);
      await cart.setQuantity(enterpriseId, request.params.articleId, request.body.dQuantity);
      return cart.carts(enterpriseId, languageOf(request));
    },
  );

  routes.delete(
    '/shopping-cart/items/:articleId',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: 'Remove a line from the cart',
        security,
        params: articleParams,
        response: { 200: cartAnswerSchema },
      },
    },
    async (request) => {
      const { enterpriseId } = principalOf(request);
      await cart.removeItem(enterpriseId, request.params.articleId);
      return cart.carts(enterpriseId, languageOf(request));
    },
  );

  routes.put(
    '/customers/:userId/shopping-cart',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: "The caller's carts by vendor (the specification's call; userId is the caller)",
        security,
        params: z.object({ userId: idSchema }),
        response: { 200: cartAnswerSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      ownUser(request.params.userId, principal.user.sUserId);
      return cart.carts(principal.enterpriseId, languageOf(request));
    },
  );

  routes.patch(
    '/customers/:userId/shopping-cart',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: "Remove one vendor's cart (the specification's call; userId is the caller)",
        security,
        params: z.object({ userId: idSchema }),
        body: z.object({ sVendorId: idSchema }),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      ownUser(request.params.userId, principal.user.sUserId);
      await cart.removeVendorCart(principal.enterpriseId, request.body.sVendorId);
      return reply.status(204).send();
    },
  );
}
