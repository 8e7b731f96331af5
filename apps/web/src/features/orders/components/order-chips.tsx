import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip';
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

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <StatusChip
      label={t(`orders.statuses.${status}`)}
      color={STATUS_COLORS[status]}
      wrap
      testId="order-status"
    />
  );
}

export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <StatusChip label={t(`orders.paymentStatuses.${status}`)} color={PAYMENT_COLORS[status]} wrap />
  );
}

/** An order under a dispute in process. */
export function DisputedChip() {
  const { t } = useTranslation();
  return <StatusChip label={t('orders.disputed')} color="#c62828" wrap />;
}
