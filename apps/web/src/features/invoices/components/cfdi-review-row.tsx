import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { CfdiParseLine } from '../api/cfdi';
import { rowErrors, type CfdiRowInput } from '../cfdi-review';

/** A dark amber that reads at 4.5:1 or more on white (MUI's warning.dark does not). */
const WARNING_TEXT = '#8a4b08';

function statusColor(status: CfdiParseLine['sStatus']): 'success' | 'warning' | 'error' {
  return status === 'READY' ? 'success' : status === 'DUPLICATE' ? 'warning' : 'error';
}

/**
 * One read CFDI in the review: who issued it, the invoice and its total (with the original
 * currency when not pesos), the supplier (or the CLABE of a new one), the protected rate and
 * credit days to fill in, and what the server made of the file.
 */
export function CfdiReviewRow({
  line,
  input,
  clabes,
  onInput,
  onClabe,
}: {
  line: CfdiParseLine;
  input: CfdiRowInput;
  /** The CLABE typed for each new supplier, by RFC (one supplier may issue several files). */
  clabes: Record<string, string>;
  onInput: (change: Partial<CfdiRowInput>) => void;
  onClabe: (rfc: string, clabe: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isReady = line.sStatus === 'READY';
  // A credit note lowers an invoice already imported: no supplier, rate or credit period.
  const isCreditNote = line.sKind === 'CREDIT_NOTE';
  // A payment complement settles payments of invoices already imported: it shows each line.
  const isComplement = line.sKind === 'PAYMENT_COMPLEMENT';
  const included = isReady && input.include;
  const errors = included ? rowErrors(line, input, clabes) : {};
  const rfc = line.sRfcEmisor ?? '';
  return (
    <TableRow data-testid="cfdi-row" sx={{ verticalAlign: 'top' }}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={included}
          disabled={!isReady}
          onChange={(event) => onInput({ include: event.target.checked })}
          slotProps={{
            input: {
              'aria-label': t('payables.cfdi.includeRow', {
                invoice: line.sInvoice ?? line.sFileName,
              }),
            },
          }}
        />
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {line.sNombreEmisor ?? line.sFileName}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {line.sRfcEmisor ? `${line.sRfcEmisor} · ` : ''}
          {line.sFileName}
        </Typography>
        {line.sReason && (
          <Typography variant="caption" color="error" component="div">
            {line.sReason}
          </Typography>
        )}
        {line.aWarnings.map((warning) => (
          <Box
            key={warning.sCode}
            sx={{ display: 'flex', gap: 0.5, mt: 0.5, color: WARNING_TEXT }}
            data-testid="cfdi-warning"
          >
            <WarningAmberIcon fontSize="small" aria-hidden />
            <Typography variant="caption">{warning.sMessage}</Typography>
          </Box>
        ))}
      </TableCell>
      <TableCell>
        <Typography variant="body2">{line.sInvoice ?? '—'}</Typography>
        <Typography variant="caption" color="text.secondary">
          {line.dPurchaseDate ? formatDate(line.dPurchaseDate, language) : ''}
          {line.sVersion ? ` · CFDI ${line.sVersion}` : ''}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {line.dTotalAmount !== null ? formatMoney(line.dTotalAmount) : '—'}
        {line.sMoneda && line.sMoneda !== 'MXN' && (
          <Typography variant="caption" component="div" sx={{ color: WARNING_TEXT }}>
            {t('payables.cfdi.originalTotal', {
              total: formatMoney(line.dTotalOriginal ?? 0),
              currency: line.sMoneda,
              rate: String(line.dTipoCambio ?? ''),
            })}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        {!isReady ? (
          '—'
        ) : isCreditNote ? (
          <Chip
            size="small"
            label={t('payables.cfdi.creditNoteFor', { uuid: line.sRelatedUuid ?? '' })}
          />
        ) : isComplement ? (
          <Box data-testid="cfdi-complement">
            <Chip size="small" label={t('payables.cfdi.complement')} sx={{ mb: 0.5 }} />
            {line.aPayments.map((payment) => (
              <Typography
                key={`${payment.sRelatedUuid}-${payment.dAmount}`}
                variant="caption"
                component="div"
                sx={payment.sMatch === 'MISMATCH' ? { color: WARNING_TEXT } : undefined}
              >
                {payment.sMatch === 'MATCHED'
                  ? t('payables.cfdi.complementMatches', {
                      invoice: payment.sInvoice,
                      amount: formatMoney(payment.dAmountMxn),
                    })
                  : (payment.sMessage ?? '')}
              </Typography>
            ))}
          </Box>
        ) : line.sPaymentRecipientId ? (
          line.sPaymentRecipientName
        ) : (
          <>
            <Chip size="small" label={t('payables.cfdi.newSupplier')} sx={{ mb: 1 }} />
            <TextField
              size="small"
              fullWidth
              label={t('payables.cfdi.clabe', { rfc })}
              value={clabes[rfc] ?? ''}
              onChange={(event) => onClabe(rfc, event.target.value)}
              disabled={!included}
              error={Boolean(errors.clabe && (clabes[rfc] ?? '') !== '')}
              helperText={errors.clabe ? t('payables.cfdi.clabeInvalid') : ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 18 } }}
            />
          </>
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 120 }}>
        {isReady && !isCreditNote && !isComplement && (
          <TextField
            size="small"
            label={t('payables.cfdi.columns.rate')}
            value={input.rate}
            onChange={(event) => onInput({ rate: event.target.value })}
            disabled={!included}
            error={Boolean(errors.rate && input.rate !== '')}
            helperText={errors.rate ? t('payables.cfdi.rateInvalid') : ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 100 }}>
        {isReady && !isCreditNote && !isComplement && (
          <TextField
            size="small"
            label={t('payables.cfdi.columns.credit')}
            value={input.credit}
            onChange={(event) => onInput({ credit: event.target.value })}
            disabled={!included}
            error={Boolean(errors.credit)}
            helperText={errors.credit ? t('payables.cfdi.creditInvalid') : ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        )}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={statusColor(line.sStatus)}
          label={t(`payables.cfdi.statuses.${line.sStatus}`)}
        />
      </TableCell>
    </TableRow>
  );
}
