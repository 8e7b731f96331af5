import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '../api/orders';
import type { OrderStatus } from '../order-tabs';

/** Dark fills with white text: every pair passes WCAG AA for small text. */
const STATUS_COLORS: Record<OrderStatus, string> = {
  ORDER_RECEIVED: '#37474f',
  IN_PREPARATION: '#8a4b08',
  IN_TRANSIT: '#1565c0',
  IN_BORDER_CROSSING: '#1565c0',
  SUCCESSFUL_CROSSING: '#1565c0',
  BORDER_WAREHOUSE: '#4527a0',
  ACCEPTED_AT_BORDER_WAREHOUSE: '#4527a0',
  TRANSFERRED: '#4527a0',
  ON_DELIVERY_ROUTE: '#00695c',
  DELIVERED: '#1b5e20',
  FINISHED: '#424242',
};

const PAYMENT_COLORS: Record<PaymentStatus, string> = {
  PENDING: '#8a4b08',
  PAID: '#1b5e20',
};

const chipSx = (color: string) => ({
  bgcolor: color,
  color: '#ffffff',
  fontWeight: 600,
  maxWidth: '100%',
  height: 'auto',
  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
});

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`orders.statuses.${status}`)}
      sx={chipSx(STATUS_COLORS[status])}
      data-testid="order-status"
    />
  );
}

export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`orders.paymentStatuses.${status}`)}
      sx={chipSx(PAYMENT_COLORS[status])}
    />
  );
}

/** An order under a dispute in process. */
export function DisputedChip() {
  const { t } = useTranslation();
  return <Chip size="small" label={t('orders.disputed')} sx={chipSx('#c62828')} />;
}
