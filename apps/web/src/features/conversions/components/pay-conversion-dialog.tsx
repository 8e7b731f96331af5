import { moneyToNumber } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey, usePaymentRecipientsQuery } from '../../../lib/finance/queries';
import type { Transaction } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { usePayFromConversionMutation } from '../api/conversions-api';
import {
  conversionPaymentAmounts,
  conversionSupplier,
  instantToCalendarDate,
  maskAccount,
} from '../conversion-math';
import { DetailList } from './detail-list';

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
 * Pays a supplier in MXN out of a conversion. Step 1 chooses the contact; a conversion with
 * invoices is for their supplier, so it starts at step 2 'Detalle de pago'.
 */
export function PayConversionDialog({ transaction, onCancel, onPaid }: PayConversionDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={transaction !== null} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {transaction && (
        <PayBody
          key={transaction.sTransactionId}
          titleId={titleId}
          transaction={transaction}
          onCancel={onCancel}
          onPaid={onPaid}
        />
      )}
    </Dialog>
  );
}

function PayBody({
  titleId,
  transaction,
  onCancel,
  onPaid,
}: {
  titleId: string;
  transaction: Transaction;
  onCancel: () => void;
  onPaid: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const recipients = usePaymentRecipientsQuery();
  const pay = usePayFromConversionMutation();
  const preselected = conversionSupplier(transaction);
  const [step, setStep] = useState<1 | 2>(preselected ? 2 : 1);
  const [supplierId, setSupplierId] = useState(preselected?.sPaymentRecipientId ?? '');
  const [concept, setConcept] = useState('');
  const [conceptTouched, setConceptTouched] = useState(false);
  const idempotencyKey = useIdempotencyKey(step === 2);
  const chooseId = useId();

  if (step === 1) {
    return (
      <>
        <DialogTitle id={titleId}>{t('conversions.pay.title')}</DialogTitle>
        <DialogContent dividers>
          <Typography id={chooseId} sx={{ mb: 1 }}>
            {t('conversions.pay.chooseContact')}
          </Typography>
          {recipients.isPending ? (
            <Skeleton variant="rounded" height={120} />
          ) : (recipients.data ?? []).length === 0 ? (
            <Alert severity="info">{t('conversions.pay.noContacts')}</Alert>
          ) : (
            <RadioGroup
              aria-labelledby={chooseId}
              value={supplierId}
              onChange={(event) => setSupplierId(event.target.value)}
            >
              {(recipients.data ?? []).map((recipient) => (
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
  const firstInvoice = transaction.invoice.find(
    (entry) => entry.invoice.sPaymentRecipientId === supplierId,
  )?.invoice;
  const name = recipient?.sName ?? preselected?.sName ?? firstInvoice?.sName ?? '';
  const account = recipient?.sAccountNumber ?? firstInvoice?.sAccountNumber ?? '';
  const amounts = conversionPaymentAmounts(transaction, supplierId);
  const invoiceNames = amounts.invoices.map((entry) => entry.invoice.sInvoice).join(', ');
  const conceptMissing = concept.trim() === '';
  const today = instantToCalendarDate(new Date().toISOString());

  const onConfirm = () => {
    pay.mutate(
      {
        transactionId: transaction.sTransactionId,
        supplierId,
        amountMxn: moneyToNumber(amounts.mxnCents),
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
          <DetailList
            items={[
              { label: t('conversions.pay.client'), value: name },
              {
                label: t('conversions.pay.clabe'),
                value: account ? maskAccount(account) : t('finance.notAvailable'),
              },
              {
                label: t('conversions.pay.amountUsd'),
                value: formatMoney(moneyToNumber(amounts.usdCents)),
                testId: 'pay-amount-usd',
              },
              {
                label: t('conversions.pay.amountMxn'),
                value: formatMoney(moneyToNumber(amounts.mxnCents)),
                testId: 'pay-amount-mxn',
              },
              { label: t('conversions.pay.rate'), value: formatMoney(transaction.dExchangeRate) },
              {
                label: t('conversions.pay.invoices'),
                value: invoiceNames || t('finance.notAvailable'),
              },
              { label: t('conversions.pay.sendDate'), value: formatDate(today, language) },
            ]}
          />
          {amounts.mxnCents === 0n && (
            <Alert severity="info">{t('conversions.pay.nothingToPay')}</Alert>
          )}
          <TextField
            label={t('conversions.pay.concept')}
            value={concept}
            onChange={(event) => setConcept(event.target.value)}
            onBlur={() => setConceptTouched(true)}
            required
            multiline
            minRows={3}
            margin="none"
            error={conceptTouched && conceptMissing}
            helperText={conceptTouched && conceptMissing ? t('validation.required') : undefined}
            slotProps={{ htmlInput: { maxLength: CONCEPT_MAX } }}
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
          disabled={conceptMissing || pay.isPending || amounts.mxnCents === 0n}
          loading={pay.isPending}
        >
          {t('conversions.pay.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
