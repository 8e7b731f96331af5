import {
  convertMxnToUsd,
  moneyToDecimalString,
  moneyToNumber,
  parseMoney,
  parseRate,
} from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey, usePaymentRecipientsQuery } from '../../../lib/finance/queries';
import type { Transaction } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { usePayFromConversionMutation } from '../api/conversions-api';
import { formatQuoteRate } from '../../../components/format-rate';
import {
  conversionPaymentAmounts,
  instantToCalendarDate,
  maskAccount,
  maxPaymentCents,
  suppliersToPay,
  unpaidOfEntry,
  unreservedMxnCents,
} from '../conversion-math';
import { DetailList } from '../../../components/detail-list';
import { RequiredTextArea } from '../../../components/required-text-area';
import { AppDialog } from '../../../components/app-dialog';

const CONCEPT_MAX = 200;

interface PayConversionDialogProps {
  /** The conversion to pay from; null keeps the dialog closed. */
  transaction: Transaction | null;
  /** Cancel: the caller reloads. */
  onCancel: () => void;
  /** Success: the caller closes every dialog and reloads. */
  onPaid: () => void;
}

/**
 * Pays a supplier in MXN out of a conversion. Step 1 lists the suppliers whose assigned
 * invoices are unpaid, with those invoices (and, when pesos are left unassigned, the other
 * contacts); when only one supplier remains it is preselected and the dialog starts at
 * step 2 'Detalle de pago'. The amount defaults to what the invoices still need.
 */
export function PayConversionDialog({ transaction, onCancel, onPaid }: PayConversionDialogProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog
      open={transaction !== null}
      onClose={onCancel}
      busy={busy}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      {transaction && (
        <PayBody
          key={transaction.sTransactionId}
          titleId={titleId}
          transaction={transaction}
          onCancel={onCancel}
          onPaid={onPaid}
          onBusyChange={setBusy}
        />
      )}
    </AppDialog>
  );
}

function readCents(text: string): bigint | undefined {
  if (!/^\d+(\.\d{1,2})?$/.test(text.replaceAll(',', '').trim())) return undefined;
  try {
    return parseMoney(text.replaceAll(',', '').trim());
  } catch {
    return undefined;
  }
}

function PayBody({
  titleId,
  transaction,
  onCancel,
  onPaid,
  onBusyChange,
}: {
  titleId: string;
  transaction: Transaction;
  onCancel: () => void;
  onPaid: () => void;
  /** While the payment is sent, Escape must not close the dialog. */
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const recipients = usePaymentRecipientsQuery();
  const pay = usePayFromConversionMutation();
  useEffect(() => onBusyChange(pay.isPending), [pay.isPending, onBusyChange]);
  const [pending] = useState(() => suppliersToPay(transaction));
  const preselected = pending.length === 1 ? pending[0] : undefined;
  const [step, setStep] = useState<1 | 2>(preselected ? 2 : 1);
  const [supplierId, setSupplierId] = useState(preselected?.sPaymentRecipientId ?? '');
  /** The MXN typed; null while the default (what the invoices need) applies. */
  const [amountText, setAmountText] = useState<string | null>(null);
  const [concept, setConcept] = useState('');
  const [conceptTouched, setConceptTouched] = useState(false);
  const idempotencyKey = useIdempotencyKey(step === 2);
  const chooseId = useId();
  const unreserved = unreservedMxnCents(transaction);

  if (step === 1) {
    const pendingIds = new Set(pending.map((supplier) => supplier.sPaymentRecipientId));
    const others =
      unreserved > 0n
        ? (recipients.data ?? []).filter((entry) => !pendingIds.has(entry.sPaymentRecipientId))
        : [];
    const nothing = pending.length === 0 && (recipients.isSuccess ? others.length === 0 : false);
    return (
      <>
        <DialogTitle id={titleId}>{t('conversions.pay.title')}</DialogTitle>
        <DialogContent dividers>
          <Typography id={chooseId} sx={{ mb: 1 }}>
            {t('conversions.pay.chooseContact')}
          </Typography>
          {recipients.isPending && pending.length === 0 ? (
            <Skeleton variant="rounded" height={120} />
          ) : nothing ? (
            <Alert severity="info">
              {unreserved > 0n
                ? t('conversions.pay.noContacts')
                : t('conversions.pay.nothingToPay')}
            </Alert>
          ) : (
            <RadioGroup
              aria-labelledby={chooseId}
              value={supplierId}
              onChange={(event) => {
                setSupplierId(event.target.value);
                setAmountText(null);
              }}
            >
              {pending.length > 0 && (
                <ListSubheader disableSticky sx={{ px: 0, lineHeight: 2.5 }}>
                  {t('conversions.pay.pendingSuppliers')}
                </ListSubheader>
              )}
              {pending.map((supplier) => (
                <FormControlLabel
                  key={supplier.sPaymentRecipientId}
                  value={supplier.sPaymentRecipientId}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                  data-testid={`pay-supplier-${supplier.sPaymentRecipientId}`}
                  label={
                    <Box>
                      <Typography>
                        {supplier.sName} {maskAccount(supplier.sAccountNumber)}
                      </Typography>
                      {supplier.invoices.map((entry) => (
                        <Typography
                          key={entry.invoice.sInvoiceId}
                          variant="body2"
                          color="text.secondary"
                        >
                          {t('conversions.pay.invoiceLine', {
                            invoice: entry.invoice.sInvoice,
                            amount: formatMoney(moneyToNumber(unpaidOfEntry(entry))),
                          })}
                        </Typography>
                      ))}
                    </Box>
                  }
                />
              ))}
              {others.length > 0 && pending.length > 0 && (
                <ListSubheader disableSticky sx={{ px: 0, lineHeight: 2.5 }}>
                  {t('conversions.pay.otherContacts')}
                </ListSubheader>
              )}
              {others.map((recipient) => (
                <FormControlLabel
                  key={recipient.sPaymentRecipientId}
                  value={recipient.sPaymentRecipientId}
                  control={<Radio />}
                  label={`${recipient.sName} ${maskAccount(recipient.sAccountNumber)}`}
                />
              ))}
            </RadioGroup>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('finance.cancel')}</Button>
          <Button variant="contained" onClick={() => setStep(2)} disabled={supplierId === ''}>
            {t('finance.continue')}
          </Button>
        </DialogActions>
      </>
    );
  }

  const recipient = recipients.data?.find((entry) => entry.sPaymentRecipientId === supplierId);
  const supplier = pending.find((entry) => entry.sPaymentRecipientId === supplierId);
  const name = recipient?.sName ?? supplier?.sName ?? '';
  const account = recipient?.sAccountNumber ?? supplier?.sAccountNumber ?? '';
  const defaults = conversionPaymentAmounts(transaction, supplierId);
  const maxCents = maxPaymentCents(transaction, supplierId);
  const typedCents = amountText === null ? defaults.mxnCents : readCents(amountText);
  const amountProblem =
    typedCents === undefined || typedCents <= 0n
      ? t('conversions.pay.amountInvalid')
      : typedCents > maxCents
        ? t('conversions.pay.amountTooHigh', { amount: formatMoney(moneyToNumber(maxCents)) })
        : undefined;
  const mxnCents = amountProblem === undefined && typedCents !== undefined ? typedCents : 0n;
  const usdCents =
    mxnCents === 0n ? 0n : convertMxnToUsd(mxnCents, parseRate(transaction.dExchangeRate));
  const invoiceNames = defaults.invoices.map((entry) => entry.invoice.sInvoice).join(', ');
  const conceptMissing = concept.trim() === '';
  const today = instantToCalendarDate(new Date().toISOString());

  const onConfirm = () => {
    if (mxnCents === 0n) return;
    pay.mutate(
      {
        transactionId: transaction.sTransactionId,
        supplierId,
        amountMxn: moneyToNumber(mxnCents),
        comment: concept.trim(),
        idempotencyKey,
      },
      {
        onSuccess: () => {
          showSuccessToast(t('conversions.pay.sent'));
          onPaid();
        },
        onError: (error) => showErrorToast(error),
      },
    );
  };

  return (
    <>
      <DialogTitle id={titleId}>{t('conversions.pay.detailTitle')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {maxCents === 0n ? (
            <Alert severity="info">{t('conversions.pay.nothingToPay')}</Alert>
          ) : (
            <TextField
              label={t('conversions.pay.amount')}
              value={amountText ?? moneyToDecimalString(defaults.mxnCents)}
              onChange={(event) => setAmountText(event.target.value)}
              error={amountProblem !== undefined}
              helperText={
                amountProblem ??
                (defaults.invoices.length > 0
                  ? t('conversions.pay.amountHint', {
                      amount: formatMoney(moneyToNumber(defaults.mxnCents)),
                    })
                  : undefined)
              }
              margin="none"
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'data-testid': 'pay-amount-input' },
                input: {
                  startAdornment: <InputAdornment position="start">$</InputAdornment>,
                  endAdornment: <InputAdornment position="end">MXN</InputAdornment>,
                },
              }}
            />
          )}
          <DetailList
            items={[
              { label: t('conversions.pay.client'), value: name },
              {
                label: t('conversions.pay.clabe'),
                value: account ? maskAccount(account) : t('finance.notAvailable'),
              },
              {
                label: t('conversions.pay.amountUsd'),
                value: formatMoney(moneyToNumber(usdCents)),
                testId: 'pay-amount-usd',
              },
              {
                label: t('conversions.pay.amountMxn'),
                value: formatMoney(moneyToNumber(mxnCents)),
                testId: 'pay-amount-mxn',
              },
              {
                label: t('conversions.pay.rate'),
                value: formatQuoteRate(transaction.dExchangeRate),
                testId: 'pay-rate',
              },
              {
                label: t('conversions.pay.invoices'),
                value: invoiceNames || t('finance.notAvailable'),
              },
              { label: t('conversions.pay.sendDate'), value: formatDate(today, language) },
            ]}
          />
          <RequiredTextArea
            label={t('conversions.pay.concept')}
            value={concept}
            onChange={setConcept}
            touched={conceptTouched}
            onBlur={() => setConceptTouched(true)}
            requiredText={t('validation.required')}
            maxLength={CONCEPT_MAX}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        {!preselected && (
          <Button onClick={() => setStep(1)} disabled={pay.isPending} sx={{ mr: 'auto' }}>
            {t('finance.back')}
          </Button>
        )}
        <Button onClick={onCancel} disabled={pay.isPending}>
          {t('finance.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={conceptMissing || pay.isPending || mxnCents === 0n}
          loading={pay.isPending}
        >
          {t('conversions.pay.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
