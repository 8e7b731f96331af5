import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A read that failed, with a way to ask again. */
export function CartLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('cart.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** Nothing to show: a plain sentence and what to do next. */
export function CartEmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Box
      role="status"
      sx={{
        textAlign: 'center',
        py: 6,
        px: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <RemoveShoppingCartOutlinedIcon
        sx={{ fontSize: 48, color: 'text.secondary' }}
        aria-hidden="true"
      />
      <Typography sx={{ mt: 1 }}>{message}</Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
