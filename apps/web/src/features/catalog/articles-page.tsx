import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import type { ArticleQuery } from './api/catalog';
import { useArticlesQuery, useSubcategoriesQuery, useVendorsQuery } from './api/catalog';
import type { ArticleFilters } from './article-filters';
import {
  hasActiveFilters,
  priceRangeProblems,
  readArticleFilters,
  writeArticleFilters,
} from './article-filters';
import { ArticleCard } from './components/article-card';
import { ArticleFiltersBar } from './components/article-filters-bar';
import { CardGrid, CardSkeletons } from '../../components/card-grid';
import { ListPagination } from '../../components/list-pagination';
import { CatalogBreadcrumbs } from './components/catalog-breadcrumbs';
import { EmptyState } from './components/empty-state';
import { LoadError } from './components/load-error';

const PAGE_SIZE = 12;
/** Growers offered in the filter: the API's largest page. */
const GROWER_OPTIONS = 100;

/**
 * /catalogs/:idCategory/subcatalogs/:idSubcategory/articles: the articles of a subcategory
 * with search, grower and price filters, sort and pages, all kept in the query string.
 */
export function ArticlesPage() {
  const { t } = useTranslation();
  const { idCategory = '', idSubcategory = '' } = useParams();
  const subcategories = useSubcategoriesQuery(idCategory);
  const subcategory = subcategories.data?.subcategories.find(
    (item) => item.sSubcategoryId === idSubcategory,
  );
  const title = subcategory?.sName ?? t('pages.articles');
  return (
    <ArticleListView
      subcategoryId={idSubcategory}
      title={title}
      emptyNoFilters={t('catalog.articles.emptyNoFilters')}
      crumbs={[
        { label: t('catalog.breadcrumbs.catalogue'), to: '/catalogs' },
        {
          label: subcategories.data?.category.sName ?? t('pages.subcatalogs'),
          to: `/catalogs/${idCategory}/subcatalogs`,
        },
        { label: title },
      ]}
    />
  );
}

/**
 * /search?search=…: the whole catalogue searched from the top bar, most relevant first,
 * with the same filters, sort and page links as a subcategory's list.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { search } = readArticleFilters(searchParams);
  const title = search
    ? t('catalog.search.titleFor', { query: search })
    : t('catalog.search.title');
  return (
    <ArticleListView
      title={title}
      emptyNoFilters={t('catalog.search.emptyNoQuery')}
      crumbs={[
        { label: t('catalog.breadcrumbs.catalogue'), to: '/catalogs' },
        { label: t('catalog.search.title') },
      ]}
    />
  );
}

function ArticleListView(props: {
  subcategoryId?: string;
  title: string;
  emptyNoFilters: string;
  crumbs: Array<{ label: string; to?: string }>;
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readArticleFilters(searchParams), [searchParams]);
  const vendors = useVendorsQuery(1, GROWER_OPTIONS);
  const { title } = props;

  const rangeOk = !priceRangeProblems(filters.minPrice, filters.maxPrice).max;
  const query: ArticleQuery = {
    subcategoryId: props.subcategoryId,
    vendorId: filters.vendor || undefined,
    search: filters.search || undefined,
    minPrice: filters.minPrice || undefined,
    maxPrice: rangeOk ? filters.maxPrice || undefined : undefined,
    sort: filters.sort,
    page: filters.page,
    limit: PAGE_SIZE,
  };
  const articles = useArticlesQuery(query);

  const update = useCallback(
    (patch: Partial<ArticleFilters>, options: { typing?: boolean } = {}) => {
      setSearchParams(
        (current) =>
          writeArticleFilters({ ...readArticleFilters(current), ...patch, page: patch.page ?? 1 }),
        { replace: options.typing === true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );
  const clear = useCallback(
    () =>
      setSearchParams((current) => {
        const { sort } = readArticleFilters(current);
        return writeArticleFilters({
          search: '',
          vendor: '',
          minPrice: '',
          maxPrice: '',
          sort,
          page: 1,
        });
      }),
    [setSearchParams],
  );

  const data = articles.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  let content;
  if (articles.isError) {
    content = (
      <LoadError message={t('catalog.articles.failed')} onRetry={() => void articles.refetch()} />
    );
  } else if (!data) {
    content = <CardSkeletons count={8} imageHeight={160} label={t('catalog.articles.loading')} />;
  } else if (data.articles.length === 0) {
    content = hasActiveFilters(filters) ? (
      <EmptyState
        message={t('catalog.articles.empty')}
        action={
          <Button variant="outlined" onClick={clear}>
            {t('catalog.articles.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState message={props.emptyNoFilters} />
    );
  } else {
    content = (
      <Box sx={{ opacity: articles.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}>
        <CardGrid>
          {data.articles.map((article) => (
            <ArticleCard key={article.sArticleId} article={article} />
          ))}
        </CardGrid>
      </Box>
    );
  }

  return (
    <>
      <CatalogBreadcrumbs crumbs={props.crumbs} />
      <PageFrame title={title} subtitle={t('catalog.articles.subtitle')}>
        <ArticleFiltersBar
          filters={filters}
          vendors={vendors.data?.vendors}
          onChange={update}
          onClear={clear}
        />
        <Typography
          role="status"
          aria-live="polite"
          color="text.secondary"
          sx={{ mb: 1.5 }}
          data-testid="article-count"
        >
          {data ? t('catalog.articles.results', { count: data.total }) : '\u00a0'}
        </Typography>
        {content}
        {data && (
          <ListPagination
            label={t('catalog.articles.pages')}
            page={filters.page}
            count={pageCount}
            onChange={(page) => {
              update({ page });
              window.scrollTo({ top: 0 });
            }}
            hrefOf={(page) => `?${writeArticleFilters({ ...filters, page }).toString()}`}
          />
        )}
      </PageFrame>
    </>
  );
}
