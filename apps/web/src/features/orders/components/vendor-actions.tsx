import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { showSuccessToast } from '../../../lib/toast';
import type { Order } from '../api/orders';
import { useAdvanceOrder } from '../api/orders';
import { SectionCard } from '../../../components/section-card';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';
import { ViewDisputeButton } from './view-dispute-button';

/** The grower moves the order to its next status (with a confirm) or sees why it cannot. */
export function VendorActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const writeBlocked = useWriteGuard();
  const advance = useAdvanceOrder();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const next = order.sNextStatus;
  const nextName = next ? t(`orders.statuses.${next}`) : '';
  const id = String(order.iTrackingId);
  // Nothing leaves the packhouse before the order's money is secured (the server refuses too).
  const waitingForMoney = order.sStatus === 'ORDER_RECEIVED' && order.money?.bSecured === false;
  const settlementDay = order.schedule.steps.find((step) => step.sKind === 'REST')?.dDueDate;
  const waitingReason =
    order.schedule.sWaitingFor === 'FORWARD_SETTLEMENT' && settlementDay
      ? t('money.shipping.waitingForward', { date: formatDate(settlementDay, language) })
      : order.schedule.sWaitingFor === 'TRANSFER'
        ? t('money.shipping.waitingTransfer')
        : t('money.order.notSecured');

  return (
    <SectionCard title={t('orders.detail.vendorActions')} testId="vendor-actions">
      {order.sStatus === 'DELIVERED' && (
        <Typography sx={{ mb: 1.5 }}>{t('orders.detail.lastStepVendor')}</Typography>
      )}
      {order.sStatus === 'FINISHED' && (
        <Typography sx={{ mb: 1.5 }}>{t('orders.detail.finishedText')}</Typography>
      )}
      {waitingForMoney && (
        <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="money-not-secured">
          {waitingReason}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {next && !waitingForMoney && (
          <WithReason reason={writeBlocked}>
            <Button
              variant="contained"
              endIcon={<ArrowForwardIcon />}
              onClick={() => setConfirmOpen(true)}
            >
              {t('orders.detail.advance', { status: nextName })}
            </Button>
          </WithReason>
        )}
        {order.sDisputeId && <ViewDisputeButton disputeId={order.sDisputeId} />}
      </Box>
      {next && (
        <ConfirmDialog
          open={confirmOpen}
          title={t('orders.detail.advanceTitle', { id, status: nextName })}
          confirmLabel={t('orders.detail.confirmMove')}
          cancelLabel={t('orders.detail.cancel')}
          busy={advance.isPending}
          onCancel={() => setConfirmOpen(false)}
          onConfirm={() =>
            advance.mutate(
              { orderId: order.sOrderId, status: next },
              {
                onSuccess: () => {
                  showSuccessToast(t('orders.detail.advanced', { status: nextName }));
                  setConfirmOpen(false);
                },
                onError: () => setConfirmOpen(false),
              },
            )
          }
        >
          <Typography>{t('orders.detail.advanceText')}</Typography>
        </ConfirmDialog>
      )}
    </SectionCard>
  );
}
