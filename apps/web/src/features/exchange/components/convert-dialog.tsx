import { TRANSACTION_TYPE_IDS } from '@app/domain';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../components/use-countdown';
import { useIdempotencyKey } from '../../../lib/finance/queries';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { AmountEntry } from '../amounts';
import { amountTarget, EMPTY_AMOUNT, isAboveBalance, linkAmounts } from '../amounts';
import { useConversionMutation } from '../api/money';
import { AmountFields } from './amount-fields';
import { ReviewList } from '../../../components/detail-list';
import { DialogSteps, StepActions } from './dialog-steps';
import { ExchangeDialog, type MoneyDialogProps } from './exchange-dialog';
import { RateLine } from './rate-line';
import { QuoteChangedNotice } from '../../../components/quote-changed-notice';
import { useSeenQuote } from '../../../lib/finance/use-seen-quote';
import {
  figureAt,
  quoteCallHandlers,
  amountReviewItems,
  spotReviewItems,
  useLiveQuote,
} from './use-live-quote';

const STEPS = ['amounts', 'detail'] as const;

/**
 * Convert (forex): 1. the amounts at today's quote (an amount above the USD balance is
 * flagged while typing), 2. a review of what will move, then Confirm. The rate has its own
 * countdown; at zero it is fetched again and the typed amount is kept (on the review step
 * the user is told the rate changed).
 */
export function ConvertDialog({ onCancel, onSuccess }: MoneyDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const quote = useLiveQuote();
  const convert = useConversionMutation();
  const [step, setStep] = useState(0);
  const idempotencyKey = useIdempotencyKey(step === 1);
  const [entry, setEntry] = useState<AmountEntry>(EMPTY_AMOUNT);

  const linked = linkAmounts(entry, quote.rate);
  const target = amountTarget(entry, linked);
  const seconds = useCountdown({
    deadline: quote.deadline,
    resetKey: quote.resetKey,
    onZero: () => void quote.refresh(),
  });
  // On the review step a refreshed rate is announced, and confirming waits for the person.
  const shown = useSeenQuote(
    step === 1,
    quote.rate !== undefined && quote.reference
      ? { rate: quote.rate, reference: quote.reference }
      : undefined,
  );

  const forexTypeId = TRANSACTION_TYPE_IDS.FOREX;
  const usdBalance = quote.dashboard?.balances.balanceUsd.balance ?? 0;
  const aboveBalance = isAboveBalance(linked, quote.dashboard?.balances.balanceUsd.balance);

  const confirm = () => {
    if (!target || aboveBalance || !shown.seen || shown.changed) return;
    convert.mutate(
      {
        key: idempotencyKey,
        body: {
          sTransactionType: forexTypeId,
          ...target,
          dExchangeRate: shown.seen.rate,
          referenceExchangeRate: shown.seen.reference,
          bExternal: false,
        },
      },
      quoteCallHandlers({
        successText: t('exchange.convert.success'),
        onSuccess,
        renewQuote: () => quote.refresh().then(() => true),
      }),
    );
  };

  return (
    <ExchangeDialog
      title={t('exchange.convert.title')}
      onClose={onCancel}
      busy={convert.isPending}
      testId="convert-dialog"
    >
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <DialogSteps
          labels={STEPS.map((key) => t(`exchange.convert.steps.${key}`))}
          active={step}
        />
        {step === 0 && (
          <>
            <Typography>{t('exchange.convert.intro')}</Typography>
            <RateLine label={t('exchange.detail.rate')} rate={quote.rate} seconds={seconds} />
            <AmountFields
              entry={entry}
              linked={linked}
              onChange={setEntry}
              usdError={
                aboveBalance
                  ? t('exchange.amounts.aboveBalance', { amount: formatMoney(usdBalance) })
                  : undefined
              }
            />
            <Alert severity={aboveBalance ? 'warning' : 'info'} data-testid="convert-hint">
              {t('exchange.convert.hint', { amount: formatMoney(usdBalance) })}
            </Alert>
          </>
        )}
        {step === 1 && linked.usdCents !== undefined && linked.mxnCents !== undefined && (
          <>
            <Typography component="h3" variant="h3">
              {t('exchange.convert.detailTitle')}
            </Typography>
            <RateLine label={t('exchange.detail.rate')} rate={quote.rate} seconds={seconds} />
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
                ...amountReviewItems(t, linked.usdCents, linked.mxnCents),
                ...spotReviewItems(t, quote.rate, language),
              ]}
            />
            {aboveBalance && (
              <Alert severity="warning">
                {t('exchange.amounts.aboveBalance', { amount: formatMoney(usdBalance) })}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <StepActions
        step={step}
        stepCount={STEPS.length}
        canGoOn={
          target !== undefined &&
          !aboveBalance &&
          quote.reference !== undefined &&
          !(step === 1 && shown.changed)
        }
        busy={convert.isPending}
        onStep={setStep}
        onCancel={onCancel}
        onConfirm={confirm}
        confirmLabel={t('exchange.convert.confirm')}
        continueLabel={t('exchange.convert.review')}
      />
    </ExchangeDialog>
  );
}
