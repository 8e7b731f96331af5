import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session-store';
import type { VendorStorefront } from './api/catalog';
import { useVendorQuery } from './api/catalog';
import { ArticleCard } from './components/article-card';
import { CardGrid, CardSkeletons } from '../../components/card-grid';
import { CatalogBreadcrumbs } from './components/catalog-breadcrumbs';
import { EmptyState } from './components/empty-state';
import { FactList } from '../../components/fact-list';
import { LoadError } from './components/load-error';
import { RatingStars } from './components/rating-stars';
import { VerifiedChip } from './components/verified-chip';

function Storefront({ storefront }: { storefront: VendorStorefront }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { vendor, articles } = storefront;
  const isOwner = useSession()?.user.sEnterpriseId === vendor.sVendorId;
  return (
    <>
      {!vendor.bListed && (
        <Alert severity="info" variant="outlined" sx={{ mb: 3, bgcolor: 'background.paper' }}>
          {isOwner && <AlertTitle>{t('catalog.vendor.previewTitle')}</AlertTitle>}
          {isOwner ? t('catalog.vendor.previewNotListed') : t('catalog.vendor.notListed')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
          {vendor.bVerified && <VerifiedChip />}
          <RatingStars rating={vendor.dRating} count={vendor.iRatings} />
        </Box>
        <Typography component="h2" variant="h3" sx={{ mb: 0.5 }}>
          {t('catalog.vendor.about')}
        </Typography>
        <Typography
          color={vendor.sDescription ? 'text.primary' : 'text.secondary'}
          sx={{ mb: 2, maxWidth: 820 }}
        >
          {vendor.sDescription || t('catalog.vendor.noDescription')}
        </Typography>
        <FactList
          facts={[
            {
              label: t('catalog.vendor.pacaLicense'),
              value: vendor.sPacaLicense || t('catalog.vendor.notGiven'),
            },
            {
              label: t('catalog.vendor.blueBook'),
              value: vendor.sBlueBookNumber || t('catalog.vendor.notGiven'),
            },
            {
              label: t('catalog.vendor.memberSince'),
              value: formatDate(vendor.created_at.slice(0, 10), language),
            },
          ]}
        />
      </Paper>
      <Box component="section" aria-labelledby="vendor-articles-title">
        <Typography id="vendor-articles-title" component="h2" variant="h2" sx={{ mb: 2 }}>
          {t('catalog.vendor.articlesTitle')}{' '}
          <Typography component="span" color="text.secondary" sx={{ fontSize: '1rem' }}>
            ({t('catalog.vendors.articles', { count: vendor.iArticles })})
          </Typography>
        </Typography>
        {articles.length === 0 ? (
          <EmptyState message={t('catalog.vendor.noArticles')} />
        ) : (
          <CardGrid>
            {articles.map((article) => (
              <ArticleCard key={article.sArticleId} article={article} showGrower={false} />
            ))}
          </CardGrid>
        )}
      </Box>
    </>
  );
}

/** /vendor/detail/:id: a grower's storefront with its rating and its articles. */
export function VendorPage() {
  const { t } = useTranslation();
  const vendorId = useParams().id ?? '';
  const storefront = useVendorQuery(vendorId);
  const data = storefront.data;

  let content;
  if (storefront.isError) {
    content =
      isApiError(storefront.error) && storefront.error.status === 404 ? (
        <EmptyState
          message={t('catalog.vendor.notFound')}
          action={
            <Button component={RouterLink} to="/vendor" variant="outlined">
              {t('catalog.vendor.backToGrowers')}
            </Button>
          }
        />
      ) : (
        <LoadError message={t('catalog.vendor.failed')} onRetry={() => void storefront.refetch()} />
      );
  } else if (!data) {
    content = (
      <>
        <Skeleton variant="rectangular" height={180} sx={{ mb: 4 }} />
        <CardSkeletons count={4} imageHeight={160} label={t('common.loading')} />
      </>
    );
  } else {
    content = <Storefront storefront={data} />;
  }

  return (
    <>
      <CatalogBreadcrumbs
        crumbs={[
          { label: t('catalog.vendors.title'), to: '/vendor' },
          { label: data?.vendor.sName ?? t('pages.vendorDetail') },
        ]}
      />
      <PageFrame title={data?.vendor.sName ?? t('pages.vendorDetail')}>{content}</PageFrame>
    </>
  );
}
