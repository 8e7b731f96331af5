import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format-instant';
import { LoadError } from '../../../components/load-error';
import { SmallTable } from '../../../components/small-table';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useBankChangesQuery } from '../api/ops-money';

/**
 * Bank accounts changed recently and still in their cooling-off (GET ops/bank-changes): a
 * grower's own payout account or a buyer's supplier, with who changed it and when money may
 * go to it, so the back office can call a company whose change looks wrong.
 */
export function BankChangesPanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const changes = useBankChangesQuery();
  if (changes.isError) {
    return (
      <LoadError
        message={t('money.ops.bankChanges.loadFailed')}
        retryLabel={t('operator.retry')}
        onRetry={() => void changes.refetch()}
      />
    );
  }
  if (!changes.data) {
    return (
      <Box role="status" aria-label={t('money.ops.bankChanges.tableLabel')}>
        <Skeleton variant="rectangular" height={200} />
      </Box>
    );
  }
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('money.ops.bankChanges.intro')}
      </Typography>
      {changes.data.length === 0 ? (
        <Typography color="text.secondary">{t('money.ops.bankChanges.empty')}</Typography>
      ) : (
        <SmallTable
          label={t('money.ops.bankChanges.tableLabel')}
          head={
            <>
              <TableCell>{t('money.ops.bankChanges.company')}</TableCell>
              <TableCell>{t('money.ops.bankChanges.account')}</TableCell>
              <TableCell>{t('money.ops.bankChanges.change')}</TableCell>
              <TableCell>{t('money.ops.bankChanges.changedBy')}</TableCell>
              <TableCell>{t('money.ops.bankChanges.changedAt')}</TableCell>
              <TableCell>{t('money.ops.bankChanges.effectiveAt')}</TableCell>
            </>
          }
        >
          {changes.data.map((change) => (
            <TableRow key={change.sChangeId} data-testid="bank-change-row">
              <TableCell>{change.sEnterpriseName}</TableCell>
              <TableCell>
                {change.sKind === 'PAYOUT_ACCOUNT'
                  ? t('money.ops.bankChanges.payoutAccount')
                  : t('money.ops.bankChanges.supplier', { name: change.sRecipientName ?? '' })}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {change.sOldAccount ?? '—'} → {change.sNewAccount}
              </TableCell>
              <TableCell>{change.sChangedBy ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(change.changed_at, language)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {formatDateTime(change.dEffectiveAt, language)}
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    </>
  );
}
