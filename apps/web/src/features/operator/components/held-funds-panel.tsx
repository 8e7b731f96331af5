import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { todayInTimeZone } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useHeldFundsQuery } from '../api/ops-money';
import { LoadError } from '../../../components/load-error';
import { SmallTable } from '../../../components/small-table';

/** The held order funds: their total (the ledger's held accounts) and each order holding money. */
export function HeldFundsPanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const held = useHeldFundsQuery();
  if (held.isError) {
    return (
      <LoadError
        message={t('money.ops.held.loadFailed')}
        retryLabel={t('operator.retry')}
        onRetry={() => void held.refetch()}
      />
    );
  }
  if (!held.data) {
    return (
      <Box role="status" aria-label={t('money.ops.held.tableLabel')}>
        <Skeleton variant="rectangular" height={80} sx={{ mb: 2 }} />
        <Skeleton variant="rectangular" height={200} />
      </Box>
    );
  }
  const { dTotal, iOrders, orders } = held.data;
  return (
    <>
      <Paper variant="outlined" sx={{ px: 2.5, py: 1.5, mb: 2, display: 'inline-block' }}>
        <Typography variant="body2" color="text.secondary">
          {t('money.ops.held.total')}
        </Typography>
        <Typography variant="h3" component="p" data-testid="held-total">
          {formatMoney(dTotal)} USD
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('money.ops.held.orders', { count: iOrders })}
        </Typography>
      </Paper>
      {orders.length === 0 ? (
        <Typography color="text.secondary">{t('money.ops.held.empty')}</Typography>
      ) : (
        <SmallTable
          label={t('money.ops.held.tableLabel')}
          head={
            <>
              <TableCell>{t('money.ops.held.order')}</TableCell>
              <TableCell>{t('money.ops.held.buyer')}</TableCell>
              <TableCell>{t('money.ops.held.grower')}</TableCell>
              <TableCell>{t('money.ops.held.status')}</TableCell>
              <TableCell align="right">{t('money.ops.held.amount')}</TableCell>
            </>
          }
        >
          {orders.map((order) => (
            <TableRow key={order.sOrderId} data-testid="held-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                #{order.iTrackingId}
                <Typography variant="caption" color="text.secondary" component="div">
                  {formatDate(todayInTimeZone(new Date(order.created_at)), language)}
                </Typography>
              </TableCell>
              <TableCell>{order.sBuyerName}</TableCell>
              <TableCell>{order.sVendorName}</TableCell>
              <TableCell>
                {order.sStatusName}
                {order.bDisputed && (
                  <Chip
                    size="small"
                    color="warning"
                    label={t('money.ops.held.disputed')}
                    sx={{ ml: 1 }}
                  />
                )}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {formatMoney(order.dHeld)}
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    </>
  );
}
