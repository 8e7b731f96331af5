import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getLanguage } from '../../../lib/i18n/i18n';

export interface ArticleImage {
  sImageId: string;
  sUrl: string;
}

/** One of the grower's own articles (GET vendor/articles). */
export interface VendorArticle {
  sArticleId: string;
  sName: string;
  sDescription: string;
  sOrigin: string | null;
  sSubcategoryId: string;
  sSubcategoryName: string;
  sCategoryId: string;
  sCategoryName: string;
  dPricePerBox: number;
  iBoxesPerPallet: number;
  iMinBoxes: number;
  iStock: number;
  bActive: boolean;
  aImages: ArticleImage[];
  created_at: string;
  updated_at: string;
}

export interface VendorArticlesPage {
  articles: VendorArticle[];
  total: number;
  page: number;
  limit: number;
}

/** The body of POST vendor/articles and PUT vendor/articles/:id. */
export interface ArticleBody {
  sName: string;
  sDescription: string;
  sOrigin: string | null;
  sSubcategoryId: string;
  dPricePerBox: number;
  iBoxesPerPallet: number;
  iMinBoxes: number;
  iStock: number;
}

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

export const ARTICLES_PAGE_SIZE = 12;

/** Names of categories come in the interface language, so the language is in every key. */
export const articleKeys = {
  all: ['vendor-articles'] as const,
  list: (language: string, search: string, page: number) =>
    [...articleKeys.all, 'list', language, search, page] as const,
  one: (language: string, articleId: string) =>
    [...articleKeys.all, 'one', language, articleId] as const,
  categories: (language: string) => [...articleKeys.all, 'categories', language] as const,
  subcategories: (language: string, categoryId: string) =>
    [...articleKeys.all, 'subcategories', language, categoryId] as const,
};

export function articlesQueryOptions(search: string, page: number) {
  const language = getLanguage();
  const query = new URLSearchParams({ page: String(page), limit: String(ARTICLES_PAGE_SIZE) });
  if (search) query.set('search', search);
  return queryOptions({
    queryKey: articleKeys.list(language, search, page),
    queryFn: () => apiRequest<VendorArticlesPage>(`vendor/articles?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function articleQueryOptions(articleId: string) {
  const language = getLanguage();
  return queryOptions({
    queryKey: articleKeys.one(language, articleId),
    queryFn: async () =>
      (
        await apiRequest<{ article: VendorArticle }>(
          `vendor/articles/${encodeURIComponent(articleId)}`,
        )
      ).article,
  });
}

export function categoriesQueryOptions() {
  const language = getLanguage();
  return queryOptions({
    queryKey: articleKeys.categories(language),
    queryFn: async () =>
      (await apiRequest<{ categories: Category[] }>('catalog/categories')).categories,
    staleTime: 10 * 60_000,
  });
}

export function subcategoriesQueryOptions(categoryId: string) {
  const language = getLanguage();
  return queryOptions({
    queryKey: articleKeys.subcategories(language, categoryId),
    queryFn: async () =>
      (
        await apiRequest<{ subcategories: Subcategory[] }>(
          `catalog/categories/${encodeURIComponent(categoryId)}/subcategories`,
        )
      ).subcategories,
    enabled: categoryId !== '',
    staleTime: 10 * 60_000,
  });
}

export const useArticlesQuery = (search: string, page: number) =>
  useQuery(articlesQueryOptions(search, page));
export const useCategoriesQuery = () => useQuery(categoriesQueryOptions());
export const useSubcategoriesQuery = (categoryId: string) =>
  useQuery(subcategoriesQueryOptions(categoryId));

export function useArticleQuery(articleId: string | undefined) {
  return useQuery({ ...articleQueryOptions(articleId ?? ''), enabled: Boolean(articleId) });
}

const meta = { errorToast: false };

function useInvalidateArticles() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: articleKeys.all });
}

export function useArticleMutations() {
  const invalidate = useInvalidateArticles();
  return {
    create: useMutation({
      mutationFn: (body: ArticleBody) =>
        apiRequest<{ article: VendorArticle }>('vendor/articles', { method: 'POST', body }),
      onSuccess: invalidate,
      meta,
    }),
    update: useMutation({
      mutationFn: ({ sArticleId, body }: { sArticleId: string; body: ArticleBody }) =>
        apiRequest<{ article: VendorArticle }>(
          `vendor/articles/${encodeURIComponent(sArticleId)}`,
          { method: 'PUT', body },
        ),
      onSuccess: invalidate,
      meta,
    }),
    setActive: useMutation({
      mutationFn: ({ sArticleId, active }: { sArticleId: string; active: boolean }) =>
        apiRequest<{ article: VendorArticle }>(
          `vendor/articles/${encodeURIComponent(sArticleId)}/${active ? 'activate' : 'deactivate'}`,
          { method: 'PUT' },
        ),
      onSuccess: invalidate,
      meta,
    }),
  };
}

export function uploadArticleImage(
  sArticleId: string,
  image: { sFileName: string; sContentBase64: string },
): Promise<{ image: ArticleImage }> {
  return apiRequest(`vendor/articles/${encodeURIComponent(sArticleId)}/images`, {
    method: 'POST',
    body: image,
  });
}

export function useArticleImageMutations() {
  const invalidate = useInvalidateArticles();
  return {
    upload: useMutation({
      mutationFn: ({
        sArticleId,
        image,
      }: {
        sArticleId: string;
        image: { sFileName: string; sContentBase64: string };
      }) => uploadArticleImage(sArticleId, image),
      onSettled: invalidate,
      meta,
    }),
    remove: useMutation({
      mutationFn: ({ sArticleId, sImageId }: { sArticleId: string; sImageId: string }) =>
        apiRequest<void>(
          `vendor/articles/${encodeURIComponent(sArticleId)}/images/${encodeURIComponent(sImageId)}`,
          { method: 'DELETE' },
        ),
      onSettled: invalidate,
      meta,
    }),
  };
}
