import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import type { VendorSummary } from './api/catalog';
import { useVendorsQuery } from './api/catalog';
import { CardGrid, CardSkeletons } from '../../components/card-grid';
import { ListPagination } from '../../components/list-pagination';
import { EmptyState } from './components/empty-state';
import { LoadError } from './components/load-error';
import { RatingStars } from './components/rating-stars';
import { VerifiedChip } from './components/verified-chip';

const PAGE_SIZE = 20;

function VendorCard({ vendor }: { vendor: VendorSummary }) {
  const { t } = useTranslation();
  return (
    <Box component="li" sx={{ display: 'flex' }}>
      <Card variant="outlined" sx={{ flexGrow: 1, display: 'flex' }} data-testid="vendor-card">
        <CardActionArea
          component={RouterLink}
          to={`/vendor/detail/${vendor.sVendorId}`}
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', height: '100%' }}
        >
          <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'flex-start',
                gap: 1,
                justifyContent: 'space-between',
              }}
            >
              <Typography component="h2" variant="h3">
                {vendor.sName}
              </Typography>
              {vendor.bVerified && <VerifiedChip />}
            </Box>
            <RatingStars rating={vendor.dRating} count={vendor.iRatings} />
            {vendor.sDescription && (
              <Typography variant="body2" color="text.secondary">
                {vendor.sDescription}
              </Typography>
            )}
            <Typography variant="body2" sx={{ mt: 'auto', fontWeight: 600 }}>
              {t('catalog.vendors.articles', { count: vendor.iArticles })}
            </Typography>
          </CardContent>
        </CardActionArea>
      </Card>
    </Box>
  );
}

/** /vendor: the growers, with their verification, rating and number of articles. */
export function VendorsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const vendors = useVendorsQuery(page, PAGE_SIZE);
  const data = vendors.data;

  let content;
  if (vendors.isError) {
    content = (
      <LoadError message={t('catalog.vendors.failed')} onRetry={() => void vendors.refetch()} />
    );
  } else if (!data) {
    content = <CardSkeletons count={3} imageHeight={0} label={t('common.loading')} />;
  } else if (data.vendors.length === 0) {
    content = <EmptyState message={t('catalog.vendors.empty')} />;
  } else {
    content = (
      <CardGrid maxColumns={3}>
        {data.vendors.map((vendor) => (
          <VendorCard key={vendor.sVendorId} vendor={vendor} />
        ))}
      </CardGrid>
    );
  }

  return (
    <PageFrame title={t('catalog.vendors.title')} subtitle={t('catalog.vendors.subtitle')}>
      {content}
      {data && (
        <ListPagination
          label={t('catalog.vendors.pages')}
          page={page}
          count={Math.ceil(data.total / PAGE_SIZE)}
          onChange={(next) => {
            setSearchParams(next > 1 ? { page: String(next) } : {});
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </PageFrame>
  );
}
