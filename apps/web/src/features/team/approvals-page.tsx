import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { formatMoney } from '../../lib/format';
import { useApprovalsQuery, type Approval } from './api/team';
import { formatInstant } from '../../components/format-instant';
import { useLanguage } from '../../lib/i18n/i18n';
import { SmallTable } from '../../components/small-table';
import { usePayeesText } from './approval-payees';

const STATUS_COLOR: Record<string, 'default' | 'warning' | 'success' | 'error'> = {
  PENDING: 'warning',
  APPROVED: 'default',
  EXECUTED: 'success',
  FAILED: 'error',
  REJECTED: 'error',
  EXPIRED: 'default',
};

export function ApprovalStatusChip({ status }: { status: Approval['sStatus'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status] ?? 'default'}
      label={t(`team.approvals.statuses.${status as 'PENDING'}`)}
    />
  );
}

/** The company's approvals: pending first by default, each row opening its detail. */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [filter, setFilter] = useState<'PENDING' | 'ALL'>('PENDING');
  const approvals = useApprovalsQuery(filter);
  const rows = approvals.data?.approvals ?? [];

  return (
    <PageFrame title={t('team.approvals.title')} subtitle={t('team.approvals.subtitle')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter}
          onChange={(_event, value: 'PENDING' | 'ALL' | null) => value && setFilter(value)}
          aria-label={t('team.approvals.filterLabel')}
        >
          <ToggleButton value="PENDING">{t('team.approvals.filters.PENDING')}</ToggleButton>
          <ToggleButton value="ALL">{t('team.approvals.filters.ALL')}</ToggleButton>
        </ToggleButtonGroup>
        {approvals.data && (
          <Typography color="text.secondary" data-testid="approvals-pending-count">
            {t('team.approvals.pendingCount', { count: approvals.data.iPending })}
          </Typography>
        )}
      </Box>
      {approvals.isPending ? (
        <CircularProgress aria-label={t('team.approvals.title')} />
      ) : approvals.isError ? (
        <Alert
          severity="error"
          action={
            <Button onClick={() => void approvals.refetch()}>{t('team.approvals.retry')}</Button>
          }
        >
          {t('team.approvals.loadFailed')}
        </Alert>
      ) : rows.length === 0 ? (
        <Alert severity="info">
          {filter === 'PENDING' ? t('team.approvals.noPending') : t('team.approvals.empty')}
        </Alert>
      ) : (
        <SmallTable
          label={t('team.approvals.tableLabel')}
          head={
            <>
              <TableCell>{t('team.approvals.columns.requested')}</TableCell>
              <TableCell>{t('team.approvals.columns.kind')}</TableCell>
              <TableCell>{t('team.approvals.columns.about')}</TableCell>
              <TableCell align="right">{t('team.approvals.columns.amount')}</TableCell>
              <TableCell>{t('team.approvals.columns.by')}</TableCell>
              <TableCell>{t('team.approvals.columns.status')}</TableCell>
            </>
          }
        >
          {rows.map((approval) => (
            <TableRow key={approval.sApprovalId} hover>
              <TableCell>{formatInstant(approval.requested_at, language)}</TableCell>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={`/approvals/${approval.sApprovalId}`}
                  aria-label={t('team.approvals.open', {
                    summary: approval.oDetails.sWhat,
                  })}
                >
                  {approval.oDetails.sWhat}
                </Link>
              </TableCell>
              <TableCell>
                <ApprovalAbout approval={approval} />
              </TableCell>
              <TableCell align="right">
                {approval.oDetails.dAmountUsd === null
                  ? '—'
                  : formatMoney(approval.oDetails.dAmountUsd)}
                {approval.oDetails.dAmountMxn !== null && (
                  <Typography variant="body2" color="text.secondary" className="tabular">
                    {`${formatMoney(approval.oDetails.dAmountMxn)} MXN`}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{approval.requestedBy.sFullName}</TableCell>
              <TableCell>
                <ApprovalStatusChip status={approval.sStatus} />
                {approval.sStatus === 'FAILED' && approval.sFailureReason && (
                  <Typography variant="body2" color="error" sx={{ mt: 0.5, maxWidth: 320 }}>
                    {approval.sFailureReason}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    </PageFrame>
  );
}

/** To whom and for which invoices, short; what a supplier change is about otherwise. */
function ApprovalAbout({ approval }: { approval: Approval }) {
  const payees = usePayeesText(approval.oDetails);
  const invoices = approval.oDetails.aInvoices;
  return (
    <>
      {payees || (approval.oDetails.bMovesMoney ? '—' : approval.sSummary)}
      {invoices.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {invoices.length <= 3 ? invoices.join(', ') : `${invoices.slice(0, 3).join(', ')}…`}
        </Typography>
      )}
    </>
  );
}
