import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { todayInTimeZone } from '@app/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CompactDate } from '../../components/compact-date';
import { ExportButton } from '../../components/export-button';
import { PageFrame } from '../../components/page-frame';
import type { ExcelColumn } from '../../lib/excel';
import { formatDate, formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session-store';
import { formatQuoteRate } from '../../components/format-rate';
import { usePayoutsQuery, type VendorPayout } from './api';
import { payoutTotals } from './income-total';
import { LoadError } from '../../components/load-error';
import { SmallTable } from '../../components/small-table';

const STATUS_COLOR = {
  PROCESSING: 'warning',
  COMPLETED: 'success',
  RETURNED: 'error',
} as const;

/**
 * The table fits a laptop in either language (a compact date, the tracking key wrapping,
 * the status chip whole); on a phone it scrolls sideways with the order pinned at the left.
 */
const incomeTableSx = {
  '& .code': { fontFamily: 'monospace', fontSize: '0.8125rem' },
  '& .tracking-key': { wordBreak: 'break-all', minWidth: 120 },
  '& .MuiChip-root': { whiteSpace: 'nowrap' },
  '& td:last-of-type, & th:last-of-type': { whiteSpace: 'nowrap' },
  '@media (max-width: 700px)': {
    '& tbody td:first-of-type, & thead th:first-of-type': {
      position: 'sticky',
      left: 0,
      zIndex: 1,
      bgcolor: 'background.paper',
      boxShadow: 'inset -1px 0 0 rgba(0, 0, 0, 0.12)',
    },
  },
} as const;

function payoutDay(payout: VendorPayout): string {
  return todayInTimeZone(new Date(payout.created_at));
}

/**
 * /income, the grower's income history: every payout of its accepted orders to its CLABE,
 * with the order, date, USD and MXN amounts, the locked rate, the masked CLABE, the SPEI
 * tracking key and the status; a total and an Excel export.
 */
export function IncomePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const isVendor = useSession()?.user.sRole === 'vendor';
  const payoutsQuery = usePayoutsQuery(isVendor);
  const payouts = useMemo(() => payoutsQuery.data ?? [], [payoutsQuery.data]);
  const totals = payoutTotals(payouts);

  const excelColumns = useMemo<ExcelColumn<VendorPayout>[]>(
    () => [
      { header: t('money.income.columns.order'), value: (row) => row.iTrackingId },
      {
        header: t('money.income.columns.date'),
        value: (row) => formatDate(payoutDay(row), language),
      },
      { header: t('money.income.columns.usd'), value: (row) => row.dAmountUsd },
      { header: t('money.income.columns.mxn'), value: (row) => row.dAmountMxn },
      { header: t('money.income.columns.rate'), value: (row) => row.dExchangeRate },
      { header: t('money.income.columns.clabe'), value: (row) => row.sClabeMasked },
      { header: t('money.income.columns.trackingKey'), value: (row) => row.sTrackingKey },
      {
        header: t('money.income.columns.status'),
        value: (row) => t(`money.income.statuses.${row.sStatus}`),
      },
    ],
    [t, language],
  );

  if (!isVendor) {
    return (
      <PageFrame title={t('money.income.title')}>
        <Alert severity="info">{t('money.income.notVendor')}</Alert>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={t('money.income.title')}
      subtitle={t('money.income.subtitle')}
      actions={
        <ExportButton
          fileName={t('money.income.exportFile')}
          columns={excelColumns}
          rows={payouts}
          disabled={payoutsQuery.isPending || payouts.length === 0}
        />
      }
    >
      {payoutsQuery.isError ? (
        <LoadError
          message={t('money.income.loadFailed')}
          retryLabel={t('money.income.retry')}
          onRetry={() => void payoutsQuery.refetch()}
        />
      ) : payoutsQuery.isPending ? (
        <Box role="status" aria-label={t('money.income.tableLabel')}>
          <Skeleton variant="rectangular" height={240} />
        </Box>
      ) : payouts.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('money.income.empty')}</Typography>
        </Paper>
      ) : (
        <>
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}
            data-testid="income-totals"
          >
            {[
              { label: t('money.income.totalUsd'), value: `${formatMoney(totals.usd)} USD` },
              { label: t('money.income.totalMxn'), value: `${formatMoney(totals.mxn)} MXN` },
            ].map((item) => (
              <Paper key={item.label} variant="outlined" sx={{ px: 2.5, py: 1.5, minWidth: 200 }}>
                <Typography variant="body2" color="text.secondary">
                  {item.label}
                </Typography>
                <Typography variant="h3" component="p">
                  {item.value}
                </Typography>
              </Paper>
            ))}
          </Box>
          <SmallTable
            label={t('money.income.tableLabel')}
            sx={incomeTableSx}
            head={
              <>
                <TableCell>{t('money.income.columns.order')}</TableCell>
                <TableCell>{t('money.income.columns.date')}</TableCell>
                <TableCell align="right">{t('money.income.columns.usd')}</TableCell>
                <TableCell align="right">{t('money.income.columns.mxn')}</TableCell>
                <TableCell align="right">{t('money.income.columns.rate')}</TableCell>
                <TableCell>{t('money.income.columns.clabe')}</TableCell>
                <TableCell>{t('money.income.columns.trackingKey')}</TableCell>
                <TableCell>{t('money.income.columns.status')}</TableCell>
              </>
            }
            footer={
              <TableRow>
                <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                  {t('money.income.count', { count: payouts.length })}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {formatMoney(totals.usd)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {formatMoney(totals.mxn)}
                </TableCell>
                <TableCell colSpan={4} />
              </TableRow>
            }
          >
            {payouts.map((payout) => (
              <TableRow key={payout.sTrackingKey} data-testid="payout-row">
                <TableCell>
                  <Link component={RouterLink} to={`/order-detail/finalized/${payout.sOrderId}`}>
                    #{payout.iTrackingId}
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <CompactDate date={payoutDay(payout)} language={language} />
                </TableCell>
                <TableCell align="right">{formatMoney(payout.dAmountUsd)}</TableCell>
                <TableCell align="right">{formatMoney(payout.dAmountMxn)}</TableCell>
                <TableCell align="right">{formatQuoteRate(payout.dExchangeRate)}</TableCell>
                <TableCell className="code">{payout.sClabeMasked}</TableCell>
                <TableCell className="code tracking-key">{payout.sTrackingKey}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATUS_COLOR[payout.sStatus]}
                    label={t(`money.income.statuses.${payout.sStatus}`)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </SmallTable>
        </>
      )}
    </PageFrame>
  );
}
