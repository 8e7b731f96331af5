import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { formatDateTime } from '../../../components/format-instant';
import { SmallTable } from '../../../components/small-table';
import type { Invoice } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { invoiceCfdiQueryOptions, type InvoiceCfdi, type InvoiceCreditNote } from '../api/cfdi';
import { creditNoteLines, isPpd, paymentLines, satStateOf, type PaymentLine } from '../cfdi-view';

type Invoiceish = Pick<
  Invoice,
  'sInvoiceId' | 'sInvoice' | 'sName' | 'dTotalAmount' | 'dPaidAmount'
>;

/** One label and its value, read as a pair by a screen reader (a description list). */
function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}:
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ComplementCell({ line }: { line: PaymentLine }) {
  const { t } = useTranslation();
  const uuid = line.sComplementUuid ?? '';
  const text = t(`invoices.cfdiView.complementStates.${line.state}`, {
    uuid,
    amount: formatMoney(line.dComplementAmount ?? 0),
  });
  const color =
    line.state === 'mismatch' ? 'error' : line.state === 'due' ? 'warning.main' : undefined;
  return (
    <TableCell data-testid="complement-state" data-state={line.state}>
      <Typography variant="body2" color={color} sx={{ wordBreak: 'break-all' }}>
        {text}
      </Typography>
    </TableCell>
  );
}

/** The CFDI's fields, its credit notes and, when PPD, each payment with its complement. */
export function CfdiDetails(props: {
  invoice: Invoiceish;
  cfdi: InvoiceCfdi;
  creditNotes: readonly InvoiceCreditNote[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { cfdi } = props;
  const sat = satStateOf(cfdi.sSatStatus);
  const notes = creditNoteLines(props.invoice, props.creditNotes);
  const payments = paymentLines(cfdi);
  return (
    <>
      <Box component="dl" sx={{ m: 0, mb: 2 }}>
        <Field label={t('invoices.cfdiView.uuid')}>{cfdi.sUuid}</Field>
        <Field label={t('invoices.cfdiView.issuer')}>{props.invoice.sName}</Field>
        {cfdi.sMetodoPago && (
          <Field label={t('invoices.cfdiView.method')}>{cfdi.sMetodoPago}</Field>
        )}
        <Field label={t('invoices.cfdiView.sat')}>
          <span data-testid="sat-status" data-state={sat}>
            {t(`invoices.cfdiView.satStates.${sat}`)}
          </span>
          {' · '}
          {cfdi.dSatCheckedAt
            ? t('invoices.cfdiView.satChecked', {
                when: formatDateTime(cfdi.dSatCheckedAt, language),
              })
            : t('invoices.cfdiView.satNeverChecked')}
        </Field>
      </Box>

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('invoices.cfdiView.creditNotes')}
      </Typography>
      {notes.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('invoices.cfdiView.noCreditNotes')}
        </Typography>
      ) : (
        <SmallTable
          label={t('invoices.cfdiView.creditNotes')}
          frame="bordered"
          sx={{ mb: 2 }}
          head={
            <>
              <TableCell>UUID</TableCell>
              <TableCell>{t('invoices.cfdiView.date')}</TableCell>
              <TableCell align="right">{t('invoices.cfdiView.amount')}</TableCell>
              <TableCell align="right">{t('invoices.cfdiView.remaining')}</TableCell>
            </>
          }
        >
          {notes.map((note) => (
            <TableRow key={note.sUuid}>
              <TableCell sx={{ wordBreak: 'break-all' }}>{note.sUuid}</TableCell>
              <TableCell>{formatDate(note.dIssuedOn, language)}</TableCell>
              <TableCell align="right">{formatMoney(note.dAmount)}</TableCell>
              <TableCell align="right">{formatMoney(note.dRemaining)}</TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}

      {isPpd(cfdi) && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('invoices.cfdiView.payments')}
          </Typography>
          {payments.length === 0 ? (
            <Typography color="text.secondary">{t('invoices.cfdiView.noPayments')}</Typography>
          ) : (
            <SmallTable
              label={t('invoices.cfdiView.payments')}
              frame="bordered"
              sx={{ mb: 2 }}
              head={
                <>
                  <TableCell>{t('invoices.cfdiView.paidAt')}</TableCell>
                  <TableCell align="right">{t('invoices.cfdiView.amount')}</TableCell>
                  <TableCell>{t('invoices.cfdiView.complement')}</TableCell>
                </>
              }
            >
              {payments.map((line) => (
                <TableRow key={line.sPaymentId}>
                  <TableCell>{formatDateTime(line.dPaidAt, language)}</TableCell>
                  <TableCell align="right">{formatMoney(line.dAmount)}</TableCell>
                  <ComplementCell line={line} />
                </TableRow>
              ))}
            </SmallTable>
          )}
          {cfdi.aUnmatchedComplements.length > 0 && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('invoices.cfdiView.unmatched')}:{' '}
              {cfdi.aUnmatchedComplements
                .map((line) => `${line.sComplementUuid} (${formatMoney(line.dAmount)} MXN)`)
                .join(', ')}
            </Alert>
          )}
        </>
      )}
    </>
  );
}

/** An invoice's CFDI, read when the dialog opens; closed with Escape or Close. */
export function InvoiceCfdiDialog(props: { invoice: Invoiceish; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useQuery(invoiceCfdiQueryOptions(props.invoice.sInvoiceId));
  return (
    <AppDialog
      open
      onClose={props.onClose}
      closeOnBackdropClick
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {t('invoices.cfdiView.title', { invoice: props.invoice.sInvoice })}
      </DialogTitle>
      <DialogContent>
        {query.isPending && <CircularProgress size={24} aria-label={t('invoices.cfdiView.open')} />}
        {query.isError && <Alert severity="error">{t('invoices.cfdiView.loadFailed')}</Alert>}
        {query.data && query.data.cfdi === null && (
          <Typography>{t('invoices.cfdiView.notImported')}</Typography>
        )}
        {query.data?.cfdi && (
          <CfdiDetails
            invoice={props.invoice}
            cfdi={query.data.cfdi}
            creditNotes={query.data.creditNotes}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('finance.close')}</Button>
      </DialogActions>
    </AppDialog>
  );
}
