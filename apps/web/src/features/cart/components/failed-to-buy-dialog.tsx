import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { failureHint } from '../checkout-failure';
import { AppDialog } from '../../../components/app-dialog';

/** The spec's 'Failed to buy' dialog: the server's message and a way back to the cart. */
export function FailedToBuyDialog({
  error,
  onGoToCart,
}: {
  error: unknown;
  onGoToCart: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const open = error !== null && error !== undefined;
  const message = isApiError(error) ? error.message : t('errors.unknown');
  const hint = failureHint(error);
  return (
    <AppDialog
      open={open}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="sm"
      fullWidth
      data-testid="failed-to-buy"
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ErrorOutlineIcon color="error" aria-hidden="true" />
        {t('cart.checkout.failedTitle')}
      </DialogTitle>
      <DialogContent>
        <Box id={messageId}>
          <Typography sx={{ fontWeight: 600 }} data-testid="failed-message">
            {message}
          </Typography>
          {hint && <Typography sx={{ mt: 1 }}>{t(`cart.checkout.failedHints.${hint}`)}</Typography>}
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('cart.checkout.failedIntro')}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onGoToCart} autoFocus>
          {t('cart.checkout.goToCart')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
