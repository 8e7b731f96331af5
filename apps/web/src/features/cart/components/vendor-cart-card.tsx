import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { localeOf, useLanguage } from '../../../lib/i18n/i18n';
import type { ProviderCart } from '../api/cart';
import { CartLine } from './cart-line';
import { LabelledValue } from './labelled-value';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';

/** One grower's cart: its lines, total and pallets, removal, and its own checkout. */
export function VendorCartCard({
  cart,
  onRemove,
}: {
  cart: ProviderCart;
  onRemove: (cart: ProviderCart) => void;
}) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const language = useLanguage();
  const count = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 });
  const name = cart.sProviderName;
  const titleId = `cart-${cart.sProviderId}`;

  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      data-testid="vendor-cart"
      sx={{ borderColor: cart.bChanged ? 'warning.main' : 'divider' }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('cart.cart.grower')}
            </Typography>
            <Typography id={titleId} component="h2" variant="h3">
              <Link
                component={RouterLink}
                to={`/vendor/detail/${cart.sProviderId}`}
                aria-label={t('cart.cart.visitStorefront', { name })}
                underline="hover"
                color="inherit"
              >
                {name}
              </Link>
            </Typography>
          </Box>
          <WithReason reason={writeBlocked}>
            <Button
              color="error"
              startIcon={<DeleteSweepOutlinedIcon />}
              onClick={() => onRemove(cart)}
              aria-label={t('cart.cart.removeCartNamed', { name })}
            >
              {t('cart.cart.removeCart')}
            </Button>
          </WithReason>
        </Box>
        <Box
          component="ul"
          aria-label={t('cart.cart.linesLabel', { name })}
          sx={{ listStyle: 'none', m: 0, p: 0, mt: 1 }}
        >
          {cart.aProducts.map((line) => (
            <CartLine key={line.sProductId} line={line} />
          ))}
        </Box>
        <Divider sx={{ my: 2 }} />
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 3,
            alignItems: 'flex-end',
            justifyContent: 'space-between',
          }}
        >
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
            <LabelledValue
              label={t('cart.cart.growerTotal')}
              value={formatMoney(cart.dTotal)}
              strong
              testId="grower-total"
            />
            <LabelledValue
              label={t('cart.cart.growerPallets')}
              value={count.format(cart.dPallets)}
              testId="grower-pallets"
            />
          </Box>
          <WithReason reason={writeBlocked}>
            <Button
              component={RouterLink}
              to={`/payment-process/?vendor=${encodeURIComponent(cart.sProviderId)}`}
              variant="contained"
              size="large"
              startIcon={<ShoppingCartCheckoutIcon />}
              disabled={cart.bChanged}
              aria-label={t('cart.cart.checkoutNamed', { name })}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {t('cart.cart.checkout')}
            </Button>
          </WithReason>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('cart.cart.goodsNote')}
        </Typography>
        {cart.bChanged && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {t('cart.cart.reviewFirst')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
