import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import type { Approval } from './api/team';
import { usePayeesText } from './approval-payees';

type Details = Approval['oDetails'];

/** One row of a definition list. */
export function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '200px 1fr' }, gap: 1, py: 0.75 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

const money = (amount: number | null, currency: 'USD' | 'MXN') =>
  amount === null ? '—' : `${formatMoney(amount)} ${currency}`;

/**
 * What an approval asks, written for the person deciding it: to whom, how much in USD and
 * MXN at the current rate, the invoices, a batch's lines, or what a supplier change changes.
 */
export function ApprovalDetails({ details }: { details: Details }) {
  const { t } = useTranslation();
  const payees = usePayeesText(details);
  return (
    <Box data-testid="approval-request">
      <Box component="dl" sx={{ m: 0 }}>
        {payees && (
          <Detail
            label={t(
              details.bMovesMoney ? 'team.approvals.details.to' : 'team.approvals.details.payee',
            )}
          >
            {payees}
          </Detail>
        )}
        {details.bMovesMoney && (
          <>
            <Detail label={t('team.approvals.details.amountUsd')}>
              {money(details.dAmountUsd, 'USD')}
            </Detail>
            <Detail label={t('team.approvals.details.amountMxn')}>
              {money(details.dAmountMxn, 'MXN')}
            </Detail>
          </>
        )}
        {details.aInvoices.length > 0 && (
          <Detail label={t('team.approvals.details.invoices')}>
            {details.aInvoices.join(', ')}
          </Detail>
        )}
        {details.sConcept && (
          <Detail label={t('team.approvals.details.concept')}>{details.sConcept}</Detail>
        )}
      </Box>
      {details.bMovesMoney && details.dExchangeRate !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('team.approvals.details.atRate', { rate: details.dExchangeRate.toFixed(4) })}
        </Typography>
      )}
      {!details.bMovesMoney && (
        <Typography sx={{ mt: 1 }}>{t('team.approvals.details.noMoney')}</Typography>
      )}
      {details.aLines.length > 0 && (
        <>
          <Typography variant="h3" sx={{ fontSize: '1rem', mt: 2, mb: 1 }}>
            {t('team.approvals.details.lines')}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('team.approvals.details.linesLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('team.approvals.details.payee')}</TableCell>
                  <TableCell>{t('team.approvals.details.clabe')}</TableCell>
                  <TableCell>{t('team.approvals.details.invoice')}</TableCell>
                  <TableCell align="right">{t('team.approvals.details.amountUsd')}</TableCell>
                  <TableCell align="right">{t('team.approvals.details.amountMxn')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {details.aLines.map((line, index) => (
                  <TableRow key={index}>
                    <TableCell>{line.sPayee}</TableCell>
                    <TableCell className="tabular">{line.sClabe}</TableCell>
                    <TableCell>{line.sInvoice ?? '—'}</TableCell>
                    <TableCell align="right" className="tabular">
                      {line.dAmountUsd === null ? '—' : formatMoney(line.dAmountUsd)}
                    </TableCell>
                    <TableCell align="right" className="tabular">
                      {line.dAmountMxn === null ? '—' : formatMoney(line.dAmountMxn)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      {details.aChanges.length > 0 && (
        <>
          <Typography variant="h3" sx={{ fontSize: '1rem', mt: 2, mb: 1 }}>
            {t('team.approvals.details.changes')}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('team.approvals.details.changesLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('team.approvals.details.field')}</TableCell>
                  <TableCell>{t('team.approvals.details.from')}</TableCell>
                  <TableCell>{t('team.approvals.details.to_')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {details.aChanges.map((change) => (
                  <TableRow key={change.sField}>
                    <TableCell>{change.sField}</TableCell>
                    <TableCell>{change.sFrom ?? t('team.approvals.details.newSupplier')}</TableCell>
                    <TableCell>{change.sTo}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Box>
  );
}
