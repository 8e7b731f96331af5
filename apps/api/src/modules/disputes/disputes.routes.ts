import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nonNegativeMoneySchema } from '@app/domain';
import { AppError } from '../../errors.js';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import { buyerCaller, sessionHook, vendorCaller } from '../marketplace-access.js';
import { DISPUTE_CATEGORY_KEYS, DISPUTE_TABS } from './dispute-categories.js';
import { DISPUTE_PAGE_MAX, type DisputesService, type DisputeViewer } from './disputes.service.js';

const tags = ['marketplace'];
const security = [{ bearerAuth: [] }];
const idSchema = z.string().trim().min(1).max(64);
/** A 5 MB photo is about 6.7 MB of base64. */
const IMAGE_BODY_LIMIT = 8 * 1024 * 1024;

const imageSchema = z.object({
  sImageId: z.string(),
  sFileName: z.string().nullable(),
  sContentType: z.string(),
  iSize: z.number(),
  sUrl: z.string().describe('GET it with the bearer token (parties only)'),
  created_at: z.string(),
  sUploadedBy: z.enum(['buyer', 'vendor']),
});

const summaryShape = {
  sDisputeId: z.string(),
  iTrackingId: z.number(),
  sOrderId: z.string(),
  iOrderTrackingId: z.number(),
  sStatus: z.enum(['IN_PROCESS', 'FINALIZED']),
  sStatusName: z.string(),
  sCategory: z.string(),
  sCategoryName: z.string(),
  sSubcategory: z.string(),
  sSubcategoryName: z.string(),
  sBuyerName: z.string(),
  sVendorName: z.string(),
  iImages: z.number(),
  created_at: z.string(),
  dFinalDate: z.string().nullable(),
};

const disputeAnswer = z.object({
  dispute: z.object({
    ...summaryShape,
    sDescription: z.string(),
    images: z.array(imageSchema),
    sInCharge: z.string().nullable(),
    sResolution: z.string().nullable(),
    sVendorAnswer: z.string().nullable(),
    vendor_answered_at: z.string().nullable(),
    dHeld: z.number().describe("The order's goods money still held"),
    dRefunded: z.number().nullable(),
    dReleased: z.number().nullable(),
  }),
});
const listAnswer = z.object({
  disputes: z.array(z.object(summaryShape)),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
const listQuery = z.object({
  tab: z.enum(DISPUTE_TABS).default('in-process'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(DISPUTE_PAGE_MAX).default(20),
});
const disputeParams = z.object({ disputeId: idSchema });

/** A party reads as its side; the back office reads every dispute. */
function viewerOf(request: FastifyRequest): DisputeViewer {
  const principal = principalOf(request);
  if (principal.user.sRole === 'operator') return { side: 'operator' };
  if (principal.enterpriseType === 'customer')
    return { side: 'buyer', enterpriseId: principal.enterpriseId };
  if (principal.enterpriseType === 'vendor')
    return { side: 'vendor', enterpriseId: principal.enterpriseId };
  throw new AppError('NOT_FOUND');
}

/** The dispute endpoints: buyers open them, vendors answer, the back office resolves. */
/** A photo upload: its file name and its bytes in base64. */
const imageUploadSchema = z.object({
  sFileName: z.string().trim().min(1).max(255),
  sContentBase64: z.string().min(1).max(IMAGE_BODY_LIMIT),
});

export async function disputesRoutes(
  app: FastifyInstance,
  options: { disputes: DisputesService },
): Promise<void> {
  const { disputes } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const buyer = sessionHook(app, buyerCaller);
  const vendor = sessionHook(app, vendorCaller);
  const anyViewer = async (request: FastifyRequest) => {
    await app.requireSession(request);
    viewerOf(request);
  };
  const operator = async (request: FastifyRequest) => {
    await app.requireSession(request);
    if (principalOf(request).user.sRole !== 'operator') throw new AppError('NOT_FOUND');
  };

  routes.get(
    '/disputes/categories',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Dispute categories and their subcategories, with labels',
        security,
        response: {
          200: z.object({
            categories: z.array(
              z.object({
                sKey: z.enum(DISPUTE_CATEGORY_KEYS),
                sName: z.string(),
                subcategories: z.array(z.object({ sKey: z.string(), sName: z.string() })),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ categories: disputes.categories(languageOf(request)) }),
  );

  routes.post(
    '/disputes',
    {
      onRequest: buyer,
      schema: {
        tags,
        summary:
          'Open a dispute on a delivered order, within the 8-hour PACA window (one open per order)',
        security,
        body: z.object({
          sOrderId: idSchema,
          sCategory: z.enum(DISPUTE_CATEGORY_KEYS),
          sSubcategory: z.string().trim().min(1).max(64),
          sDescription: z.string().trim().min(1).max(4000),
        }),
        response: { 201: disputeAnswer },
      },
    },
    async (request, reply) => {
      const dispute = await disputes.open(
        buyerCaller(request).enterpriseId,
        {
          orderId: request.body.sOrderId,
          category: request.body.sCategory,
          subcategory: request.body.sSubcategory,
          description: request.body.sDescription,
        },
        languageOf(request),
      );
      return reply.status(201).send({ dispute });
    },
  );

  routes.get(
    '/disputes',
    {
      onRequest: anyViewer,
      schema: {
        tags,
        summary:
          "The caller's disputes in one tab, newest first (a buyer's as buyer, a vendor's as vendor)",
        security,
        querystring: listQuery,
        response: { 200: listAnswer },
      },
    },
    async (request) =>
      disputes.list(viewerOf(request), request.query.tab, request.query, languageOf(request)),
  );

  routes.get(
    '/disputes/:disputeId',
    {
      onRequest: anyViewer,
      schema: {
        tags,
        summary: 'One dispute: category, description, images, who is in charge, resolution, answer',
        security,
        params: disputeParams,
        response: { 200: disputeAnswer },
      },
    },
    async (request) => ({
      dispute: await disputes.get(viewerOf(request), request.params.disputeId, languageOf(request)),
    }),
  );

  // A photo of the buyer's complaint, or of the grower's answer: the same upload, each party
  // its own path.
  for (const [path, side, onRequest, callerOf, summary] of [
    [
      '/disputes/:disputeId/images',
      'buyer',
      buyer,
      buyerCaller,
      'Add a photo to a dispute: JPEG, PNG or WebP, at most 5 MB, 15 per dispute',
    ],
    [
      '/vendor/disputes/:disputeId/images',
      'vendor',
      vendor,
      vendorCaller,
      "Add a photo to the grower's answer of a dispute in process: JPEG, PNG or WebP, at most 5 MB, 15 per dispute",
    ],
  ] as const) {
    routes.post(
      path,
      {
        onRequest,
        bodyLimit: IMAGE_BODY_LIMIT,
        schema: {
          tags,
          summary,
          security,
          params: disputeParams,
          body: imageUploadSchema,
          response: { 201: z.object({ image: imageSchema }) },
        },
      },
      async (request, reply) => {
        const image = await disputes.addImage(
          { side, enterpriseId: callerOf(request).enterpriseId },
          request.params.disputeId,
          { fileName: request.body.sFileName, contentBase64: request.body.sContentBase64 },
          languageOf(request),
        );
        return reply.status(201).send({ image });
      },
    );
  }

  routes.get(
    '/disputes/:disputeId/images/:imageId',
    {
      onRequest: anyViewer,
      schema: {
        tags,
        summary: "A dispute photo's bytes, for the dispute's two parties (and the back office)",
        security,
        params: z.object({ disputeId: idSchema, imageId: idSchema }),
      },
    },
    async (request, reply) => {
      const file = await disputes.image(
        viewerOf(request),
        request.params.disputeId,
        request.params.imageId,
      );
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );

  routes.post(
    '/vendor/disputes/:disputeId/answer',
    {
      onRequest: vendor,
      schema: {
        tags,
        summary: "The vendor's answer to a dispute in process",
        security,
        params: disputeParams,
        body: z.object({ sAnswer: z.string().trim().min(1).max(4000) }),
        response: { 200: disputeAnswer },
      },
    },
    async (request) => ({
      dispute: await disputes.answer(
        vendorCaller(request).enterpriseId,
        request.params.disputeId,
        request.body.sAnswer,
        languageOf(request),
      ),
    }),
  );

  routes.get(
    '/ops/disputes',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'Every dispute in one tab, newest first',
        security,
        querystring: listQuery,
        response: { 200: listAnswer },
      },
    },
    async (request) =>
      disputes.list({ side: 'operator' }, request.query.tab, request.query, languageOf(request)),
  );

  routes.post(
    '/ops/disputes/:disputeId/resolve',
    {
      onRequest: operator,
      schema: {
        tags,
        summary:
          'Resolve a dispute: finalized with the resolution, who was in charge, the final date',
        security,
        params: disputeParams,
        body: z.object({
          sResolution: z.string().trim().min(1).max(4000),
          sInCharge: z.string().trim().min(1).max(200),
          dRefund: nonNegativeMoneySchema
            .optional()
            .describe('USD of the held goods money back to the buyer; with dRelease'),
          dRelease: nonNegativeMoneySchema
            .optional()
            .describe(
              'USD of the held goods money paid out to the grower; the two add up to the hold',
            ),
        }),
        response: { 200: disputeAnswer },
      },
    },
    async (request) => ({
      dispute: await disputes.resolve(
        request.params.disputeId,
        {
          resolution: request.body.sResolution,
          inCharge: request.body.sInCharge,
          split: splitOf(request.body.dRefund, request.body.dRelease),
        },
        languageOf(request),
      ),
    }),
  );
}

/** The split of a resolution: both amounts or neither. */
function splitOf(
  refund: bigint | undefined,
  release: bigint | undefined,
): { refundCents: bigint; releaseCents: bigint } | undefined {
  if (refund === undefined && release === undefined) return undefined;
  if (refund === undefined) throw new AppError('INVALID_INPUT', { field: 'dRefund' });
  if (release === undefined) throw new AppError('INVALID_INPUT', { field: 'dRelease' });
  return { refundCents: refund, releaseCents: release };
}
