import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/i18n';

/** The public catalogue (GET catalog/*): no session needed; names follow the language. */

export interface Category {
  sCategoryId: string;
  sName: string;
  sImageUrl: string | null;
  iSubcategories: number;
}

export interface Subcategory {
  sSubcategoryId: string;
  sCategoryId: string;
  sName: string;
  sImageUrl: string | null;
  iArticles: number;
}

export interface SubcategoryList {
  category: { sCategoryId: string; sName: string };
  subcategories: Subcategory[];
}

export interface CatalogArticle {
  sArticleId: string;
  sName: string;
  sDescription: string;
  sOrigin: string | null;
  sVendorId: string;
  sVendorName: string;
  bVendorVerified: boolean;
  dPricePerBox: number;
  sPriceBasis: string;
  iBoxesPerPallet: number;
  iMinBoxes: number;
  iStock: number;
  sSubcategoryId: string;
  sCategoryId: string;
  aImages: string[];
  dVendorRating: number | null;
  iVendorRatings: number;
  created_at: string;
}

export interface ArticleList {
  articles: CatalogArticle[];
  total: number;
  page: number;
  limit: number;
}

export interface ArticleDetail {
  sArticleId: string;
  sName: string;
  sDescription: string;
  sOrigin: string | null;
  dPricePerBox: number;
  sPriceBasis: string;
  iBoxesPerPallet: number;
  iMinBoxes: number;
  iStock: number;
  aImages: string[];
  category: { sCategoryId: string; sName: string };
  subcategory: { sSubcategoryId: string; sName: string };
  vendor: {
    sVendorId: string;
    sName: string;
    sDescription: string | null;
    bVerified: boolean;
    dRating: number | null;
    iRatings: number;
  };
  created_at: string;
  updated_at: string;
}

export interface VendorSummary {
  sVendorId: string;
  sName: string;
  sDescription: string | null;
  bVerified: boolean;
  dRating: number | null;
  iRatings: number;
  iArticles: number;
}

export interface VendorList {
  vendors: VendorSummary[];
  total: number;
  page: number;
  limit: number;
}

export interface VendorStorefront {
  vendor: VendorSummary & {
    sPacaLicense: string | null;
    sBlueBookNumber: string | null;
    created_at: string;
  };
  articles: CatalogArticle[];
}

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

/** The query string of GET catalog/articles; empty filters are left out. */
export function articlesPath(query: ArticleQuery): string {
  const params = new URLSearchParams();
  if (query.subcategoryId) params.set('sSubcategoryId', query.subcategoryId);
  if (query.vendorId) params.set('sVendorId', query.vendorId);
  if (query.search) params.set('search', query.search);
  if (query.minPrice) params.set('minPrice', query.minPrice);
  if (query.maxPrice) params.set('maxPrice', query.maxPrice);
  params.set('sort', query.sort);
  params.set('page', String(query.page));
  params.set('limit', String(query.limit));
  return `catalog/articles?${params.toString()}`;
}

const segment = encodeURIComponent;

export function useCategoriesQuery() {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: catalogKeys.categories(language),
      queryFn: async () =>
        (await apiRequest<{ categories: Category[] }>('catalog/categories')).categories,
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
        apiRequest<SubcategoryList>(`catalog/categories/${segment(categoryId)}/subcategories`),
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
      queryFn: () => apiRequest<ArticleList>(articlesPath(query)),
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
        (await apiRequest<{ article: ArticleDetail }>(`catalog/articles/${segment(articleId)}`))
          .article,
      meta: { errorToast: false },
    }),
  );
}

export function useVendorsQuery(page: number, limit: number) {
  return useQuery(
    queryOptions({
      queryKey: catalogKeys.vendors(page, limit),
      queryFn: () => apiRequest<VendorList>(`catalog/vendors?page=${page}&limit=${limit}`),
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
      queryFn: () => apiRequest<VendorStorefront>(`catalog/vendors/${segment(vendorId)}`),
      meta: { errorToast: false },
    }),
  );
}
