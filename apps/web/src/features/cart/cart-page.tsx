import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageFrame } from '../../components/page-frame';
import { useSession } from '../../lib/session-store';
import { showSuccessToast } from '../../lib/toast';
import type { ProviderCart } from './api/cart';
import { useCartQuery, useRemoveVendorCartMutation } from './api/cart';
import { CartEmptyState, CartLoadError } from './components/cart-notices';
import { VendorCartCard } from './components/vendor-cart-card';

function CartSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('cart.cart.loading')} data-testid="cart-skeleton">
      {[0, 1].map((index) => (
        <Box
          key={index}
          sx={{
            p: 3,
            mb: 2,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: 'background.paper',
          }}
        >
          <Skeleton variant="text" width="40%" height={32} />
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="rectangular" height={56} sx={{ my: 1.5 }} />
          <Skeleton variant="text" width="30%" />
        </Box>
      ))}
    </Box>
  );
}

function BuyerCart({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const cart = useCartQuery();
  const removeCart = useRemoveVendorCartMutation();
  const [removing, setRemoving] = useState<ProviderCart | null>(null);
  const data = cart.data;

  if (cart.isError) {
    return <CartLoadError message={t('cart.cart.failed')} onRetry={() => void cart.refetch()} />;
  }
  if (!data) return <CartSkeleton />;
  if (data.results.length === 0) {
    return (
      <CartEmptyState
        message={t('cart.cart.empty')}
        action={
          <Button component={RouterLink} to="/catalogs" variant="contained">
            {t('cart.cart.browse')}
          </Button>
        }
      />
    );
  }

  return (
    <>
      {data.bChanged && data.sMessage && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="cart-changed">
          {data.sMessage}
        </Alert>
      )}
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('cart.cart.carts', { count: data.results.length })}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {data.results.map((vendorCart) => (
          <VendorCartCard key={vendorCart.sProviderId} cart={vendorCart} onRemove={setRemoving} />
        ))}
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={t('cart.cart.removeCartTitle')}
        confirmLabel={t('cart.cart.removeCartConfirm')}
        cancelLabel={t('cart.cart.cancel')}
        destructive
        busy={removeCart.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = removing.sProviderName;
          removeCart.mutate(
            { userId, vendorId: removing.sProviderId },
            {
              onSuccess: () => {
                setRemoving(null);
                showSuccessToast(t('cart.cart.cartRemoved', { name }));
              },
            },
          );
        }}
      >
        <Typography>
          {t('cart.cart.removeCartText', { name: removing?.sProviderName ?? '' })}
        </Typography>
      </ConfirmDialog>
    </>
  );
}

/** /shopping-cart: one card per grower (the server keeps one cart per vendor). */
export function CartPage() {
  const { t } = useTranslation();
  const session = useSession();
  const role = session?.user.sRole;
  return (
    <PageFrame title={t('cart.cart.title')} subtitle={t('cart.cart.subtitle')}>
      {role === 'customer' && session ? (
        <BuyerCart userId={session.user.sUserId} />
      ) : (
        <Alert severity="info">
          {role === 'vendor' ? t('cart.cart.vendorsCannotBuy') : t('cart.cart.operatorsCannotBuy')}
        </Alert>
      )}
    </PageFrame>
  );
}
