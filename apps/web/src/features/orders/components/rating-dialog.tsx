import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../lib/toast';
import type { Order } from '../api/orders';
import { useRateOrder } from '../api/orders';
import { BusyButton } from '../../../components/busy-button';
import { AppDialog } from '../../../components/app-dialog';

const COMMENT_MAX = 2000;

interface RatingDialogProps {
  open: boolean;
  order: Order;
  onClose: () => void;
}

/** Rate the grower of a delivered order: 1–5 stars and an optional comment. Persistent. */
export function RatingDialog({ open, order, onClose }: RatingDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const legendId = useId();
  const errorId = useId();
  const rate = useRateOrder();
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [showError, setShowError] = useState(false);

  const close = () => {
    setStars(null);
    setComment('');
    setShowError(false);
    onClose();
  };

  const submit = () => {
    if (stars === null) {
      setShowError(true);
      return;
    }
    const trimmed = comment.trim();
    rate.mutate(
      { orderId: order.sOrderId, iStars: stars, ...(trimmed ? { sComment: trimmed } : {}) },
      {
        onSuccess: () => {
          showSuccessToast(t('orders.rating.sent'));
          close();
        },
      },
    );
  };

  return (
    <AppDialog
      open={open}
      onClose={close}
      busy={rate.isPending}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {t('orders.rating.title', { id: String(order.iTrackingId) })}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {t('orders.rating.intro', { grower: order.sVendorName })}
        </Typography>
        <Box
          component="fieldset"
          aria-describedby={showError ? errorId : undefined}
          sx={{ border: 0, p: 0, m: 0 }}
        >
          <Typography component="legend" id={legendId} variant="body2" color="text.secondary">
            {t('orders.rating.stars')}
          </Typography>
          <Rating
            name={`rating-${order.sOrderId}`}
            value={stars}
            onChange={(_event, value) => {
              setStars(value);
              if (value !== null) setShowError(false);
            }}
            getLabelText={(value: number) => t('orders.rating.starLabel', { count: value })}
            size="large"
            sx={{ mt: 0.5 }}
          />
          {showError && (
            <FormHelperText error id={errorId}>
              {t('orders.rating.starsRequired')}
            </FormHelperText>
          )}
        </Box>
        <TextField
          label={t('orders.rating.comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={rate.isPending}>
          {t('orders.rating.later')}
        </Button>
        <BusyButton busy={rate.isPending} onClick={submit}>
          {t('orders.rating.submit')}
        </BusyButton>
      </DialogActions>
    </AppDialog>
  );
}
