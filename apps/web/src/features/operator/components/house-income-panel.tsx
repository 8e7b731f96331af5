import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-button';
import { LoadError } from '../../../components/load-error';
import { SmallTable } from '../../../components/small-table';
import { excelDate, type ExcelColumn } from '../../../lib/excel';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useHouseIncomeQuery, type HouseIncomeOrder } from '../api/ops-money';
import { ApiError } from '../../../lib/api-client';

/** The fee kinds, in the order the tables show them. */
const KINDS = ['dFreight', 'dColdStorage', 'dBorderCrossing', 'dInsurance'] as const;
const KIND_LABEL = {
  dFreight: 'money.ops.income.freight',
  dColdStorage: 'money.ops.income.coldStorage',
  dBorderCrossing: 'money.ops.income.borderCrossing',
  dInsurance: 'money.ops.income.insurance',
} as const;

/**
 * What the marketplace's fees earned the house (GET ops/house-income): the period's totals by
 * kind, the same figures as the house's fee accounts on the ledger, then per day and per order
 * (refunds of undelivered boxes as negative amounts), with the orders as an Excel file.
 */
export function HouseIncomePanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const income = useHouseIncomeQuery(from, to);
  // The server refuses a period backwards or over a year (INVALID_INPUT on `from`).
  const periodError = isInvalidInput(income.error);

  const columns: ExcelColumn<HouseIncomeOrder>[] = [
    { header: t('money.ops.income.date'), value: (row) => excelDate(row.dDate) },
    { header: t('money.ops.income.order'), value: (row) => row.iTrackingId },
    { header: t('money.ops.held.buyer'), value: (row) => row.sBuyerName },
    { header: t('money.ops.held.grower'), value: (row) => row.sVendorName },
    ...KINDS.map((kind) => ({
      header: t(KIND_LABEL[kind]),
      value: (row: HouseIncomeOrder) => row[kind],
    })),
    { header: t('money.ops.income.total'), value: (row) => row.dTotal },
  ];

  const period = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      <TextField
        type="date"
        size="small"
        label={t('money.ops.income.from')}
        value={from || income.data?.dFrom || ''}
        onChange={(event) => setFrom(event.target.value)}
        error={periodError}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 190 }}
      />
      <TextField
        type="date"
        size="small"
        label={t('money.ops.income.to')}
        value={to || income.data?.dTo || ''}
        onChange={(event) => setTo(event.target.value)}
        error={periodError}
        helperText={periodError ? t('money.ops.income.badPeriod') : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 190 }}
      />
      <Box sx={{ flexGrow: 1 }} />
      <ExportButton
        fileName={t('money.ops.income.exportFile')}
        columns={columns}
        rows={income.data?.orders ?? []}
        disabled={!income.data}
      />
    </Box>
  );

  if (income.isError && !periodError) {
    return (
      <>
        {period}
        <LoadError
          message={t('money.ops.income.loadFailed')}
          retryLabel={t('operator.retry')}
          onRetry={() => void income.refetch()}
        />
      </>
    );
  }
  if (!income.data || periodError) {
    if (periodError) return period;
    return (
      <Box role="status" aria-label={t('money.ops.income.title')}>
        <Skeleton variant="rectangular" height={80} sx={{ mb: 2 }} />
        <Skeleton variant="rectangular" height={200} />
      </Box>
    );
  }
  const { totals, ledger, days, orders } = income.data;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('money.ops.income.intro')}
      </Typography>
      {period}
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 1 }}
        data-testid="house-income-totals"
      >
        {[...KINDS, 'dTotal' as const].map((kind) => (
          <Paper key={kind} variant="outlined" sx={{ px: 2.5, py: 1.5, minWidth: 150 }}>
            <Typography variant="body2" color="text.secondary">
              {kind === 'dTotal' ? t('money.ops.income.total') : t(KIND_LABEL[kind])}
            </Typography>
            <Typography variant="h3" component="p" data-testid={`house-income-${kind}`}>
              {formatMoney(totals[kind])}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mb: 3 }}
        data-testid="house-income-ledger"
      >
        {t('money.ops.income.ledger', {
          total: formatMoney(ledger.dTotal),
          logistics: formatMoney(ledger.dFreightAndColdStorage),
        })}
      </Typography>
      {days.length === 0 ? (
        <Typography color="text.secondary">{t('money.ops.income.empty')}</Typography>
      ) : (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('money.ops.income.byDay')}
          </Typography>
          <SmallTable
            label={t('money.ops.income.byDay')}
            head={
              <>
                <TableCell>{t('money.ops.income.date')}</TableCell>
                <TableCell align="right">{t('money.ops.income.orders')}</TableCell>
                {KINDS.map((kind) => (
                  <TableCell key={kind} align="right">
                    {t(KIND_LABEL[kind])}
                  </TableCell>
                ))}
                <TableCell align="right">{t('money.ops.income.total')}</TableCell>
              </>
            }
          >
            {days.map((day) => (
              <TableRow key={day.dDate} data-testid="house-income-day">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(day.dDate, language)}
                </TableCell>
                <TableCell align="right">{day.iOrders}</TableCell>
                {KINDS.map((kind) => (
                  <TableCell key={kind} align="right">
                    {formatMoney(day[kind])}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {formatMoney(day.dTotal)}
                </TableCell>
              </TableRow>
            ))}
          </SmallTable>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {t('money.ops.income.byOrder')}
          </Typography>
          <SmallTable
            label={t('money.ops.income.byOrder')}
            head={
              <>
                <TableCell>{t('money.ops.income.order')}</TableCell>
                <TableCell>{t('money.ops.held.buyer')}</TableCell>
                <TableCell>{t('money.ops.held.grower')}</TableCell>
                {KINDS.map((kind) => (
                  <TableCell key={kind} align="right">
                    {t(KIND_LABEL[kind])}
                  </TableCell>
                ))}
                <TableCell align="right">{t('money.ops.income.total')}</TableCell>
              </>
            }
          >
            {orders.map((order) => (
              <TableRow key={order.sOrderId} data-testid="house-income-order">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  #{order.iTrackingId}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {formatDate(order.dDate, language)}
                  </Typography>
                </TableCell>
                <TableCell>{order.sBuyerName}</TableCell>
                <TableCell>{order.sVendorName}</TableCell>
                {KINDS.map((kind) => (
                  <TableCell key={kind} align="right">
                    {formatMoney(order[kind])}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {formatMoney(order.dTotal)}
                </TableCell>
              </TableRow>
            ))}
          </SmallTable>
        </>
      )}
    </>
  );
}

function isInvalidInput(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'INVALID_INPUT';
}
