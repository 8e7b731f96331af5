import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  type ApiAnswer,
  type ApiBody,
} from '../../../lib/api/typed-client';
import { getLanguage } from '../../../lib/i18n/i18n';

/** One of the grower's own articles (GET vendor/articles/{articleId}). */
export type VendorArticle = ApiAnswer<'get', 'vendor/articles/{articleId}'>['article'];

export type ArticleImage = VendorArticle['aImages'][number];

export type VendorArticlesPage = ApiAnswer<'get', 'vendor/articles'>;

/** The body of POST vendor/articles and PUT vendor/articles/{articleId}. */
export type ArticleBody = ApiBody<'post', 'vendor/articles'>;

export type Category = ApiAnswer<'get', 'catalog/categories'>['categories'][number];

export type Subcategory = ApiAnswer<
  'get',
  'catalog/categories/{categoryId}/subcategories'
>['subcategories'][number];

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
  return queryOptions({
    queryKey: articleKeys.list(language, search, page),
    queryFn: () =>
      apiGet('vendor/articles', {
        query: { page, limit: ARTICLES_PAGE_SIZE, search: search || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

export function articleQueryOptions(articleId: string) {
  const language = getLanguage();
  return queryOptions({
    queryKey: articleKeys.one(language, articleId),
    queryFn: async () =>
      (await apiGet('vendor/articles/{articleId}', { params: { articleId } })).article,
  });
}

export function categoriesQueryOptions() {
  const language = getLanguage();
  return queryOptions({
    queryKey: articleKeys.categories(language),
    queryFn: async () => (await apiGet('catalog/categories')).categories,
    staleTime: 10 * 60_000,
  });
}

export function subcategoriesQueryOptions(categoryId: string) {
  const language = getLanguage();
  return queryOptions({
    queryKey: articleKeys.subcategories(language, categoryId),
    queryFn: async () =>
      (await apiGet('catalog/categories/{categoryId}/subcategories', { params: { categoryId } }))
        .subcategories,
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
      mutationFn: (body: ArticleBody) => apiPost('vendor/articles', { body }),
      onSuccess: invalidate,
      meta,
    }),
    update: useMutation({
      mutationFn: ({ sArticleId, body }: { sArticleId: string; body: ArticleBody }) =>
        apiPut('vendor/articles/{articleId}', { params: { articleId: sArticleId }, body }),
      onSuccess: invalidate,
      meta,
    }),
    setActive: useMutation({
      mutationFn: ({ sArticleId, active }: { sArticleId: string; active: boolean }) =>
        active
          ? apiPut('vendor/articles/{articleId}/activate', { params: { articleId: sArticleId } })
          : apiPut('vendor/articles/{articleId}/deactivate', { params: { articleId: sArticleId } }),
      onSuccess: invalidate,
      meta,
    }),
  };
}

export function uploadArticleImage(
  sArticleId: string,
  image: { sFileName: string; sContentBase64: string },
): Promise<{ image: ArticleImage }> {
  return apiPost('vendor/articles/{articleId}/images', {
    params: { articleId: sArticleId },
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
        apiDelete('vendor/articles/{articleId}/images/{imageId}', {
          params: { articleId: sArticleId, imageId: sImageId },
        }),
      onSettled: invalidate,
      meta,
    }),
  };
}
