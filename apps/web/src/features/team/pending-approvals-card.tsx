import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../lib/format';
import type { useApprovalsQuery } from './api/team';

/**
 * The dashboard's counter of pending approvals, each linking to its detail. The page owns the
 * query (it waits for its answer before showing the figures below the card).
 */
export function PendingApprovalsCard({
  approvals,
}: {
  approvals: ReturnType<typeof useApprovalsQuery>;
}) {
  const { t } = useTranslation();
  if (!approvals.data || approvals.data.iPending === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="pending-approvals">
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        <Link component={RouterLink} to="/approvals">
          {t('team.approvals.pendingCount', { count: approvals.data.iPending })}
        </Link>
      </Typography>
      {approvals.isError ? (
        <Alert severity="error">{t('team.approvals.loadFailed')}</Alert>
      ) : (
        <List dense>
          {approvals.data.approvals.slice(0, 5).map((approval) => (
            <ListItem key={approval.sApprovalId} disableGutters>
              <Link component={RouterLink} to={`/approvals/${approval.sApprovalId}`}>
                {[
                  t(`team.approvals.kinds.${approval.sKind}`),
                  approval.sSummary,
                  approval.dAmountUsd === null ? '' : `${formatMoney(approval.dAmountUsd)} USD`,
                  approval.requestedBy.sFullName,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
