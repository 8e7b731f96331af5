import PaymentsIcon from '@mui/icons-material/Payments';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { Order, OrderSide } from '../api/orders';
import { formatDateTime } from '../../../components/format-instant';
import { formatQuoteRate } from '../../../components/format-rate';
import { isPayLater } from '../order-tabs';
import type { DetailItem } from '../../../components/detail-list';
import { DetailList } from '../../../components/detail-list';
import { PaymentStatusChip } from './order-chips';
import { PayOrderDialog } from './pay-order-dialog';
import { SectionCard } from '../../../components/section-card';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';

/** The payment: method, status, amounts and rate; 'Pay now' for a pending deferred/forward. */
export function PaymentSection({ order, side }: { order: Order; side: OrderSide }) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const language = useLanguage();
  const [payOpenedAt, setPayOpenedAt] = useState<number | null>(null);
  const { payment } = order;
  // The grower's answer carries no payment: the buyer's amounts and method are the buyer's.
  if (!payment) return null;
  const canPay = side === 'buyer' && payment.sStatus === 'PENDING' && isPayLater(payment.sMethod);

  const items: DetailItem[] = [
    {
      label: t('orders.detail.payment.method'),
      value: t(`orders.paymentMethods.${payment.sMethod}`),
    },
    {
      label: t('orders.detail.payment.status'),
      value: <PaymentStatusChip status={payment.sStatus} />,
      testId: 'payment-status',
    },
  ];
  // The buyer's total carries the buyer's fees: the grower sees its own money instead.
  if (side === 'buyer') {
    items.push({
      label: t('orders.detail.payment.amountUsd'),
      value: formatMoney(payment.dAmountUsd),
    });
  }
  if (side === 'buyer' && payment.dAmountMxn !== null) {
    items.push({
      label: t('orders.detail.payment.amountMxn'),
      value: formatMoney(payment.dAmountMxn),
    });
  }
  if (payment.dExchangeRate !== null) {
    items.push({
      label: t('orders.detail.payment.rate'),
      value: formatQuoteRate(payment.dExchangeRate),
    });
  }
  if (payment.rate_locked_until && payment.sStatus === 'PENDING') {
    items.push({
      label: t('orders.detail.payment.lockedUntil'),
      value: formatDateTime(payment.rate_locked_until, language),
    });
  }
  if (payment.dForwardDate) {
    items.push({
      label: t('orders.detail.payment.forwardDate'),
      value: formatDate(payment.dForwardDate, language),
    });
  }
  if (payment.paid_at) {
    items.push({
      label: t('orders.detail.payment.paidAt'),
      value: formatDateTime(payment.paid_at, language),
    });
  }

  return (
    <SectionCard title={t('orders.detail.paymentTitle')} testId="payment-section">
      <DetailList items={items} />
      {canPay && (
        <>
          <WithReason reason={writeBlocked}>
            <Button
              variant="contained"
              startIcon={<PaymentsIcon />}
              sx={{ mt: 2 }}
              onClick={() => setPayOpenedAt(Date.now())}
            >
              {payment.sMethod === 'FORWARD'
                ? t('money.schedule.payRestNow')
                : t('orders.detail.payNow')}
            </Button>
          </WithReason>
          <PayOrderDialog
            order={{ ...order, payment }}
            openedAt={payOpenedAt}
            onClose={() => setPayOpenedAt(null)}
          />
        </>
      )}
    </SectionCard>
  );
}
