import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isQuoteError, notifyQuoteRefreshed } from '../../../lib/finance/quote-errors';
import {
  dashboardQueryOptions,
  financeKeys,
  useIdempotencyKey,
} from '../../../lib/finance/queries';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { Order } from '../api/orders';
import { usePayOrder } from '../api/orders';
import { formatDateTime } from '../../../components/format-instant';
import { formatQuoteRate } from '../../../components/format-rate';
import { DetailList } from '../../../components/detail-list';

interface PayOrderDialogProps {
  /** The buyer's order: only the buyer's side carries its payment. */
  order: Order & { payment: NonNullable<Order['payment']> };
  /** When the dialog was opened (ms), or null when it is closed. */
  openedAt: number | null;
  onClose: () => void;
}

/**
 * 'Pay now' of a DEFERRED or FORWARD order: a persistent confirm whose Idempotency-Key is
 * created when it opens. A deferred order pays at its locked rate while the lock holds,
 * else at today's quote (sent as sExchangeRateReference).
 */
export function PayOrderDialog({ order, openedAt, onClose }: PayOrderDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const open = openedAt !== null;
  const idempotencyKey = useIdempotencyKey(open);
  const pay = usePayOrder();
  const { payment } = order;
  const lockedUntil = payment.rate_locked_until;
  const lockHolds = lockedUntil !== null && openedAt !== null && Date.parse(lockedUntil) > openedAt;
  const needsQuote = payment.sMethod === 'DEFERRED' && !lockHolds;
  const quote = useQuery({ ...dashboardQueryOptions(), enabled: open && needsQuote });

  const confirm = () => {
    const quoteId = needsQuote ? quote.data?.exchangeRateTodayReference : undefined;
    pay.mutate(
      { orderId: order.sOrderId, idempotencyKey, ...(quoteId ? { quoteId } : {}) },
      {
        onSuccess: () => {
          showSuccessToast(t('orders.detail.paid'));
          onClose();
        },
        onError: (error) => {
          if (isQuoteError(error)) {
            void queryClient.invalidateQueries({ queryKey: financeKeys.dashboard() });
            notifyQuoteRefreshed();
          } else {
            showErrorToast(error);
          }
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('orders.detail.payTitle', { id: String(order.iTrackingId) })}
      confirmLabel={t('orders.detail.payConfirm')}
      cancelLabel={t('orders.detail.cancel')}
      busy={pay.isPending}
      confirmDisabled={needsQuote && !quote.data}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <Typography sx={{ mb: 2 }}>{t('orders.detail.payIntro')}</Typography>
      <DetailList
        columns={2}
        items={[
          { label: t('orders.detail.payment.amountUsd'), value: formatMoney(payment.dAmountUsd) },
          {
            label: t('orders.detail.payment.method'),
            value: t(`orders.paymentMethods.${payment.sMethod}`),
          },
        ]}
      />
      <Alert severity="info" sx={{ mt: 2 }}>
        {payment.sMethod === 'FORWARD' &&
          t('orders.detail.payForward', { rest: formatMoney(order.schedule.dDueUsd ?? 0) })}
        {payment.sMethod === 'DEFERRED' &&
          lockHolds &&
          payment.dExchangeRate !== null &&
          t('orders.detail.payLocked', {
            rate: formatQuoteRate(payment.dExchangeRate),
            until: formatDateTime(lockedUntil ?? '', language),
          })}
        {needsQuote &&
          (quote.data ? (
            t('orders.detail.payTodayRate', { rate: formatQuoteRate(quote.data.exchangeRateToday) })
          ) : (
            <Skeleton width={240} />
          ))}
      </Alert>
    </ConfirmDialog>
  );
}
