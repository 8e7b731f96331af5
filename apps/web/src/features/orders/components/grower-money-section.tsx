import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/detail-list';
import { formatQuoteRate } from '../../../components/format-rate';
import { SectionCard } from '../../../components/section-card';
import { formatMoney } from '../../../lib/format';
import type { Order } from '../api/orders';

/** The grower's own money on the order: its goods at the rate locked at checkout. */
export function GrowerMoneySection({ order }: { order: Order }) {
  const { t } = useTranslation();
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
  return (
    <SectionCard title={t('money.grower.title')} testId="grower-money">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('money.grower.intro')}
      </Typography>
      <DetailList columns={2} items={items} />
    </SectionCard>
  );
}
