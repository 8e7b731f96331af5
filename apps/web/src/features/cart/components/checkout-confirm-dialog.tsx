import Typography from '@mui/material/Typography';
import { forwardDeposit, moneyToNumber, parseMoney } from '@app/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FactList } from '../../../components/fact-list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { ProviderCart } from '../api/cart';
import type { CheckoutBody, PaymentMethod, useCheckoutPreviewQuery } from '../api/checkout';
import { cartShippedPallets } from '../cart-math';

type CheckoutPreview = NonNullable<ReturnType<typeof useCheckoutPreviewQuery>['data']>;

/**
 * The review before the purchase: grower, warehouse, method, rate, goods, fees and totals in
 * both currencies, and what is taken now and what later by the chosen method (a deferred order
 * takes nothing now, a forward its deposit now and the rest on the settlement day).
 */
export function CheckoutConfirmDialog({
  open,
  cart,
  warehouseName,
  method,
  body,
  preview,
  busy,
  rateText,
  rateChange,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  cart: ProviderCart;
  warehouseName: string;
  method: PaymentMethod;
  body: CheckoutBody | null;
  preview: CheckoutPreview | undefined;
  busy: boolean;
  rateText: (rate: number) => string;
  /** Said when the quote changed under the open review; confirming waits until it is gone. */
  rateChange?: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  /** What is taken now and what later: the method decides, never the order total alone. */
  const scheduleFacts = (paying: PaymentMethod, total: number, forwardDate?: string | null) => {
    const totalCents = parseMoney(total);
    const usd = (cents: bigint) => `${formatMoney(moneyToNumber(cents))} USD`;
    const orderTotal = { label: t('money.preview.orderTotal'), value: usd(totalCents) };
    if (paying === 'DEFERRED') {
      return [
        orderTotal,
        { label: t('money.preview.takenNow'), value: usd(0n) },
        {
          label: t('money.preview.takenLater'),
          value: t('money.preview.byTransfer', { amount: usd(totalCents) }),
        },
      ];
    }
    if (paying === 'FORWARD') {
      const deposit = forwardDeposit(totalCents);
      return [
        orderTotal,
        {
          label: t('money.preview.takenNow'),
          value: t('money.preview.forwardDeposit', { amount: usd(deposit) }),
        },
        {
          label: t('money.preview.takenLater'),
          value: t('money.preview.onSettlement', {
            amount: usd(totalCents - deposit),
            date: forwardDate ? formatDate(forwardDate, language) : '…',
          }),
        },
      ];
    }
    // Paid from the balance: the whole total is taken now.
    return [{ label: t('money.preview.takenNow'), value: usd(totalCents) }];
  };
  return (
    <ConfirmDialog
      open={open}
      title={t('cart.checkout.confirmTitle')}
      confirmLabel={t('cart.checkout.confirm')}
      cancelLabel={t('cart.checkout.cancel')}
      busy={busy}
      confirmDisabled={!body || !preview || Boolean(rateChange)}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {rateChange}
      <Typography sx={{ mb: 1.5 }}>{t('cart.checkout.confirmIntro')}</Typography>
      <FactList
        dense
        testId="confirm-details"
        facts={[
          { label: t('cart.checkout.grower'), value: cart.sProviderName },
          { label: t('cart.checkout.warehouseLabel'), value: warehouseName },
          { label: t('cart.checkout.method'), value: t(`cart.checkout.methods.${method}`) },
          {
            label: method === 'FORWARD' ? t('cart.checkout.forwardRate') : t('cart.checkout.rate'),
            value: body ? rateText(body.dExchangeRate) : '',
          },
          ...(body?.dForwardDate
            ? [
                {
                  label: t('cart.checkout.forwardDate'),
                  value: formatDate(body.dForwardDate, language),
                },
              ]
            : []),
          { label: t('money.preview.goods'), value: formatMoney(preview?.dGoods ?? cart.dTotal) },
          ...(preview?.fees ?? []).map((fee) => ({
            label: fee.sFeeName,
            value: formatMoney(fee.dTotal),
          })),
          ...(preview
            ? scheduleFacts(method, preview.dTotal, body?.dForwardDate)
            : [{ label: t('money.preview.orderTotal'), value: '…' }]),
          {
            label: t('money.preview.confirmTotalMxn'),
            value: preview ? `${formatMoney(preview.dTotalMxn)} MXN` : '…',
          },
          {
            label: t('cart.checkout.palletsToShip'),
            value: String(cartShippedPallets(cart.aProducts)),
          },
        ]}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('money.preview.heldNote')}
      </Typography>
    </ConfirmDialog>
  );
}
