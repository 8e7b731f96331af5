import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moneySchema } from '@app/domain';
import { languageOf } from '../../plugins/error-handler.js';
import { sessionHook, vendorCaller } from '../marketplace-access.js';
import type { ArticleFields, VendorArticlesService } from './vendor-articles.service.js';
import { pageAnswerFields, pageQueryFields } from '../pagination.js';

const tags = ['marketplace'];
const security = [{ bearerAuth: [] }];
const idSchema = z.string().trim().min(1).max(64);
/** Counts of boxes stay far inside Postgres integer. */
const MAX_BOXES = 1_000_000;
/** An upload of 5 MB is about 6.7 MB of base64. */
const IMAGE_BODY_LIMIT = 8 * 1024 * 1024;

const imageSchema = z.object({ sImageId: z.string(), sUrl: z.string() });

const vendorArticleSchema = z.object({
  sArticleId: z.string(),
  sName: z.string(),
  sDescription: z.string(),
  sNameEn: z.string().nullable(),
  sNameSp: z.string().nullable(),
  sDescriptionEn: z.string().nullable(),
  sDescriptionSp: z.string().nullable(),
  sOrigin: z.string().nullable(),
  sSubcategoryId: z.string(),
  sSubcategoryName: z.string(),
  sCategoryId: z.string(),
  sCategoryName: z.string(),
  dPricePerBox: z.number(),
  iBoxesPerPallet: z.number(),
  iMinBoxes: z.number(),
  iStock: z.number(),
  bActive: z.boolean(),
  aImages: z.array(imageSchema),
  created_at: z.string(),
  updated_at: z.string(),
});

/**
 * The article form: price per box in USD (FOB McAllen), counts in boxes. `sName` and
 * `sDescription` are the English texts, `sNameSp` and `sDescriptionSp` the Spanish ones;
 * one name at least.
 */
const articleBodySchema = z.object({
  sName: z.string().trim().max(200).default(''),
  sDescription: z.string().trim().max(4000).default(''),
  sNameSp: z.string().trim().max(200).nullish(),
  sDescriptionSp: z.string().trim().max(4000).nullish(),
  sOrigin: z.string().trim().max(200).nullish(),
  sSubcategoryId: idSchema,
  dPricePerBox: moneySchema,
  iBoxesPerPallet: z.number().int().min(1).max(10_000),
  iMinBoxes: z.number().int().min(1).max(MAX_BOXES),
  iStock: z.number().int().min(0).max(MAX_BOXES),
});

function toFields(body: z.infer<typeof articleBodySchema>): ArticleFields {
  return {
    subcategoryId: body.sSubcategoryId,
    name: body.sName,
    description: body.sDescription,
    // Absent keeps the stored Spanish text; null or '' clears it.
    nameSp: body.sNameSp === undefined ? undefined : body.sNameSp || null,
    descriptionSp: body.sDescriptionSp === undefined ? undefined : body.sDescriptionSp || null,
    origin: body.sOrigin ? body.sOrigin : null,
    pricePerBoxCents: body.dPricePerBox,
    boxesPerPallet: body.iBoxesPerPallet,
    minBoxes: body.iMinBoxes,
    stockBoxes: body.iStock,
  };
}

/** A vendor's own articles (vendor enterprises only; anyone else gets 404). */
export async function vendorArticlesRoutes(
  app: FastifyInstance,
  options: { vendorArticles: VendorArticlesService },
): Promise<void> {
  const { vendorArticles } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const articleAnswer = z.object({ article: vendorArticleSchema });
  const articleParams = z.object({ articleId: idSchema });
  const vendorOnly = sessionHook(app, vendorCaller);

  routes.get(
    '/vendor/articles',
    {
      onRequest: vendorOnly,
      schema: {
        tags,
        summary: "The vendor's own articles, newest first (active and inactive)",
        security,
        querystring: z.object({
          search: z.string().trim().max(100).optional(),
          bActive: z.enum(['true', 'false']).optional(),
          ...pageQueryFields(20),
        }),
        response: {
          200: z.object({
            articles: z.array(vendorArticleSchema),
            ...pageAnswerFields,
          }),
        },
      },
    },
    async (request) => {
      const { enterpriseId } = vendorCaller(request);
      const { search, bActive, page, limit } = request.query;
      return vendorArticles.list(
        enterpriseId,
        {
          search: search ? search : undefined,
          active: bActive === undefined ? undefined : bActive === 'true',
        },
        page,
        limit,
        languageOf(request),
      );
    },
  );

  routes.get(
    '/vendor/articles/:articleId',
    {
      onRequest: vendorOnly,
      schema: {
        tags,
        summary: "One of the vendor's own articles",
        security,
        params: articleParams,
        response: { 200: articleAnswer },
      },
    },
    async (request) => ({
      article: await vendorArticles.get(
        vendorCaller(request).enterpriseId,
        request.params.articleId,
        languageOf(request),
      ),
    }),
  );

  routes.post(
    '/vendor/articles',
    {
      onRequest: vendorOnly,
      schema: {
        tags,
        summary:
          'Publish an article (price per box USD FOB McAllen, boxes per pallet, minimum, stock)',
        security,
        body: articleBodySchema,
        response: { 201: articleAnswer },
      },
    },
    async (request, reply) => {
      const article = await vendorArticles.create(
        vendorCaller(request).enterpriseId,
        toFields(request.body),
        languageOf(request),
      );
      return reply.status(201).send({ article });
    },
  );

  routes.put(
    '/vendor/articles/:articleId',
    {
      onRequest: vendorOnly,
      schema: {
        tags,
        summary: "Edit one of the vendor's articles (the whole form)",
        security,
        params: articleParams,
        body: articleBodySchema,
        response: { 200: articleAnswer },
      },
    },
    async (request) => ({
      article: await vendorArticles.update(
        vendorCaller(request).enterpriseId,
        request.params.articleId,
        toFields(request.body),
        languageOf(request),
      ),
    }),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    routes.put(
      `/vendor/articles/:articleId/${action}`,
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: active
            ? 'Show a deactivated article in the catalogue again'
            : 'Hide an article from the catalogue (carts show it unavailable)',
          security,
          params: articleParams,
          response: { 200: articleAnswer },
        },
      },
      async (request) => ({
        article: await vendorArticles.setActive(
          vendorCaller(request).enterpriseId,
          request.params.articleId,
          active,
          languageOf(request),
        ),
      }),
    );
  }

  routes.post(
    '/vendor/articles/:articleId/images',
    {
      onRequest: vendorOnly,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a photo to an article: JPEG, PNG or WebP, at most 5 MB, 10 per article',
        security,
        params: articleParams,
        body: z.object({
          sFileName: z.string().trim().min(1).max(255),
          sContentBase64: z.string().min(1).max(IMAGE_BODY_LIMIT),
        }),
        response: { 201: z.object({ image: imageSchema }) },
      },
    },
    async (request, reply) => {
      const image = await vendorArticles.addImage(
        vendorCaller(request).enterpriseId,
        request.params.articleId,
        request.body.sContentBase64,
      );
      return reply.status(201).send({ image });
    },
  );

  routes.delete(
    '/vendor/articles/:articleId/images/:imageId',
    {
      onRequest: vendorOnly,
      schema: {
        tags,
        summary: 'Remove a photo of an article',
        security,
        params: z.object({ articleId: idSchema, imageId: idSchema }),
      },
    },
    async (request, reply) => {
      await vendorArticles.removeImage(
        vendorCaller(request).enterpriseId,
        request.params.articleId,
        request.params.imageId,
      );
      return reply.status(204).send();
    },
  );
}
