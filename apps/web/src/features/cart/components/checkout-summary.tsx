import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { localeOf, useLanguage } from '../../../lib/i18n/i18n';
import type { ProviderCart } from '../api/cart';
import { TRUCK_PALLETS, cartShippedPallets, trucksFor } from '../cart-math';

function Row({
  label,
  hint,
  value,
  testId,
}: {
  label: string;
  hint?: string;
  value: string;
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Box>
        <Typography>{label}</Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** The grower's cart as it will be ordered: lines, goods subtotal, pallets and trucks. */
export function CheckoutSummary({ cart, children }: { cart: ProviderCart; children?: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const count = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 });
  const pallets = cartShippedPallets(cart.aProducts);
  const trucks = trucksFor(pallets);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="summary-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="summary-title" component="h2" variant="h3">
        {t('cart.checkout.summaryTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t('cart.checkout.grower')}: <strong>{cart.sProviderName}</strong>
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1.5 }}>
        {cart.aProducts.map((line) => (
          <Box
            component="li"
            key={line.sProductId}
            sx={{
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              display: 'flex',
              gap: 2,
              justifyContent: 'space-between',
            }}
            data-testid="summary-line"
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {line.sName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('cart.checkout.boxesLine', { count: line.dQuantity })} ·{' '}
                {t('cart.checkout.linePallets', { pallets: count.format(line.dPallets) })} ·{' '}
                {t('cart.checkout.atPrice', { price: formatMoney(line.dPricePerBox) })}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatMoney(line.dTotal)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 1 }}>
        <Row
          label={t('cart.checkout.goodsSubtotal')}
          value={formatMoney(cart.dTotal)}
          testId="goods-subtotal"
        />
        <Row
          label={t('cart.checkout.palletsToShip')}
          hint={t('cart.checkout.palletsHint')}
          value={String(pallets)}
          testId="pallets-to-ship"
        />
        <Row
          label={t('cart.checkout.trucks')}
          hint={t('cart.checkout.trucksHint', { capacity: String(TRUCK_PALLETS) })}
          value={t('cart.checkout.truckCount', { count: trucks })}
          testId="trucks"
        />
      </Box>
      {children && (
        <>
          <Divider sx={{ my: 2 }} />
          {children}
        </>
      )}
    </Paper>
  );
}
