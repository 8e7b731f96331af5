import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { WithReason } from '../../../components/with-reason';
import { formatMoney } from '../../../lib/format';
import { useWriteGuard } from '../../../lib/team-role';
import { showSuccessToast } from '../../../lib/toast';
import type { Order, OrderSide } from '../api/orders';
import { useDecidePriceChange } from '../api/orders';

/**
 * A higher delivered price the grower asked for: the buyer reviews it and accepts or
 * rejects it (each behind a confirmation); the grower sees that it waits for the buyer.
 */
export function PriceChangeSection({ order, side }: { order: Order; side: OrderSide }) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const decide = useDecidePriceChange();
  const [asking, setAsking] = useState<'accept' | 'reject' | null>(null);
  const change = order.priceChange;
  if (!change) return null;
  const id = String(order.iTrackingId);
  const amount = formatMoney(change.dAddedToHold);

  return (
    <SectionCard title={t('orders.detail.priceChange.title')} testId="price-change">
      <Alert severity={side === 'buyer' ? 'warning' : 'info'} sx={{ mb: 2 }}>
        {side === 'buyer'
          ? t('orders.detail.priceChange.buyerIntro')
          : t('orders.detail.priceChange.vendorWaiting')}
      </Alert>
      <TableContainer sx={{ mb: 2 }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('orders.detail.priceChange.product')}</TableCell>
              <TableCell align="right">{t('orders.detail.priceChange.boxes')}</TableCell>
              <TableCell align="right">{t('orders.detail.priceChange.agreed')}</TableCell>
              <TableCell align="right">{t('orders.detail.priceChange.requested')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {change.lines.map((line) => (
              <TableRow key={line.sLineId}>
                <TableCell>{line.sProductName}</TableCell>
                <TableCell align="right">{line.iBoxes}</TableCell>
                <TableCell align="right">{formatMoney(line.dAgreedUnitPrice)}</TableCell>
                <TableCell align="right">
                  <strong>{formatMoney(line.dRequestedUnitPrice)}</strong>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {side === 'buyer' && (
        <>
          <Typography sx={{ mb: 1.5 }}>
            {t('orders.detail.priceChange.addedToHold', { amount })}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <WithReason reason={writeBlocked}>
              <Button
                variant="contained"
                startIcon={<CheckIcon />}
                onClick={() => setAsking('accept')}
              >
                {t('orders.detail.priceChange.accept')}
              </Button>
            </WithReason>
            <WithReason reason={writeBlocked}>
              <Button
                variant="outlined"
                color="error"
                startIcon={<CloseIcon />}
                onClick={() => setAsking('reject')}
              >
                {t('orders.detail.priceChange.reject')}
              </Button>
            </WithReason>
          </Box>
          <ConfirmDialog
            open={asking !== null}
            title={
              asking === 'reject'
                ? t('orders.detail.priceChange.rejectTitle', { id })
                : t('orders.detail.priceChange.acceptTitle', { id })
            }
            confirmLabel={
              asking === 'reject'
                ? t('orders.detail.priceChange.reject')
                : t('orders.detail.priceChange.accept')
            }
            cancelLabel={t('orders.detail.cancel')}
            destructive={asking === 'reject'}
            busy={decide.isPending}
            onCancel={() => setAsking(null)}
            onConfirm={() => {
              if (!asking) return;
              const decision = asking;
              decide.mutate(
                { orderId: order.sOrderId, decision },
                {
                  onSuccess: () => {
                    showSuccessToast(
                      t(
                        decision === 'accept'
                          ? 'orders.detail.priceChange.accepted'
                          : 'orders.detail.priceChange.rejected',
                      ),
                    );
                    setAsking(null);
                  },
                },
              );
            }}
          >
            <Typography>
              {asking === 'reject'
                ? t('orders.detail.priceChange.rejectText')
                : t('orders.detail.priceChange.acceptText', { amount })}
            </Typography>
          </ConfirmDialog>
        </>
      )}
    </SectionCard>
  );
}
