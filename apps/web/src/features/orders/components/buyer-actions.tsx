import CheckIcon from '@mui/icons-material/Check';
import GavelIcon from '@mui/icons-material/Gavel';
import StarIcon from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { Order } from '../api/orders';
import { AcceptDeliveryDialog } from './accept-delivery-dialog';
import { formatDateTime } from '../../../components/format-instant';
import { SectionCard } from '../../../components/section-card';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';
import { ViewDisputeButton } from './view-dispute-button';

/** The dialog that opens a dispute (the disputes feature's, handed in by the route). */
export interface OpenDisputeDialogProps {
  open: boolean;
  orderId: string;
  orderTrackingId: number;
  /** When the dispute window closes (ISO instant). */
  deadline: string | null;
  onClose: () => void;
  /** Called once the dispute exists (the dialog then goes to /dispute/:id). */
  onOpened: () => void;
}

interface BuyerActionsProps {
  order: Order;
  onRate: () => void;
  OpenDisputeDialog: ComponentType<OpenDisputeDialogProps>;
  onDisputeOpened: () => void;
}

/** Accept the delivery, open a dispute (PACA window), rate the grower, see the dispute. */
export function BuyerActions({
  order,
  onRate,
  OpenDisputeDialog,
  onDisputeOpened,
}: BuyerActionsProps) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const language = useLanguage();
  const [acceptOpen, setAcceptOpen] = useState(false);
  const [disputeOpen, setDisputeOpen] = useState(false);
  const hasActions =
    order.bCanAccept || order.bCanDispute || order.bCanRate || order.sDisputeId || order.rating;
  if (!hasActions && order.sStatus !== 'FINISHED') return null;

  return (
    <SectionCard title={t('orders.detail.buyerActions')} testId="buyer-actions">
      {order.sStatus === 'FINISHED' && (
        <Typography sx={{ mb: 1.5 }}>{t('orders.detail.finishedText')}</Typography>
      )}
      {order.bCanDispute && order.dispute_deadline && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="dispute-deadline">
          {t('orders.detail.disputeDeadline', {
            deadline: formatDateTime(order.dispute_deadline, language),
          })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {order.bCanAccept && (
          <WithReason reason={writeBlocked}>
            <Button
              variant="contained"
              startIcon={<CheckIcon />}
              onClick={() => setAcceptOpen(true)}
            >
              {t('orders.detail.accept')}
            </Button>
          </WithReason>
        )}
        {order.bCanDispute && (
          <WithReason reason={writeBlocked}>
            <Button
              variant="outlined"
              color="error"
              startIcon={<GavelIcon />}
              onClick={() => setDisputeOpen(true)}
            >
              {t('orders.detail.openDispute')}
            </Button>
          </WithReason>
        )}
        {order.sDisputeId && <ViewDisputeButton disputeId={order.sDisputeId} />}
        {order.bCanRate && (
          <WithReason reason={writeBlocked}>
            <Button variant="outlined" startIcon={<StarIcon />} onClick={onRate}>
              {t('orders.detail.rate')}
            </Button>
          </WithReason>
        )}
      </Box>
      {order.rating && (
        <Box sx={{ mt: 2 }} data-testid="order-rating">
          <Typography variant="body2" color="text.secondary">
            {t('orders.detail.yourRating')}
          </Typography>
          <Rating
            value={order.rating.iStars}
            readOnly
            getLabelText={(value: number) => t('orders.rating.starLabel', { count: value })}
          />
          {order.rating.sComment && <Typography>{order.rating.sComment}</Typography>}
        </Box>
      )}
      <AcceptDeliveryDialog open={acceptOpen} order={order} onClose={() => setAcceptOpen(false)} />
      <OpenDisputeDialog
        open={disputeOpen}
        orderId={order.sOrderId}
        orderTrackingId={order.iTrackingId}
        deadline={order.dispute_deadline}
        onClose={() => setDisputeOpen(false)}
        onOpened={onDisputeOpened}
      />
    </SectionCard>
  );
}
