import PaymentsIcon from '@mui/icons-material/Payments';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { Order, OrderSide } from '../api/orders';
import { formatDateTime, formatRate } from '../order-format';
import { isPayLater } from '../order-tabs';
import type { DetailItem } from './detail-list';
import { DetailList } from './detail-list';
import { PaymentStatusChip } from './order-chips';
import { PayOrderDialog } from './pay-order-dialog';
import { SectionCard } from './section-card';

/** The payment: method, status, amounts and rate; 'Pay now' for a pending deferred/forward. */
export function PaymentSection({ order, side }: { order: Order; side: OrderSide }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [payOpenedAt, setPayOpenedAt] = useState<number | null>(null);
  const { payment } = order;
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
    { label: t('orders.detail.payment.amountUsd'), value: formatMoney(payment.dAmountUsd) },
  ];
  if (payment.dAmountMxn !== null) {
    items.push({
      label: t('orders.detail.payment.amountMxn'),
      value: formatMoney(payment.dAmountMxn),
    });
  }
  if (payment.dExchangeRate !== null) {
    items.push({
      label: t('orders.detail.payment.rate'),
      value: formatRate(payment.dExchangeRate),
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
          <Button
            variant="contained"
            startIcon={<PaymentsIcon />}
            sx={{ mt: 2 }}
            onClick={() => setPayOpenedAt(Date.now())}
          >
            {t('orders.detail.payNow')}
          </Button>
          <PayOrderDialog
            order={order}
            openedAt={payOpenedAt}
            onClose={() => setPayOpenedAt(null)}
          />
        </>
      )}
    </SectionCard>
  );
}
