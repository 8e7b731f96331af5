import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { isApiError } from '../../lib/api-client';
import { useLanguage } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session-store';
import type { Dispute } from './api/disputes';
import { useDisputeQuery } from './api/disputes';
import { AddImagesForm } from './components/add-images-form';
import { DetailList } from '../../components/detail-list';
import { DisputeImagesGallery } from '../../lib/disputes/dispute-images-gallery';
import { DisputeStatusChip } from './components/dispute-status-chip';
import { SectionCard } from '../../components/section-card';
import { VendorAnswerForm } from './components/vendor-answer-form';
import { formatDateTime } from '../../components/format-instant';
import { MAX_DISPUTE_IMAGES } from './dispute-images';
import { disputeTabNumber } from './dispute-tabs';

/** /dispute/:id — the dispute, its photos, the grower's answer and the resolution. */
export function DisputeDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useDisputeQuery(id);
  const tab = query.data?.sStatus === 'FINALIZED' ? 'finalized' : 'in-process';
  const back = (
    <Button
      component={RouterLink}
      to={`/disputes/tab/${disputeTabNumber(tab)}`}
      startIcon={<ArrowBackIcon />}
    >
      {t('disputes.detail.back')}
    </Button>
  );

  if (query.isPending) {
    return (
      <PageFrame title={t('pages.dispute')} actions={back}>
        <Skeleton variant="rounded" height={200} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={240} />
      </PageFrame>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <PageFrame title={t('pages.dispute')} actions={back}>
        <Alert severity={notFound ? 'info' : 'error'}>
          {notFound ? t('disputes.detail.notFound') : query.error.message}
        </Alert>
      </PageFrame>
    );
  }
  return <DisputeDetail dispute={query.data} back={back} />;
}

function DisputeDetail({ dispute, back }: { dispute: Dispute; back: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const role = useSession()?.user.sRole;
  const vendor = role === 'vendor';
  const inProcess = dispute.sStatus === 'IN_PROCESS';
  const side = vendor ? 'vendor' : 'buyer';
  // Each side may attach up to MAX_DISPUTE_IMAGES of its own.
  const ownImages = dispute.images.filter((image) => image.sUploadedBy === side).length;
  const pending = t('disputes.detail.pendingValue');
  const orderLabel = t('disputes.orderNumber', { id: String(dispute.iOrderTrackingId) });

  return (
    <PageFrame
      title={t('disputes.disputeNumber', { id: String(dispute.iTrackingId) })}
      subtitle={t('disputes.detail.subtitle', {
        order: orderLabel,
        date: formatDateTime(dispute.created_at, language),
      })}
      actions={
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <DisputeStatusChip status={dispute.sStatus} />
          {back}
        </Box>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <SectionCard title={t('disputes.detail.descriptionTitle')}>
            <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="dispute-description">
              {dispute.sDescription}
            </Typography>
          </SectionCard>
          <SectionCard
            title={t('disputes.detail.imagesTitle', {
              shown: String(dispute.images.length),
              own: String(ownImages),
              max: String(MAX_DISPUTE_IMAGES),
            })}
          >
            <DisputeImagesGallery disputeId={dispute.sDisputeId} images={dispute.images} />
            {inProcess && ownImages < MAX_DISPUTE_IMAGES && (
              <AddImagesForm disputeId={dispute.sDisputeId} existing={ownImages} side={side} />
            )}
          </SectionCard>
          <SectionCard title={t('disputes.detail.answerTitle')} testId="vendor-answer">
            {dispute.sVendorAnswer ? (
              <>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{dispute.sVendorAnswer}</Typography>
                {dispute.vendor_answered_at && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {t('disputes.detail.answeredAt', {
                      date: formatDateTime(dispute.vendor_answered_at, language),
                    })}
                  </Typography>
                )}
              </>
            ) : (
              <Typography color="text.secondary">{t('disputes.detail.noAnswer')}</Typography>
            )}
            {vendor && inProcess && (
              <VendorAnswerForm
                key={dispute.sVendorAnswer ?? ''}
                disputeId={dispute.sDisputeId}
                current={dispute.sVendorAnswer}
              />
            )}
          </SectionCard>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <SectionCard title={t('disputes.detail.detailsTitle')} testId="dispute-details">
            <DetailList
              columns={2}
              rowGap={1.5}
              items={[
                {
                  label: t('disputes.detail.order'),
                  value: (
                    <Link component={RouterLink} to={`/order-detail/disputed/${dispute.sOrderId}`}>
                      {orderLabel}
                    </Link>
                  ),
                },
                { label: t('disputes.detail.category'), value: dispute.sCategoryName },
                { label: t('disputes.detail.subcategory'), value: dispute.sSubcategoryName },
                {
                  label: vendor ? t('disputes.detail.buyer') : t('disputes.detail.grower'),
                  value: vendor ? dispute.sBuyerName : dispute.sVendorName,
                },
                {
                  label: t('disputes.detail.created'),
                  value: formatDateTime(dispute.created_at, language),
                },
                {
                  label: t('disputes.detail.finalDate'),
                  value: dispute.dFinalDate
                    ? formatDateTime(dispute.dFinalDate, language)
                    : pending,
                },
                { label: t('disputes.detail.inCharge'), value: dispute.sInCharge ?? pending },
              ]}
            />
          </SectionCard>
          <SectionCard title={t('disputes.detail.resolutionTitle')} testId="dispute-resolution">
            <Typography
              color={dispute.sResolution ? 'text.primary' : 'text.secondary'}
              sx={{ whiteSpace: 'pre-wrap' }}
            >
              {dispute.sResolution ?? t('disputes.detail.noResolution')}
            </Typography>
          </SectionCard>
        </Box>
      </Box>
    </PageFrame>
  );
}
