import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nonNegativeMoneySchema } from '@app/domain';
import { AppError } from '../../errors.js';
import { languageOf } from '../../plugins/error-handler.js';
import type { CatalogService } from './catalog.service.js';
import { pageAnswerFields, pageQueryFields } from '../pagination.js';

const tags = ['marketplace'];
const idSchema = z.string().trim().min(1).max(64);

const pageQuery = pageQueryFields(20);

const catalogArticleSchema = z.object({
  sArticleId: z.string(),
  sName: z.string(),
  sDescription: z.string(),
  sOrigin: z.string().nullable(),
  sVendorId: z.string(),
  sVendorName: z.string(),
  bVendorVerified: z.boolean(),
  dPricePerBox: z.number(),
  sPriceBasis: z.string(),
  iBoxesPerPallet: z.number(),
  iMinBoxes: z.number(),
  iStock: z.number(),
  sSubcategoryId: z.string(),
  sCategoryId: z.string(),
  aImages: z.array(z.string()),
  dVendorRating: z.number().nullable(),
  iVendorRatings: z.number(),
  created_at: z.string(),
});

const vendorSummarySchema = z.object({
  sVendorId: z.string(),
  sName: z.string(),
  sDescription: z.string().nullable(),
  bVerified: z.boolean(),
  dRating: z.number().nullable(),
  iRatings: z.number(),
  iArticles: z.number(),
});

/** Public catalogue endpoints: no session needed. */
export async function catalogRoutes(
  app: FastifyInstance,
  options: { catalog: CatalogService },
): Promise<void> {
  const { catalog } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/catalog/categories',
    {
      schema: {
        tags,
        summary: 'Product categories with their subcategory counts (public)',
        response: {
          200: z.object({
            categories: z.array(
              z.object({
                sCategoryId: z.string(),
                sName: z.string(),
                sImageUrl: z.string().nullable(),
                iSubcategories: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => catalog.categories(languageOf(request)),
  );

  routes.get(
    '/catalog/categories/:categoryId/subcategories',
    {
      schema: {
        tags,
        summary: 'Subcategories of a category with their active article counts (public)',
        params: z.object({ categoryId: idSchema }),
        response: {
          200: z.object({
            category: z.object({ sCategoryId: z.string(), sName: z.string() }),
            subcategories: z.array(
              z.object({
                sSubcategoryId: z.string(),
                sCategoryId: z.string(),
                sName: z.string(),
                sImageUrl: z.string().nullable(),
                iArticles: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => catalog.subcategories(request.params.categoryId, languageOf(request)),
  );

  routes.get(
    '/catalog/articles',
    {
      schema: {
        tags,
        summary: 'Search active articles: filters, sort and pages (public; prices FOB McAllen)',
        querystring: z
          .object({
            sSubcategoryId: idSchema.optional(),
            sCategoryId: idSchema.optional(),
            sVendorId: idSchema.optional(),
            search: z.string().trim().max(100).optional(),
            minPrice: nonNegativeMoneySchema.optional(),
            maxPrice: nonNegativeMoneySchema.optional(),
            sort: z.enum(['newest', 'price_asc', 'price_desc', 'name']).default('newest'),
            ...pageQuery,
          })
          .refine(
            (query) =>
              query.minPrice === undefined ||
              query.maxPrice === undefined ||
              query.minPrice <= query.maxPrice,
            { path: ['maxPrice'], message: 'MIN_ABOVE_MAX' },
          ),
        response: {
          200: z.object({
            articles: z.array(catalogArticleSchema),
            ...pageAnswerFields,
          }),
        },
      },
    },
    async (request) => {
      const query = request.query;
      return catalog.searchArticles(
        {
          subcategoryId: query.sSubcategoryId,
          categoryId: query.sCategoryId,
          vendorId: query.sVendorId,
          search: query.search === '' ? undefined : query.search,
          minPriceCents: query.minPrice,
          maxPriceCents: query.maxPrice,
        },
        query.sort,
        query.page,
        query.limit,
        languageOf(request),
      );
    },
  );

  routes.get(
    '/catalog/articles/:articleId',
    {
      schema: {
        tags,
        summary: 'One active article with photos, vendor, category and terms (public)',
        params: z.object({ articleId: idSchema }),
        response: {
          200: z.object({
            article: z.object({
              sArticleId: z.string(),
              sName: z.string(),
              sDescription: z.string(),
              sOrigin: z.string().nullable(),
              dPricePerBox: z.number(),
              sPriceBasis: z.string(),
              iBoxesPerPallet: z.number(),
              iMinBoxes: z.number(),
              iStock: z.number(),
              aImages: z.array(z.string()),
              category: z.object({ sCategoryId: z.string(), sName: z.string() }),
              subcategory: z.object({ sSubcategoryId: z.string(), sName: z.string() }),
              vendor: vendorSummarySchema.omit({ iArticles: true }),
              created_at: z.string(),
              updated_at: z.string(),
            }),
          }),
        },
      },
    },
    async (request) => catalog.article(request.params.articleId, languageOf(request)),
  );

  routes.get(
    '/catalog/vendors',
    {
      schema: {
        tags,
        summary: 'Listed (verified) growers with their rating (public)',
        querystring: z.object(pageQuery),
        response: {
          200: z.object({
            vendors: z.array(vendorSummarySchema),
            ...pageAnswerFields,
          }),
        },
      },
    },
    async (request) => catalog.vendors(request.query.page, request.query.limit),
  );

  routes.get(
    '/catalog/vendors/:vendorId',
    {
      onRequest: app.readSession,
      schema: {
        tags,
        summary:
          "A vendor's storefront: company, rating and newest articles (public; the grower " +
          'itself also sees the articles not yet listed)',
        params: z.object({ vendorId: idSchema }),
        response: {
          200: z.object({
            vendor: vendorSummarySchema.extend({
              sPacaLicense: z.string().nullable(),
              sBlueBookNumber: z.string().nullable(),
              created_at: z.string(),
              /** Whether buyers see its articles (verified by the back office, with a valid CLABE). */
              bListed: z.boolean(),
            }),
            articles: z.array(catalogArticleSchema),
          }),
        },
      },
    },
    async (request) =>
      catalog.vendor(
        request.params.vendorId,
        languageOf(request),
        request.principal?.enterpriseId === request.params.vendorId,
      ),
  );

  routes.get(
    '/files/*',
    {
      schema: {
        tags,
        summary: 'A stored article photo (public, long cached)',
        params: z.object({ '*': z.string().max(300) }),
      },
    },
    async (request, reply) => {
      const file = await catalog.articleImage(request.params['*']);
      if (!file) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', file.cacheControl)
        .send(file.bytes);
    },
  );
}
