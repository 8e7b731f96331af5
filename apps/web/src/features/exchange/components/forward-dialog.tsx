import {
  forwardDateProblem,
  forwardDeposit,
  moneyToDecimalString,
  todayInTimeZone,
  TRANSACTION_TYPE_IDS,
} from '@app/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey } from '../../../lib/finance/queries';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { AmountEntry } from '../amounts';
import { amountTarget, EMPTY_AMOUNT, linkAmounts } from '../amounts';
import type { ForwardRate } from '../api/money';
import { getForwardRate, useConversionMutation } from '../api/money';
import { formatQuoteRate } from '../../../components/format-rate';
import { AmountFields } from './amount-fields';
import { ReviewList } from '../../../components/detail-list';
import { DialogSteps, StepActions } from './dialog-steps';
import { ExchangeDialog, type MoneyDialogProps } from './exchange-dialog';
import { RateLine } from './rate-line';
import { isQuoteError } from '../../../lib/finance/quote-errors';
import { amountReviewItems, figureAt, quoteCallHandlers, useLiveQuote } from './use-live-quote';
import { QuoteChangedNotice } from '../../../components/quote-changed-notice';
import { useSeenQuote } from '../../../lib/finance/use-seen-quote';
import { showErrorToast } from '../../../lib/toast';

// The date picker is its own chunk: the dialog opens before it has loaded.
const ForwardDateField = lazy(async () => ({
  default: (await import('../../../components/forward-date-field')).ForwardDateField,
}));

/** The spec's forward-rate request prices a fixed amount of 100. */
const FORWARD_QUOTE_AMOUNT = 100;

const STEPS = ['date', 'detail'] as const;

interface PricedForward extends ForwardRate {
  date: string;
}

/**
 * Forward: 1. a settlement date (which prices the forward) and the amounts at the forward
 * rate, 2. the detail and the terms, then 'Programar pago' books it (POST transactions/).
 */
export function ForwardDialog({ onCancel, onSuccess }: MoneyDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const quote = useLiveQuote();
  const book = useConversionMutation();

  const [today] = useState(() => todayInTimeZone(new Date()));
  const [step, setStep] = useState(0);
  const [date, setDate] = useState<string | null>(null);
  const [rejectedDate, setRejectedDate] = useState<string>();
  const [forward, setForward] = useState<PricedForward | null>(null);
  const [pricing, setPricing] = useState(false);
  const [entry, setEntry] = useState<AmountEntry>(EMPTY_AMOUNT);
  const idempotencyKey = useIdempotencyKey(step === 1);
  // The date of the latest pricing request: an answer for an older choice is dropped.
  const pricingFor = useRef<string | null>(null);

  const rate = forward && forward.date === date ? forward.rate : undefined;
  // On the detail step a re-priced forward is announced, and booking waits for the person.
  const shown = useSeenQuote(
    step === 1,
    forward && forward.date === date ? { rate: forward.rate, reference: forward.uuid } : undefined,
  );
  const linked = linkAmounts(entry, rate);
  const target = amountTarget(entry, linked);
  const forwardTypeId = TRANSACTION_TYPE_IDS.FORWARD;

  /** Prices the forward from the live spot quote; an expired spot quote is renewed once. */
  const price = async (forDate: string, renewSpot = false): Promise<boolean> => {
    pricingFor.current = forDate;
    setPricing(true);
    try {
      const spot = renewSpot ? await quote.refresh() : quote.dashboard;
      if (!spot) throw new Error('No spot quote');
      const priced = await getForwardRate({
        dDateForward: forDate,
        dAmount: FORWARD_QUOTE_AMOUNT,
        referenceExchangeRate: spot.exchangeRateTodayReference,
        bExternal: false,
      }).catch(async (error: unknown) => {
        if (!isQuoteError(error) || renewSpot) throw error;
        const fresh = await quote.refresh();
        if (!fresh) throw error;
        return getForwardRate({
          dDateForward: forDate,
          dAmount: FORWARD_QUOTE_AMOUNT,
          referenceExchangeRate: fresh.exchangeRateTodayReference,
          bExternal: false,
        });
      });
      if (pricingFor.current !== forDate) return false;
      setForward({ ...priced, date: forDate });
      return true;
    } catch (error) {
      if (pricingFor.current === forDate) {
        setForward(null);
        showErrorToast(error);
      }
      return false;
    } finally {
      if (pricingFor.current === forDate) setPricing(false);
    }
  };

  const chooseDate = (next: string | null, rejected?: string) => {
    setDate(next);
    setRejectedDate(rejected);
    if (next === null) {
      pricingFor.current = null;
      setPricing(false);
      return;
    }
    void price(next);
  };

  const confirm = () => {
    if (!forward || !date || !target || !shown.seen || shown.changed) return;
    book.mutate(
      {
        key: idempotencyKey,
        body: {
          sTransactionType: forwardTypeId,
          ...target,
          dExchangeRate: shown.seen.rate,
          referenceExchangeRate: shown.seen.reference,
          bExternal: false,
          dForwardTransactionDate: date,
        },
      },
      quoteCallHandlers({
        successText: t('exchange.forward.success'),
        onSuccess,
        // The forward quote (or its spot) expired: price the date again, then review.
        renewQuote: () => price(date, true),
      }),
    );
  };

  const problem = rejectedDate ? forwardDateProblem(rejectedDate, today) : undefined;
  const dateHelper = problem
    ? t(`exchange.forward.dateProblems.${problem}`)
    : t('exchange.forward.dateHint');
  const usdCents = linked.usdCents;

  return (
    <ExchangeDialog
      title={t('exchange.forward.title')}
      onClose={onCancel}
      busy={book.isPending}
      testId="forward-dialog"
    >
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <DialogSteps
          labels={STEPS.map((key) => t(`exchange.forward.steps.${key}`))}
          active={step}
        />

        {step === 0 && (
          <>
            <Typography>{t('exchange.forward.intro')}</Typography>
            <Suspense fallback={<Skeleton variant="rounded" height={56} sx={{ mb: 2.75 }} />}>
              <ForwardDateField
                value={date}
                today={today}
                language={language}
                label={t('exchange.forward.date')}
                helperText={dateHelper}
                error={Boolean(problem)}
                onChange={chooseDate}
              />
            </Suspense>
            {date === null ? (
              <Typography color="text.secondary" variant="body2">
                {t('exchange.forward.pickDateFirst')}
              </Typography>
            ) : pricing && rate === undefined ? (
              <Typography color="text.secondary" variant="body2" role="status">
                {t('exchange.forward.rateLoading')}
              </Typography>
            ) : (
              <RateLine label={t('exchange.forward.rate')} rate={rate} />
            )}
            <AmountFields
              entry={entry}
              linked={linked}
              onChange={setEntry}
              disabled={rate === undefined}
            />
          </>
        )}

        {step === 1 && forward && date && usdCents !== undefined && (
          <>
            <Typography component="h3" variant="h3">
              {t('exchange.forward.detailTitle')}
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
                ...amountReviewItems(t, usdCents, linked.mxnCents),
                {
                  label: t('exchange.forward.rate'),
                  value: formatQuoteRate(forward.rate),
                  testId: 'detail-rate',
                },
                {
                  label: t('exchange.forward.scheduledDate'),
                  value: formatDate(date, language),
                  testId: 'detail-date',
                },
              ]}
            />
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <Alert severity="info">
                <AlertTitle>{t('exchange.forward.conditionsTitle')}</AlertTitle>
                {t('exchange.forward.conditions', {
                  deposit: formatMoney(moneyToDecimalString(forwardDeposit(usdCents))),
                })}
              </Alert>
              <Alert severity="warning">
                <AlertTitle>{t('exchange.forward.fundsTitle')}</AlertTitle>
                {t('exchange.forward.funds', { date: formatDate(date, language) })}
              </Alert>
            </Box>
          </>
        )}
      </DialogContent>
      <StepActions
        step={step}
        stepCount={STEPS.length}
        canGoOn={
          step === 0
            ? rate !== undefined && target !== undefined
            : !pricing && !!forward && !shown.changed
        }
        busy={book.isPending}
        onStep={setStep}
        onCancel={onCancel}
        onConfirm={confirm}
        confirmLabel={t('exchange.forward.confirm')}
      />
    </ExchangeDialog>
  );
}
