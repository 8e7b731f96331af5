import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { isApiError } from '../../lib/api-client';
import { useLanguage } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session-store';
import type { Order, OrderSide } from './api/orders';
import { ordersKeys, useOrderQuery } from './api/orders';
import type { OpenDisputeDialogProps } from './components/buyer-actions';
import { BuyerActions } from './components/buyer-actions';
import { DeliveryFormSection } from './components/delivery-form-section';
import { DeliverySummarySection } from './components/delivery-summary-section';
import { DocumentsSection } from './components/documents-section';
import { DisputedChip, OrderStatusChip } from './components/order-chips';
import { OrderLinesTable } from './components/order-lines-table';
import { OrderTimeline } from './components/order-timeline';
import { OrderMoneySection } from './components/order-money-section';
import { PaymentSection } from './components/payment-section';
import { GrowerMoneySection } from './components/grower-money-section';
import { OrderScheduleSection } from './components/order-schedule-section';
import { PriceChangeSection } from './components/price-change-section';
import { RatingDialog } from './components/rating-dialog';
import { SectionCard } from '../../components/section-card';
import { TransportsSection } from './components/transports-section';
import { VendorActions } from './components/vendor-actions';
import { WarehouseSection } from './components/warehouse-section';
import { formatDay } from '../../components/format-instant';
import { orderTabNumber, orderTabOfType } from './order-tabs';

export type { OpenDisputeDialogProps } from './components/buyer-actions';

interface OrderDetailPageProps {
  /** The disputes feature's dialog, composed in by the route (features do not import each other). */
  OpenDisputeDialog: ComponentType<OpenDisputeDialogProps>;
}

/** /order-detail/:type/:id — `type` is the tab the order was opened from. */
export function OrderDetailPage({ OpenDisputeDialog }: OrderDetailPageProps) {
  const { t } = useTranslation();
  const { type, id = '' } = useParams();
  const side: OrderSide = useSession()?.user.sRole === 'vendor' ? 'vendor' : 'buyer';
  const query = useOrderQuery(side, id);
  const backTo = `/order/tab/${orderTabNumber(orderTabOfType(type))}`;
  const back = (
    <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />}>
      {t('orders.detail.back')}
    </Button>
  );

  if (query.isPending) {
    return (
      <PageFrame title={t('pages.orderDetail')} actions={back}>
        <Skeleton variant="rounded" height={220} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={360} />
      </PageFrame>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <PageFrame title={t('pages.orderDetail')} actions={back}>
        <Alert severity={notFound ? 'info' : 'error'}>
          {notFound ? t('orders.detail.notFound') : query.error.message}
        </Alert>
      </PageFrame>
    );
  }
  return (
    <OrderDetail
      key={query.data.sOrderId}
      order={query.data}
      side={side}
      back={back}
      OpenDisputeDialog={OpenDisputeDialog}
    />
  );
}

interface OrderDetailProps {
  order: Order;
  side: OrderSide;
  back: ReactNode;
  OpenDisputeDialog: ComponentType<OpenDisputeDialogProps>;
}

const RATING_LATER_KEY = 'ratingLater:';

/** Whether the buyer closed the automatic rating dialog of this order before. */
function ratingPostponed(orderId: string): boolean {
  try {
    return window.localStorage.getItem(RATING_LATER_KEY + orderId) !== null;
  } catch {
    return false;
  }
}

function postponeRating(orderId: string): void {
  try {
    window.localStorage.setItem(RATING_LATER_KEY + orderId, new Date().toISOString());
  } catch {
    // Storage refused (private mode, full): the dialog simply opens again next visit.
  }
}

function OrderDetail({ order, side, back, OpenDisputeDialog }: OrderDetailProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  // 'auto': the rating dialog opens by itself while the order can be rated, unless the
  // buyer said 'Later' for this order before (remembered in this browser).
  const [ratingState, setRatingState] = useState<'auto' | 'open' | 'closed'>(() =>
    ratingPostponed(order.sOrderId) ? 'closed' : 'auto',
  );
  const ratingOpen = side === 'buyer' && order.bCanRate && ratingState !== 'closed';
  const party = side === 'vendor' ? order.sBuyerName : order.sVendorName;

  return (
    <PageFrame
      title={t('orders.orderNumber', { id: String(order.iTrackingId) })}
      subtitle={t('orders.detail.subtitle', { date: formatDay(order.created_at, language), party })}
      actions={
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <OrderStatusChip status={order.sStatus} />
          {order.sDisputeStatus === 'IN_PROCESS' && <DisputedChip />}
          {back}
        </Box>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {side === 'buyer' ? (
          <BuyerActions
            order={order}
            onRate={() => setRatingState('open')}
            OpenDisputeDialog={OpenDisputeDialog}
            onDisputeOpened={() => void queryClient.invalidateQueries({ queryKey: ordersKeys.all })}
          />
        ) : (
          <VendorActions order={order} />
        )}
        <PriceChangeSection order={order} side={side} />
        {side === 'vendor' && order.sStatus === 'DELIVERED' && (
          <DeliveryFormSection order={order} />
        )}
        {side === 'vendor' && <GrowerMoneySection order={order} />}
        <SectionCard title={t('orders.detail.linesTitle')}>
          <OrderLinesTable order={order} side={side} />
        </SectionCard>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
            alignItems: 'start',
          }}
        >
          <SectionCard title={t('orders.detail.timelineTitle')}>
            <OrderTimeline steps={order.timeline} />
          </SectionCard>
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <DeliverySummarySection order={order} side={side} />
            <PaymentSection order={order} side={side} />
            <OrderScheduleSection order={order} side={side} />
            <OrderMoneySection order={order} side={side} />
            <TransportsSection transports={order.transports} />
            <WarehouseSection warehouse={order.warehouse} />
            <DocumentsSection order={order} side={side} />
          </Box>
        </Box>
      </Box>
      {side === 'buyer' && (
        <RatingDialog
          open={ratingOpen}
          order={order}
          onClose={() => {
            postponeRating(order.sOrderId);
            setRatingState('closed');
          }}
        />
      )}
    </PageFrame>
  );
}
