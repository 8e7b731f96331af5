import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { isApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { useArticleQuery } from './api/catalog';
import type { ArticleDetail } from './api/catalog';
import { BuyPanel } from './components/buy-panel';
import { CatalogBreadcrumbs } from './components/catalog-breadcrumbs';
import { EmptyState } from './components/empty-state';
import { FactList } from '../../components/fact-list';
import { LoadError } from './components/load-error';
import { PhotoGallery } from './components/photo-gallery';
import { RatingStars } from './components/rating-stars';
import { VerifiedChip } from './components/verified-chip';

function ArticleSkeleton() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('common.loading')}
      sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' } }}
    >
      <Skeleton variant="rectangular" height={380} />
      <Box>
        <Skeleton variant="text" width="60%" height={40} />
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="text" width="50%" />
        <Skeleton variant="rectangular" height={200} sx={{ mt: 2 }} />
      </Box>
    </Box>
  );
}

function ArticleView({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation();
  const { vendor } = article;
  const boxes = (count: number) => t('catalog.article.boxes', { count });
  const facts = [
    {
      label: t('catalog.article.boxesPerPallet'),
      value: String(article.iBoxesPerPallet),
      testId: 'boxes-per-pallet',
    },
    { label: t('catalog.article.minimum'), value: boxes(article.iMinBoxes), testId: 'minimum' },
    { label: t('catalog.article.stock'), value: boxes(article.iStock), testId: 'stock' },
    ...(article.sOrigin ? [{ label: t('catalog.article.origin'), value: article.sOrigin }] : []),
  ];

  return (
    <>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' } }}>
        <PhotoGallery images={article.aImages} name={article.sName} />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t('catalog.article.grower')}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Link
                component={RouterLink}
                to={`/vendor/detail/${vendor.sVendorId}`}
                sx={{ fontWeight: 600, fontSize: '1.1rem' }}
              >
                {vendor.sName}
              </Link>
              {vendor.bVerified && <VerifiedChip />}
            </Box>
            <Box sx={{ mt: 0.5 }}>
              <RatingStars rating={vendor.dRating} count={vendor.iRatings} />
            </Box>
          </Paper>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('catalog.article.pricePerBox')}
            </Typography>
            <Typography
              sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }}
              data-testid="price-per-box"
            >
              {formatMoney(article.dPricePerBox)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('catalog.article.priceBasis')}
            </Typography>
          </Box>
          <FactList facts={facts} />
          <BuyPanel article={article} />
        </Box>
      </Box>
      <Divider sx={{ my: 4 }} />
      <Box component="section" aria-labelledby="description-title">
        <Typography id="description-title" variant="h2" sx={{ mb: 1 }}>
          {t('catalog.article.description')}
        </Typography>
        <Typography
          sx={{ whiteSpace: 'pre-line', maxWidth: 800 }}
          color={article.sDescription ? 'text.primary' : 'text.secondary'}
        >
          {article.sDescription || t('catalog.article.noDescription')}
        </Typography>
      </Box>
    </>
  );
}

/** /view/article/:id: photos, grower, price per box FOB McAllen, terms, stock and buying. */
export function ArticlePage() {
  const { t } = useTranslation();
  const articleId = useParams().id ?? '';
  const article = useArticleQuery(articleId);
  const data = article.data;

  if (article.isError) {
    const notFound = isApiError(article.error) && article.error.status === 404;
    return (
      <PageFrame title={t('pages.article')}>
        {notFound ? (
          <EmptyState
            message={t('catalog.article.notFound')}
            action={
              <Button component={RouterLink} to="/catalogs" variant="outlined">
                {t('catalog.article.backToCatalogue')}
              </Button>
            }
          />
        ) : (
          <LoadError message={t('catalog.article.failed')} onRetry={() => void article.refetch()} />
        )}
      </PageFrame>
    );
  }

  return (
    <>
      <CatalogBreadcrumbs
        crumbs={
          data
            ? [
                { label: t('catalog.breadcrumbs.catalogue'), to: '/catalogs' },
                {
                  label: data.category.sName,
                  to: `/catalogs/${data.category.sCategoryId}/subcatalogs`,
                },
                {
                  label: data.subcategory.sName,
                  to: `/catalogs/${data.category.sCategoryId}/subcatalogs/${data.subcategory.sSubcategoryId}/articles`,
                },
                { label: data.sName },
              ]
            : [{ label: t('catalog.breadcrumbs.catalogue'), to: '/catalogs' }]
        }
      />
      <PageFrame title={data?.sName ?? t('pages.article')}>
        {data ? <ArticleView article={data} /> : <ArticleSkeleton />}
      </PageFrame>
    </>
  );
}
