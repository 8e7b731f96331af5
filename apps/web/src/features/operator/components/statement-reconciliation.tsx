import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { todayInTimeZone } from '@app/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { SmallTable } from '../../../components/small-table';
import { formatMoney } from '../../../lib/format';
import { useStatementReconciliationQuery } from '../api/bank-statements';

/**
 * One day of the reconciliation of the bank's statements with the ledger: credits received
 * at the bank but not here, credits made here that no statement holds, and amounts that
 * differ, with their count; a day without any says so.
 */
export function StatementReconciliation() {
  const { t } = useTranslation();
  const [date, setDate] = useState(() => todayInTimeZone(new Date()));
  const query = useStatementReconciliationQuery(date);
  const differences = query.data?.differences ?? [];
  const amount = (value: number | null) => (value === null ? '—' : `${formatMoney(value)} USD`);

  return (
    <Stack spacing={2} component="section" aria-labelledby="statement-reconciliation-title">
      <Typography variant="h6" component="h2" id="statement-reconciliation-title">
        {t('operator.reconciliation.title')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          type="date"
          label={t('operator.reconciliation.date')}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          size="small"
          margin="none"
          sx={{ width: 190 }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {query.data && (
          <Typography data-testid="reconciliation-count">
            {query.data.iDifferences === 0
              ? t('operator.reconciliation.none', { date: query.data.dDate })
              : t('operator.reconciliation.count', {
                  count: query.data.iDifferences,
                  date: query.data.dDate,
                })}
          </Typography>
        )}
      </Box>
      {query.isError && (
        <LoadError
          message={t('operator.reconciliation.loadFailed')}
          retryLabel={t('operator.retry')}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isPending && query.fetchStatus !== 'idle' ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }} role="status">
          <CircularProgress size={20} />
          <Typography variant="body2">{t('operator.reconciliation.loading')}</Typography>
        </Box>
      ) : (
        differences.length > 0 && (
          <SmallTable
            label={t('operator.reconciliation.tableLabel')}
            head={
              <>
                <TableCell>{t('operator.reconciliation.columns.kind')}</TableCell>
                <TableCell>{t('operator.reconciliation.columns.reference')}</TableCell>
                <TableCell align="right">{t('operator.reconciliation.columns.bank')}</TableCell>
                <TableCell align="right">{t('operator.reconciliation.columns.ledger')}</TableCell>
              </>
            }
          >
            {differences.map((difference) => (
              <TableRow key={`${difference.sKind}-${difference.sBankReference}`}>
                <TableCell>{t(`operator.reconciliation.kinds.${difference.sKind}`)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{difference.sBankReference}</TableCell>
                <TableCell align="right">{amount(difference.dBankAmount)}</TableCell>
                <TableCell align="right">{amount(difference.dLedgerAmount)}</TableCell>
              </TableRow>
            ))}
          </SmallTable>
        )
      )}
    </Stack>
  );
}
