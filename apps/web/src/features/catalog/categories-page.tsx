import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame';
import { useCategoriesQuery } from './api/catalog';
import { CardGrid, CardSkeletons } from '../../components/card-grid';
import { CategoryCard } from './components/category-card';
import { EmptyState } from './components/empty-state';
import { LoadError } from './components/load-error';

/** /catalogs: the product categories, each with its number of subcategories. */
export function CategoriesPage() {
  const { t } = useTranslation();
  const categories = useCategoriesQuery();

  let content;
  if (categories.isError) {
    content = (
      <LoadError
        message={t('catalog.categories.failed')}
        onRetry={() => void categories.refetch()}
      />
    );
  } else if (!categories.data) {
    content = <CardSkeletons count={4} imageHeight={140} label={t('common.loading')} />;
  } else if (categories.data.length === 0) {
    content = <EmptyState message={t('catalog.categories.empty')} />;
  } else {
    content = (
      <CardGrid>
        {categories.data.map((category) => (
          <CategoryCard
            key={category.sCategoryId}
            to={`/catalogs/${category.sCategoryId}/subcatalogs`}
            name={category.sName}
            imageUrl={category.sImageUrl}
            count={t('catalog.categories.subcategories', { count: category.iSubcategories })}
          />
        ))}
      </CardGrid>
    );
  }

  return (
    <PageFrame title={t('catalog.categories.title')} subtitle={t('catalog.categories.subtitle')}>
      {content}
    </PageFrame>
  );
}
