import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moneySchema } from '@app/domain';
import { AppError } from '../../errors.js';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import { buyerCaller, sessionHook, vendorCaller } from '../marketplace-access.js';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TABS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from './order-statuses.js';
import { ORDER_PAGE_MAX } from './order-reads.service.js';
import { listAnswer, orderAnswer } from './order.view.js';
import type { Caller } from './order-records.js';
import type { OrdersService } from './orders.service.js';
import type { ApprovalsService } from '../team/approvals.service.js';
import { approvalHeldSchema } from '../team/approval.view.js';
import { heldCallOf, replyHeld } from '../team/held-call.js';
import { checkoutBody, checkoutInput } from './checkout-body.js';

const tags = ['marketplace'];
const security = [{ bearerAuth: [] }];
const idSchema = z.string().trim().min(1).max(64);
const MAX_BOXES = 1_000_000;

const listQuery = z.object({
  tab: z.enum(ORDER_TABS).default('in-process'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ORDER_PAGE_MAX).default(20),
});
const orderParams = z.object({ orderId: idSchema });
const deliveredLinesSchema = z
  .array(
    z.object({
      sLineId: idSchema,
      dDeliveredQuantity: z
        .number()
        .int()
        .min(1)
        .max(MAX_BOXES)
        .describe('Boxes delivered, 1 to the boxes ordered'),
      dDeliveredUnitPrice: moneySchema
        .optional()
        .describe(
          'At most the agreed price applies at once; a higher one waits for the buyer (price-change)',
        ),
    }),
  )
  .max(500);

/** Loose: the parsed headers replace the request's, so every other header must survive. */
const moneyHeaders = z.looseObject({
  'idempotency-key': z.string().optional().describe('1–255 characters; see API.md'),
});

function priceOfLine(line: { sLineId: string; dDeliveredUnitPrice: number | null }) {
  return { sLineId: line.sLineId, dDeliveredUnitPrice: line.dDeliveredUnitPrice };
}

function toDeliveredLines(lines: z.infer<typeof deliveredLinesSchema>) {
  return lines.map((line) => ({
    lineId: line.sLineId,
    deliveredBoxes: line.dDeliveredQuantity,
    deliveredUnitPriceCents: line.dDeliveredUnitPrice,
  }));
}

/** The marketplace order endpoints: the buyer's orders and the vendor's side of them. */
export async function ordersRoutes(
  app: FastifyInstance,
  options: { orders: OrdersService; approvals: ApprovalsService },
): Promise<void> {
  const { orders, approvals } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const buyer = sessionHook(app, buyerCaller);
  const vendor = sessionHook(app, vendorCaller);
  const callerOf = (request: FastifyRequest, gate: typeof buyerCaller): Caller => {
    const principal = gate(request);
    return { enterpriseId: principal.enterpriseId, userId: principal.user.sUserId };
  };

  routes.get(
    '/orders/statuses',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'The order statuses in tracking order, and the payment methods, with labels',
        security,
        response: {
          200: z.object({
            statuses: z.array(
              z.object({ sStatus: z.enum(ORDER_STATUSES), sName: z.string(), iStep: z.number() }),
            ),
            paymentMethods: z.array(
              z.object({ sMethod: z.enum(PAYMENT_METHODS), sName: z.string() }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const language = languageOf(request);
      return {
        statuses: ORDER_STATUSES.map((status, index) => ({
          sStatus: status,
          sName: ORDER_STATUS_LABELS[language][status],
          iStep: index + 1,
        })),
        paymentMethods: PAYMENT_METHODS.map((method) => ({
          sMethod: method,
          sName: PAYMENT_METHOD_LABELS[language][method],
        })),
      };
    },
  );

  const operatorOnly = async (request: FastifyRequest) => {
    await app.requireSession(request);
    if (principalOf(request).user.sRole !== 'operator') throw new AppError('NOT_FOUND');
  };
  routes.post(
    '/orders/checkout/preview',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary:
          'What orders/checkout with the same body would charge: goods, each fee, the total in USD and MXN. Writes nothing',
        security,
        body: checkoutBody,
        response: {
          200: z.object({
            preview: z.object({
              dGoods: z.number(),
              fees: z.array(
                z.object({ sFeeKey: z.string(), sFeeName: z.string(), dTotal: z.number() }),
              ),
              dTotal: z.number(),
              dTotalMxn: z.number(),
              dExchangeRate: z.number(),
              iPallets: z.number(),
              iTransports: z.number(),
              iDistanceKm: z.number(),
            }),
          }),
        },
      },
    },
    async (request) => ({
      preview: await orders.preview(
        callerOf(request, buyerCaller),
        checkoutInput(request.body),
        languageOf(request),
      ),
    }),
  );

  routes.get(
    '/vendor/payouts',
    {
      onRequest: vendor,
      schema: {
        tags,
        summary: "The grower's payouts: released orders paid to its CLABE, newest first",
        security,
        response: {
          200: z.object({
            payouts: z.array(
              z.object({
                sOrderId: z.string(),
                iTrackingId: z.number(),
                dAmountUsd: z.number(),
                dAmountMxn: z.number(),
                dExchangeRate: z.number(),
                sStatus: z.enum(['PROCESSING', 'COMPLETED', 'RETURNED']),
                sTrackingKey: z.string(),
                sClabeMasked: z.string(),
                created_at: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => orders.vendorPayouts(vendorCaller(request).enterpriseId),
  );

  routes.get(
    '/ops/held-funds',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Held order funds: the total and each order still holding money (operator)',
        security,
        response: {
          200: z.object({
            dTotal: z.number(),
            iOrders: z.number(),
            orders: z.array(
              z.object({
                sOrderId: z.string(),
                iTrackingId: z.number(),
                sStatus: z.enum(ORDER_STATUSES),
                sStatusName: z.string(),
                sBuyerName: z.string(),
                sVendorName: z.string(),
                dHeld: z.number(),
                bDisputed: z.boolean(),
                created_at: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => orders.heldFunds(languageOf(request)),
  );

  routes.post(
    '/orders/checkout',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary:
          "Buy a vendor's cart: stock taken, transports split by pallets, the grower paid in MXN (one transaction); 202: held for an approval",
        security,
        headers: moneyHeaders,
        body: checkoutBody,
        response: { 201: orderAnswer, 202: approvalHeldSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request, buyerCaller);
      const input = checkoutInput(request.body);
      const approval = await approvals.holdIfRequired(heldCallOf(request), 'CHECKOUT');
      if (approval) return replyHeld(request, reply, approval);
      const order = await orders.checkout(
        caller,
        input,
        request.idempotencyKey,
        languageOf(request),
      );
      return reply.status(201).send({ order });
    },
  );

  routes.get(
    '/orders',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: "The buyer's orders in one tab (in process, finalized, disputed), newest first",
        security,
        querystring: listQuery,
        response: { 200: listAnswer },
      },
    },
    async (request) =>
      orders.list(
        { side: 'buyer', enterpriseId: buyerCaller(request).enterpriseId },
        request.query.tab,
        request.query,
        languageOf(request),
      ),
  );

  routes.get(
    '/orders/:orderId',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary:
          'One order: lines, fees, status timeline, transports, payment, delivered quantities',
        security,
        params: orderParams,
        response: { 200: orderAnswer },
      },
    },
    async (request) => ({
      order: await orders.get(
        { side: 'buyer', enterpriseId: buyerCaller(request).enterpriseId },
        request.params.orderId,
        languageOf(request),
      ),
    }),
  );

  routes.post(
    '/orders/:orderId/pay',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary:
          'Pay a pending order: DEFERRED at the locked rate (24 h) or a new quote; FORWARD from its settled forward',
        security,
        headers: moneyHeaders,
        params: orderParams,
        body: z.object({ sExchangeRateReference: idSchema.optional() }).default({}),
        response: { 200: orderAnswer },
      },
    },
    async (request) => ({
      order: await orders.pay(
        callerOf(request, buyerCaller),
        request.params.orderId,
        { quoteId: request.body.sExchangeRateReference },
        request.idempotencyKey,
        languageOf(request),
      ),
    }),
  );

  routes.post(
    '/orders/:orderId/accept',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary:
          "Accept a delivered load with the buyer's count per line: equal to the grower's, the order is finished; different, the lower count is paid and a dispute is opened",
        security,
        params: orderParams,
        body: z
          .object({
            lines: z
              .array(
                z.object({
                  sLineId: idSchema,
                  dReceivedQuantity: z
                    .number()
                    .int()
                    .min(0)
                    .max(MAX_BOXES)
                    .describe('Boxes the buyer counted, at most the boxes ordered'),
                }),
              )
              .max(500)
              .optional()
              .describe("Lines not given keep the grower's count"),
          })
          .nullish()
          .describe("Optional: without it the counts are the grower's"),
        response: { 200: orderAnswer },
      },
    },
    async (request) => {
      const received = (request.body?.lines ?? []).map((line) => ({
        lineId: line.sLineId,
        receivedBoxes: line.dReceivedQuantity,
      }));
      request.audit = { entity: `orders/${request.params.orderId}`, after: request.body ?? {} };
      return {
        order: await orders.accept(
          callerOf(request, buyerCaller),
          request.params.orderId,
          received,
          languageOf(request),
        ),
      };
    },
  );

  for (const decision of ['accept', 'reject'] as const) {
    routes.post(
      `/orders/:orderId/price-change/${decision}`,
      {
        onRequest: buyer,
        schema: {
          tags,
          summary:
            decision === 'accept'
              ? "Accept the grower's higher delivered price: the difference is taken from the USD balance into the order's hold"
              : "Reject the grower's higher delivered price: the price agreed at checkout stays",
          security,
          params: orderParams,
          response: { 200: orderAnswer },
        },
      },
      async (request) => {
        const caller = callerOf(request, buyerCaller);
        const language = languageOf(request);
        const order =
          decision === 'accept'
            ? await orders.priceChanges.accept(caller, request.params.orderId, language)
            : await orders.priceChanges.reject(caller, request.params.orderId, language);
        request.audit = {
          entity: `orders/${order.sOrderId}/price-change`,
          after: { sDecision: decision.toUpperCase(), lines: order.lines.map(priceOfLine) },
        };
        return { order };
      },
    );
  }

  routes.post(
    '/orders/:orderId/rating',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary: "Rate the grower once per order, after delivery (the vendor's rating)",
        security,
        params: orderParams,
        body: z.object({
          iStars: z.number().int().min(1).max(5),
          sComment: z.string().trim().max(2000).optional(),
        }),
        response: {
          201: z.object({
            rating: z.object({
              sOrderId: z.string(),
              iStars: z.number(),
              sComment: z.string().nullable(),
              created_at: z.string(),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      const rating = await orders.rate(callerOf(request, buyerCaller), request.params.orderId, {
        stars: request.body.iStars,
        comment: request.body.sComment ? request.body.sComment : null,
      });
      return reply.status(201).send({ rating });
    },
  );

  routes.get(
    '/vendor/orders',
    {
      onRequest: vendor,
      schema: {
        tags,
        summary: "The vendor's orders in one tab, newest first",
        security,
        querystring: listQuery,
        response: { 200: listAnswer },
      },
    },
    async (request) =>
      orders.list(
        { side: 'vendor', enterpriseId: vendorCaller(request).enterpriseId },
        request.query.tab,
        request.query,
        languageOf(request),
      ),
  );

  routes.get(
    '/vendor/orders/:orderId',
    {
      onRequest: vendor,
      schema: {
        tags,
        summary: "One of the vendor's orders",
        security,
        params: orderParams,
        response: { 200: orderAnswer },
      },
    },
    async (request) => ({
      order: await orders.get(
        { side: 'vendor', enterpriseId: vendorCaller(request).enterpriseId },
        request.params.orderId,
        languageOf(request),
      ),
    }),
  );

  routes.post(
    '/vendor/orders/:orderId/status',
    {
      onRequest: vendor,
      schema: {
        tags,
        summary:
          'Move an order to its next status only (sNextStatus); with DELIVERED, optionally the delivered quantities',
        security,
        params: orderParams,
        body: z.object({
          sStatus: z.enum(ORDER_STATUSES),
          lines: deliveredLinesSchema.optional(),
        }),
        response: { 200: orderAnswer },
      },
    },
    async (request) => ({
      order: await orders.advance(
        callerOf(request, vendorCaller),
        request.params.orderId,
        {
          status: request.body.sStatus,
          lines: request.body.lines ? toDeliveredLines(request.body.lines) : undefined,
        },
        languageOf(request),
      ),
    }),
  );

  routes.post(
    '/vendor/orders/:orderId/delivery',
    {
      onRequest: vendor,
      schema: {
        tags,
        summary:
          'Record the boxes delivered per line (≤ ordered) and any adjusted unit price, while DELIVERED',
        security,
        params: orderParams,
        body: z.object({ lines: deliveredLinesSchema.min(1) }),
        response: { 200: orderAnswer },
      },
    },
    async (request) => ({
      order: await orders.recordDelivery(
        callerOf(request, vendorCaller),
        request.params.orderId,
        toDeliveredLines(request.body.lines),
        languageOf(request),
      ),
    }),
  );
}
