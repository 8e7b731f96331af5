import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { Order } from '../api/orders';
import { DetailList } from '../../../components/detail-list';
import { SectionCard } from '../../../components/section-card';

/** Delivered against ordered: boxes and money, with the final price once delivered. */
export function DeliverySummarySection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const notYet = t('orders.detail.notDelivered');
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
          { label: t('orders.detail.orderedTotal'), value: formatMoney(order.dTotal) },
          {
            label: t('orders.detail.finalPrice'),
            value: order.dFinalPrice === null ? notYet : formatMoney(order.dFinalPrice),
            testId: 'final-price',
          },
        ]}
      />
    </SectionCard>
  );
}
