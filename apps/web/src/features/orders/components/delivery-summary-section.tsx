import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { Order, OrderSide } from '../api/orders';
import { DetailList } from '../../../components/detail-list';
import { SectionCard } from '../../../components/section-card';

/**
 * Delivered against ordered: boxes and money, with the final price once delivered. The
 * grower sees the boxes only: the buyer's totals carry the buyer's fees.
 */
export function DeliverySummarySection({
  order,
  side = 'buyer',
}: {
  order: Order;
  side?: OrderSide;
}) {
  const { t } = useTranslation();
  const notYet = t('orders.detail.notDelivered');
  const buyerMoney =
    side === 'buyer' && order.dTotal !== null
      ? [
          { label: t('orders.detail.orderedTotal'), value: formatMoney(order.dTotal) },
          {
            label: t('orders.detail.finalPrice'),
            value: order.dFinalPrice === null ? notYet : formatMoney(order.dFinalPrice),
            testId: 'final-price',
          },
        ]
      : [];
  return (
    <SectionCard title={t('orders.detail.deliveryTitle')} testId="delivery-summary">
      <DetailList
        columns={2}
        items={[
          { label: t('orders.detail.orderedBoxes'), value: order.iOrderedBoxes },
          {
            label: t('orders.detail.deliveredBoxes'),
            value: order.iDeliveredBoxes ?? notYet,
            testId: 'delivered-boxes',
          },
          ...buyerMoney,
        ]}
      />
    </SectionCard>
  );
}
