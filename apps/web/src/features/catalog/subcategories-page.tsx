import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { isApiError } from '../../lib/api-client';
import { useSubcategoriesQuery } from './api/catalog';
import { CardGrid, CardSkeletons } from '../../components/card-grid';
import { CatalogBreadcrumbs } from './components/catalog-breadcrumbs';
import { CategoryCard } from './components/category-card';
import { EmptyState } from './components/empty-state';
import { LoadError } from './components/load-error';

/** /catalogs/:id/subcatalogs: the subcategories of a category, each with its article count. */
export function SubcategoriesPage() {
  const { t } = useTranslation();
  const categoryId = useParams().id ?? '';
  const list = useSubcategoriesQuery(categoryId);
  const title = list.data?.category.sName ?? t('pages.subcatalogs');

  let content;
  if (list.isError) {
    content =
      isApiError(list.error) && list.error.status === 404 ? (
        <EmptyState message={list.error.message} />
      ) : (
        <LoadError
          message={t('catalog.subcategories.failed')}
          onRetry={() => void list.refetch()}
        />
      );
  } else if (!list.data) {
    content = <CardSkeletons count={4} imageHeight={140} label={t('common.loading')} />;
  } else if (list.data.subcategories.length === 0) {
    content = <EmptyState message={t('catalog.subcategories.empty')} />;
  } else {
    content = (
      <CardGrid>
        {list.data.subcategories.map((subcategory) => (
          <CategoryCard
            key={subcategory.sSubcategoryId}
            to={`/catalogs/${categoryId}/subcatalogs/${subcategory.sSubcategoryId}/articles`}
            name={subcategory.sName}
            imageUrl={subcategory.sImageUrl}
            count={t('catalog.subcategories.articles', { count: subcategory.iArticles })}
          />
        ))}
      </CardGrid>
    );
  }

  return (
    <>
      <CatalogBreadcrumbs
        crumbs={[{ label: t('catalog.breadcrumbs.catalogue'), to: '/catalogs' }, { label: title }]}
      />
      <PageFrame title={title} subtitle={t('catalog.subcategories.subtitle')}>
        {content}
      </PageFrame>
    </>
  );
}
