import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/detail-list';
import { formatQuoteRate } from '../../../components/format-rate';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../components/format-instant';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { Order } from '../api/orders';

/**
 * The grower's own money on the order: its goods at the rate locked at checkout, then its
 * payout (amount, status, date, tracking key) once sent.
 */
export function GrowerMoneySection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = order.vendorMoney;
  if (!money) return null;
  const items = [
    {
      label: t('money.grower.goodsUsd'),
      value: `${formatMoney(money.dGoodsUsd)} USD`,
      testId: 'grower-goods-usd',
    },
  ];
  if (money.dGoodsMxn !== null) {
    items.push({
      label: t('money.grower.goodsMxn'),
      value: `${formatMoney(money.dGoodsMxn)} MXN`,
      testId: 'grower-goods-mxn',
    });
  }
  if (money.dExchangeRate !== null) {
    items.push({
      label: t('money.grower.rate'),
      value: formatQuoteRate(money.dExchangeRate),
      testId: 'grower-rate',
    });
  }
  const payout = money.payout;
  if (payout) {
    items.push(
      {
        label: t('money.grower.payoutUsd'),
        value: `${formatMoney(payout.dAmountUsd)} USD`,
        testId: 'grower-payout-usd',
      },
      {
        label: t('money.grower.payoutMxn'),
        value: `${formatMoney(payout.dAmountMxn)} MXN`,
        testId: 'grower-payout-mxn',
      },
      {
        label: t('money.grower.payoutStatus'),
        value: t(`money.income.statuses.${payout.sStatus}`),
        testId: 'grower-payout-status',
      },
      {
        label: t('money.grower.payoutAt'),
        value: formatDateTime(payout.created_at, language),
        testId: 'grower-payout-at',
      },
      {
        label: t('money.grower.trackingKey'),
        value: payout.sTrackingKey,
        testId: 'grower-tracking-key',
      },
    );
  }
  return (
    <SectionCard title={t('money.grower.title')} testId="grower-money">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('money.grower.intro')}
      </Typography>
      <DetailList columns={2} items={items} />
      {!payout && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('money.grower.payoutPending')}
        </Typography>
      )}
    </SectionCard>
  );
}
