import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { Order, OrderSide } from '../api/orders';
import { formatDateTime } from '../../../components/format-instant';
import type { DetailItem } from '../../../components/detail-list';
import { DetailList } from '../../../components/detail-list';
import { SectionCard } from '../../../components/section-card';

/**
 * The order's three-party money: the goods held until acceptance, then what went back to
 * the buyer (its own refund journal, on the statement) and what was paid to the grower.
 */
export function OrderMoneySection({ order, side }: { order: Order; side: OrderSide }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = order.money;
  if (!money || (!money.bSecured && money.released_at === null)) return null;
  const items: DetailItem[] = [
    { label: t('money.order.goods'), value: formatMoney(money.dGoods) },
    { label: t('money.order.held'), value: formatMoney(money.dHeld), testId: 'money-held' },
  ];
  if (money.released_at !== null) {
    items.push(
      {
        label: side === 'buyer' ? t('money.order.refunded') : t('money.order.refundedToBuyer'),
        value: formatMoney(money.dRefunded),
        testId: 'money-refunded',
      },
      {
        label: t('money.order.payoutUsd'),
        value: formatMoney(money.dPayoutUsd ?? 0),
        testId: 'money-payout-usd',
      },
      {
        label: t('money.order.payoutMxn'),
        value: `${formatMoney(money.dPayoutMxn ?? 0)} MXN`,
      },
      { label: t('money.order.releasedAt'), value: formatDateTime(money.released_at, language) },
    );
  } else if (money.dPayoutHeldUntil !== null) {
    // Accepted, but the grower's payout account changed recently: the payout waits.
    items.push(
      {
        label: side === 'buyer' ? t('money.order.refunded') : t('money.order.refundedToBuyer'),
        value: formatMoney(money.dRefunded),
        testId: 'money-refunded',
      },
      {
        label: t('money.order.releasedAt'),
        value: t('money.order.payoutHeldUntil', {
          time: formatDateTime(money.dPayoutHeldUntil, language),
        }),
        testId: 'money-payout-held',
      },
    );
  } else {
    items.push({ label: t('money.order.releasedAt'), value: t('money.order.notReleased') });
  }
  return (
    <SectionCard title={t('money.order.title')} testId="order-money">
      <DetailList items={items} />
    </SectionCard>
  );
}
