import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showSuccessToast } from '../../../lib/toast';
import type { Order } from '../api/orders';
import { useAcceptOrder } from '../api/orders';
import type { ReceivedError } from '../received-counts';
import { checkReceived, receivedDefaults, vendorCount } from '../received-counts';

interface AcceptDeliveryDialogProps {
  open: boolean;
  order: Order;
  onClose: () => void;
}

/**
 * The buyer accepts the load with its own count per line (the grower's count to start
 * with). A count that differs is said before confirming: the lower one is paid and a
 * dispute opens on the difference.
 */
export function AcceptDeliveryDialog({ open, order, onClose }: AcceptDeliveryDialogProps) {
  const { t } = useTranslation();
  const accept = useAcceptOrder();
  const [values, setValues] = useState<Record<string, string>>(() => receivedDefaults(order.lines));
  const [submitted, setSubmitted] = useState(false);
  const check = checkReceived(order.lines, values);
  const errorText = (error: ReceivedError | undefined) => {
    if (!error) return undefined;
    return error.key === 'tooMany'
      ? t('orders.detail.received.tooMany', { count: error.count })
      : t('orders.detail.received.wholeBoxes');
  };
  const close = () => {
    setSubmitted(false);
    setValues(receivedDefaults(order.lines));
    onClose();
  };
  const disputes = check.differing.length > 0;

  return (
    <ConfirmDialog
      open={open}
      title={t('orders.detail.acceptTitle', { id: String(order.iTrackingId) })}
      confirmLabel={
        disputes ? t('orders.detail.received.confirmDispute') : t('orders.detail.accept')
      }
      cancelLabel={t('orders.detail.cancel')}
      busy={accept.isPending}
      onCancel={close}
      onConfirm={() => {
        setSubmitted(true);
        if (!check.lines) return;
        accept.mutate(
          { orderId: order.sOrderId, lines: check.lines },
          {
            onSuccess: () => {
              showSuccessToast(
                t(disputes ? 'orders.detail.received.disputed' : 'orders.detail.accepted'),
              );
              close();
            },
          },
        );
      }}
    >
      <Typography sx={{ mb: 2 }}>{t('orders.detail.acceptText')}</Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {order.lines.map((line) => {
          const error = submitted ? errorText(check.errors[line.sLineId]) : undefined;
          return (
            <TextField
              key={line.sLineId}
              label={t('orders.detail.received.label', { product: line.sProductName })}
              value={values[line.sLineId] ?? ''}
              onChange={(event) =>
                setValues((current) => ({ ...current, [line.sLineId]: event.target.value }))
              }
              inputMode="numeric"
              error={error !== undefined}
              helperText={
                error ??
                t('orders.detail.received.hint', {
                  vendor: String(vendorCount(line)),
                  ordered: String(line.dQuantity),
                })
              }
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          );
        })}
      </Box>
      {disputes && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="received-differs">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('orders.detail.received.differs')}
          </Typography>
          {check.differing.map((line) => (
            <Typography variant="body2" key={line.sProductName}>
              {t('orders.detail.received.differLine', {
                product: line.sProductName,
                vendor: String(line.vendor),
                received: String(line.received),
              })}
            </Typography>
          ))}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
