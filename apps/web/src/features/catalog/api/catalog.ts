import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@app/domain';
import { apiGet, type ApiAnswer, type ApiQuery } from '../../../lib/api/typed-client';
import { useLanguage } from '../../../lib/i18n/i18n';

/** The public catalogue (GET catalog/*): no session needed; names follow the language. */

export type Category = ApiAnswer<'get', 'catalog/categories'>['categories'][number];

export type SubcategoryList = ApiAnswer<'get', 'catalog/categories/{categoryId}/subcategories'>;

export type Subcategory = SubcategoryList['subcategories'][number];

export type ArticleList = ApiAnswer<'get', 'catalog/articles'>;

export type CatalogArticle = ArticleList['articles'][number];

export type ArticleDetail = ApiAnswer<'get', 'catalog/articles/{articleId}'>['article'];

export type VendorList = ApiAnswer<'get', 'catalog/vendors'>;

export type VendorSummary = VendorList['vendors'][number];

/** A grower's storefront; `vendor.bListed` is false only in its own preview. */
export type VendorStorefront = ApiAnswer<'get', 'catalog/vendors/{vendorId}'>;

export const ARTICLE_SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

export interface ArticleQuery {
  subcategoryId?: string | undefined;
  vendorId?: string | undefined;
  search?: string | undefined;
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
  sort: ArticleSort;
  page: number;
  limit: number;
}

export const catalogKeys = {
  all: ['catalog'] as const,
  categories: (language: Language) => [...catalogKeys.all, 'categories', language] as const,
  subcategories: (language: Language, categoryId: string) =>
    [...catalogKeys.all, 'subcategories', language, categoryId] as const,
  articles: (language: Language, query: ArticleQuery) =>
    [...catalogKeys.all, 'articles', language, query] as const,
  article: (language: Language, articleId: string) =>
    [...catalogKeys.all, 'article', language, articleId] as const,
  vendors: (page: number, limit: number) => [...catalogKeys.all, 'vendors', page, limit] as const,
  vendor: (language: Language, vendorId: string) =>
    [...catalogKeys.all, 'vendor', language, vendorId] as const,
};

/** The query of GET catalog/articles; empty filters are left out. */
export function articlesQuery(query: ArticleQuery): ApiQuery<'get', 'catalog/articles'> {
  return {
    sSubcategoryId: query.subcategoryId || undefined,
    sVendorId: query.vendorId || undefined,
    search: query.search || undefined,
    minPrice: query.minPrice || undefined,
    maxPrice: query.maxPrice || undefined,
    sort: query.sort,
    page: query.page,
    limit: query.limit,
  };
}

export function useCategoriesQuery() {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: catalogKeys.categories(language),
      queryFn: async () => (await apiGet('catalog/categories')).categories,
      meta: { errorToast: false },
    }),
  );
}

export function useSubcategoriesQuery(categoryId: string) {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: catalogKeys.subcategories(language, categoryId),
      queryFn: () =>
        apiGet('catalog/categories/{categoryId}/subcategories', { params: { categoryId } }),
      meta: { errorToast: false },
    }),
  );
}

/** A page of articles; the previous page stays on screen while the next one loads. */
export function useArticlesQuery(query: ArticleQuery, enabled = true) {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: catalogKeys.articles(language, query),
      queryFn: () => apiGet('catalog/articles', { query: articlesQuery(query) }),
      placeholderData: keepPreviousData,
      enabled,
      meta: { errorToast: false },
    }),
  );
}

export function useArticleQuery(articleId: string) {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: catalogKeys.article(language, articleId),
      queryFn: async () =>
        (await apiGet('catalog/articles/{articleId}', { params: { articleId } })).article,
      meta: { errorToast: false },
    }),
  );
}

export function useVendorsQuery(page: number, limit: number) {
  return useQuery(
    queryOptions({
      queryKey: catalogKeys.vendors(page, limit),
      queryFn: () => apiGet('catalog/vendors', { query: { page, limit } }),
      placeholderData: keepPreviousData,
      meta: { errorToast: false },
    }),
  );
}

export function useVendorQuery(vendorId: string) {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: catalogKeys.vendor(language, vendorId),
      queryFn: () => apiGet('catalog/vendors/{vendorId}', { params: { vendorId } }),
      meta: { errorToast: false },
    }),
  );
}
