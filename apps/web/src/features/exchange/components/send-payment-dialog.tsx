import { maskAccount } from '@app/domain';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCountdown } from '../../../components/use-countdown';
import { useIdempotencyKey, usePaymentRecipientsQuery } from '../../../lib/finance/queries';
import type { PaymentRecipient } from '../../../lib/finance/types';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { AmountEntry } from '../amounts';
import { amountTarget, EMPTY_AMOUNT, isAboveBalance, linkAmounts } from '../amounts';
import { useSendPayNowMutation } from '../api/money';
import { AmountFields } from './amount-fields';
import { ReviewList } from '../../../components/detail-list';
import { DialogSteps, StepActions } from './dialog-steps';
import { ExchangeDialog, type MoneyDialogProps } from './exchange-dialog';
import { RateLine } from './rate-line';
import {
  figureAt,
  quoteCallHandlers,
  amountReviewItems,
  spotReviewItems,
  useLiveQuote,
} from './use-live-quote';
import { RequiredTextArea } from '../../../components/required-text-area';
import { QuoteChangedNotice } from '../../../components/quote-changed-notice';
import { useSeenQuote } from '../../../lib/finance/use-seen-quote';

/** The payment concept is at most 200 characters (API). */
const CONCEPT_MAX_LENGTH = 200;

const STEPS = ['recipient', 'amounts', 'detail'] as const;

function recipientLabel(recipient: PaymentRecipient): string {
  return `${recipient.sName} ${maskAccount(recipient.sAccountNumber)}`;
}

/**
 * Send payment (pay now): 1. the recipient, 2. the amounts at today's rate with its
 * countdown, 3. the detail and the payment concept, then POST payments/sendPayNow.
 */
export function SendPaymentDialog({ onCancel, onSuccess }: MoneyDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const quote = useLiveQuote();
  const recipients = usePaymentRecipientsQuery();
  const sendPayNow = useSendPayNowMutation();

  const [step, setStep] = useState(0);
  const [recipient, setRecipient] = useState<PaymentRecipient | null>(null);
  const [entry, setEntry] = useState<AmountEntry>(EMPTY_AMOUNT);
  const [concept, setConcept] = useState('');
  const [conceptTouched, setConceptTouched] = useState(false);
  const idempotencyKey = useIdempotencyKey(step === 2);

  const linked = linkAmounts(entry, quote.rate);
  const target = amountTarget(entry, linked);
  const usdBalance = quote.dashboard?.balances.balanceUsd.balance;
  const aboveBalance = isAboveBalance(linked, usdBalance);
  // On the detail step a refreshed rate is announced, and confirming waits for the person.
  const shown = useSeenQuote(
    step === 2,
    quote.rate !== undefined && quote.reference
      ? { rate: quote.rate, reference: quote.reference }
      : undefined,
  );

  // The quote's countdown, shown on step 2. At zero the rate is fetched again; on step 2
  // the amounts start over (spec §4); on the detail step the user is told the rate changed.
  const seconds = useCountdown({
    deadline: quote.deadline,
    resetKey: quote.resetKey,
    onZero: () => {
      if (step === 1) setEntry(EMPTY_AMOUNT);
      void quote.refresh();
    },
  });

  const conceptMissing = concept.trim() === '';
  const busy = sendPayNow.isPending;

  const confirm = () => {
    if (shown.changed || !shown.seen) return;
    if (!recipient || !target || conceptMissing || aboveBalance) {
      setConceptTouched(true);
      return;
    }
    sendPayNow.mutate(
      {
        key: idempotencyKey,
        body: {
          ...target,
          comment: concept.trim(),
          sPaymentRecipientId: recipient.sPaymentRecipientId,
          sExchangeRateReference: shown.seen.reference,
        },
      },
      quoteCallHandlers({
        successText: t('exchange.send.success'),
        onSuccess,
        // The detail follows the new rate; the user reviews it and confirms again.
        renewQuote: () => quote.refresh().then(() => true),
      }),
    );
  };

  const recipientOptions = recipients.data ?? [];

  return (
    <ExchangeDialog
      title={t('exchange.send.title')}
      onClose={onCancel}
      busy={busy}
      testId="send-payment-dialog"
    >
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <DialogSteps labels={STEPS.map((key) => t(`exchange.send.steps.${key}`))} active={step} />

        {step === 0 && (
          <>
            <Typography>{t('exchange.send.choose')}</Typography>
            {recipients.isError ? (
              <Alert severity="error">{t('exchange.send.recipientsFailed')}</Alert>
            ) : recipients.isSuccess && recipientOptions.length === 0 ? (
              <Alert severity="info">
                <Link component={RouterLink} to="/suppliers">
                  {t('exchange.send.noRecipients')}
                </Link>
              </Alert>
            ) : (
              <Autocomplete
                options={recipientOptions}
                value={recipient}
                onChange={(_event, value) => setRecipient(value)}
                getOptionLabel={recipientLabel}
                isOptionEqualToValue={(option, value) =>
                  option.sPaymentRecipientId === value.sPaymentRecipientId
                }
                loading={recipients.isPending}
                loadingText={t('common.loading')}
                renderInput={(params) => (
                  <TextField {...params} label={t('exchange.send.recipient')} margin="none" />
                )}
              />
            )}
          </>
        )}

        {step === 1 && (
          <>
            <RateLine label={t('exchange.detail.rate')} rate={quote.rate} seconds={seconds} />
            <AmountFields
              entry={entry}
              linked={linked}
              onChange={setEntry}
              usdHelper={
                usdBalance === undefined
                  ? undefined
                  : t('exchange.amounts.available', { amount: formatMoney(usdBalance) })
              }
              usdError={
                aboveBalance && usdBalance !== undefined
                  ? t('exchange.amounts.aboveBalance', { amount: formatMoney(usdBalance) })
                  : undefined
              }
            />
          </>
        )}

        {step === 2 && recipient && linked.usdCents !== undefined && (
          <>
            <Typography component="h3" variant="h3">
              {t('exchange.send.detailTitle')}
            </Typography>
            {shown.changed && (
              <QuoteChangedNotice
                before={shown.changed.before.rate}
                after={shown.changed.after.rate}
                figures={[
                  {
                    label: t('exchange.detail.usd'),
                    before: figureAt(entry, shown.changed.before.rate, 'usd'),
                    after: figureAt(entry, shown.changed.after.rate, 'usd'),
                  },
                  {
                    label: t('exchange.detail.mxn'),
                    before: figureAt(entry, shown.changed.before.rate, 'mxn'),
                    after: figureAt(entry, shown.changed.after.rate, 'mxn'),
                  },
                ]}
                onAccept={shown.accept}
              />
            )}
            <ReviewList
              items={[
                { label: t('exchange.detail.recipient'), value: recipient.sName },
                {
                  label: t('exchange.detail.clabe'),
                  value: maskAccount(recipient.sAccountNumber),
                  testId: 'detail-clabe',
                },
                ...amountReviewItems(t, linked.usdCents, linked.mxnCents),
                ...spotReviewItems(t, quote.rate, language),
              ]}
            />
            <RequiredTextArea
              label={t('exchange.send.concept')}
              value={concept}
              onChange={setConcept}
              touched={conceptTouched}
              onBlur={() => setConceptTouched(true)}
              requiredText={t('finance.required')}
              hint={t('exchange.send.conceptHint')}
              maxLength={CONCEPT_MAX_LENGTH}
            />
          </>
        )}
      </DialogContent>
      <StepActions
        step={step}
        stepCount={STEPS.length}
        canGoOn={
          [
            !!recipient,
            target !== undefined && !aboveBalance,
            !conceptMissing && !aboveBalance && !shown.changed,
          ][step] ?? false
        }
        busy={busy}
        onStep={setStep}
        onCancel={onCancel}
        onConfirm={confirm}
        confirmLabel={t('exchange.send.confirm')}
      />
    </ExchangeDialog>
  );
}
