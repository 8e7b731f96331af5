import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { todayInTimeZone } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { SmallTable } from '../../../components/small-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import {
  compareWithStp,
  speiKeys,
  useReturnedTransfersQuery,
  useStpReconciliationQuery,
} from '../api/spei';

/** The SPEI desk: each day against STP's conciliation, and the incoming SPEIs returned. */
export function SpeiPanel() {
  const { t } = useTranslation();
  return (
    <Stack spacing={4}>
      <Typography color="text.secondary">{t('operator.speiDesk.intro')}</Typography>
      <StpReconciliationSection />
      <ReturnedTransfersSection />
    </Stack>
  );
}

function StpReconciliationSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(() => todayInTimeZone(new Date()));
  const query = useStpReconciliationQuery(date);
  const compare = useMutation({
    mutationFn: () => compareWithStp(date),
    meta: { errorToast: false },
    onSuccess: (reconciliation) =>
      queryClient.setQueryData(speiKeys.reconciliation(date), reconciliation),
  });
  const day = query.data;
  const amount = (value: number | null) => (value === null ? '—' : `${formatMoney(value)} MXN`);

  return (
    <Stack spacing={2} component="section" aria-labelledby="stp-reconciliation-title">
      <Typography variant="h6" component="h2" id="stp-reconciliation-title">
        {t('operator.speiDesk.reconciliationTitle')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          type="date"
          label={t('operator.reconciliation.date')}
          value={date}
          onChange={(event) => {
            setDate(event.target.value);
            compare.reset();
          }}
          size="small"
          margin="none"
          sx={{ width: 190 }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" loading={compare.isPending} onClick={() => compare.mutate()}>
          {t('operator.speiDesk.compareNow')}
        </Button>
      </Box>
      {compare.isError && <Alert severity="error">{t('operator.speiDesk.compareFailed')}</Alert>}
      {query.isError && (
        <LoadError
          message={t('operator.reconciliation.loadFailed')}
          retryLabel={t('operator.retry')}
          onRetry={() => void query.refetch()}
        />
      )}
      {compare.isPending || (query.isPending && query.fetchStatus !== 'idle') ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }} role="status">
          <CircularProgress size={20} />
          <Typography variant="body2">{t('operator.speiDesk.comparing')}</Typography>
        </Box>
      ) : (
        day && (
          <>
            <Typography data-testid="stp-reconciliation-count">
              {day.ran_at === null
                ? t('operator.speiDesk.neverRan', { date: day.sDate })
                : day.iCount === 0
                  ? t('operator.speiDesk.none', { date: day.sDate })
                  : t('operator.reconciliation.count', { count: day.iCount, date: day.sDate })}
            </Typography>
            {day.ran_at !== null && (
              <Typography variant="body2" color="text.secondary">
                {t('operator.speiDesk.summary', {
                  sent: String(day.iSentAtStp),
                  received: String(day.iReceivedAtStp),
                })}
              </Typography>
            )}
            {day.differences.length > 0 && (
              <SmallTable
                label={t('operator.speiDesk.tableLabel')}
                head={
                  <>
                    <TableCell>{t('operator.speiDesk.columns.direction')}</TableCell>
                    <TableCell>{t('operator.speiDesk.columns.kind')}</TableCell>
                    <TableCell>{t('operator.speiDesk.columns.trackingKey')}</TableCell>
                    <TableCell align="right">{t('operator.speiDesk.columns.here')}</TableCell>
                    <TableCell align="right">{t('operator.speiDesk.columns.stp')}</TableCell>
                  </>
                }
              >
                {day.differences.map((difference) => (
                  <TableRow
                    key={`${difference.sDirection}-${difference.sKind}-${difference.sTrackingKey}`}
                  >
                    <TableCell>
                      {t(`operator.speiDesk.directions.${difference.sDirection}`)}
                    </TableCell>
                    <TableCell>{t(`operator.speiDesk.kinds.${difference.sKind}`)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {difference.sTrackingKey}
                    </TableCell>
                    <TableCell align="right">{amount(difference.dAmountHere)}</TableCell>
                    <TableCell align="right">{amount(difference.dAmountStp)}</TableCell>
                  </TableRow>
                ))}
              </SmallTable>
            )}
          </>
        )
      )}
    </Stack>
  );
}

function ReturnedTransfersSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useReturnedTransfersQuery();
  const transfers = query.data ?? [];

  return (
    <Stack spacing={2} component="section" aria-labelledby="spei-returned-title">
      <Typography variant="h6" component="h2" id="spei-returned-title">
        {t('operator.speiDesk.returnedTitle', { count: transfers.length })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('operator.speiDesk.returnedIntro')}
      </Typography>
      {query.isError ? (
        <LoadError
          message={t('operator.speiDesk.returnedLoadFailed')}
          retryLabel={t('operator.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }} role="status">
          <CircularProgress size={20} />
          <Typography variant="body2">{t('common.loading')}</Typography>
        </Box>
      ) : transfers.length === 0 ? (
        <Typography>{t('operator.speiDesk.returnedEmpty')}</Typography>
      ) : (
        <SmallTable
          label={t('operator.speiDesk.returnedLabel')}
          head={
            <>
              <TableCell>{t('operator.speiDesk.returnedColumns.date')}</TableCell>
              <TableCell>{t('operator.speiDesk.returnedColumns.sender')}</TableCell>
              <TableCell>{t('operator.speiDesk.returnedColumns.bank')}</TableCell>
              <TableCell>{t('operator.speiDesk.returnedColumns.clabe')}</TableCell>
              <TableCell align="right">{t('operator.speiDesk.returnedColumns.amount')}</TableCell>
              <TableCell>{t('operator.speiDesk.returnedColumns.trackingKey')}</TableCell>
            </>
          }
        >
          {transfers.map((transfer) => (
            <TableRow key={transfer.sId} data-testid="returned-spei">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(transfer.sOperationDate, language)}
              </TableCell>
              <TableCell>{transfer.sSenderName || '—'}</TableCell>
              <TableCell>{transfer.sSendingBank}</TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{transfer.sClabe}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(transfer.dAmount)} MXN
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{transfer.sTrackingKey}</TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    </Stack>
  );
}
