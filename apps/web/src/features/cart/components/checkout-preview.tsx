import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { CheckoutPreview } from '../api/checkout';
import { formatQuoteRate } from '../../../components/format-rate';
import { LoadError } from '../../../components/load-error';

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 600, whiteSpace: 'nowrap' }}>{value}</Typography>
    </Box>
  );
}

/**
 * The order's total before paying (POST orders/checkout/preview): the goods, each fee, the
 * total in USD and in MXN at the quote. What the checkout then charges, to the cent.
 */
export function CheckoutPreviewCard({
  preview,
  loading,
  error,
  onRetry,
}: {
  preview: CheckoutPreview | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby="preview-title"
      aria-busy={loading}
      data-testid="checkout-preview"
    >
      <Typography id="preview-title" component="h3" variant="h4" sx={{ mb: 1 }}>
        {t('money.preview.title')}
      </Typography>
      {error ? (
        <LoadError
          message={t('money.preview.failed')}
          retryLabel={t('money.income.retry')}
          onRetry={onRetry}
        />
      ) : !preview ? (
        loading ? (
          <Box role="status" aria-label={t('money.preview.loading')}>
            <Skeleton height={28} />
            <Skeleton height={28} />
            <Skeleton height={28} />
          </Box>
        ) : (
          <Typography color="text.secondary">{t('money.preview.needsRate')}</Typography>
        )
      ) : (
        <>
          <Line label={t('money.preview.goods')} value={formatMoney(preview.dGoods)} />
          {preview.fees.map((fee) => (
            <Line key={fee.sFeeKey} label={fee.sFeeName} value={formatMoney(fee.dTotal)} />
          ))}
          <Divider sx={{ my: 1 }} />
          <Box data-testid="preview-total">
            <Line label={t('money.preview.total')} value={formatMoney(preview.dTotal)} strong />
          </Box>
          <Line
            label={`${t('money.preview.totalMxn')} · ${t('money.preview.rate', {
              rate: formatQuoteRate(preview.dExchangeRate),
            })}`}
            value={`${formatMoney(preview.dTotalMxn)} MXN`}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {t('money.preview.distance', { km: String(preview.iDistanceKm) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('money.preview.heldNote')}
          </Typography>
        </>
      )}
    </Box>
  );
}
