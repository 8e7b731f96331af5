import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../components/format-instant';
import { useLanguage } from '../../../lib/i18n/i18n';
import { usePendingSuppliersQuery } from '../api/suppliers';

/**
 * New suppliers and new bank accounts waiting for a second person, above the supplier list:
 * what was entered shows at once, marked as waiting, so nobody enters it again. Nothing
 * shows while there is none (or while it loads: the list below has its own states).
 */
export function PendingSuppliers() {
  const { t } = useTranslation();
  const language = useLanguage();
  const pending = usePendingSuppliersQuery();
  const rows = pending.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="pending-suppliers">
      <Typography variant="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
        {t('suppliers.pending.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('suppliers.pending.intro')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('suppliers.pending.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('suppliers.columns.name')}</TableCell>
              <TableCell>{t('suppliers.pending.change')}</TableCell>
              <TableCell>{t('suppliers.columns.bankName')}</TableCell>
              <TableCell>{t('suppliers.columns.clabe')}</TableCell>
              <TableCell>{t('suppliers.pending.requested')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.sApprovalId}>
                <TableCell>{row.sName}</TableCell>
                <TableCell>{t(`suppliers.pending.changes.${row.sChange}`)}</TableCell>
                <TableCell>{row.sBankName}</TableCell>
                <TableCell className="tabular">{row.sAccountNumber}</TableCell>
                <TableCell>{formatInstant(row.requested_at, language)}</TableCell>
                <TableCell>
                  <Chip size="small" color="warning" label={t('suppliers.pending.badge')} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
