import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuoteRate } from '../../../components/format-rate';
import { quoteDeadline, useCountdown } from '../../../components/use-countdown';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { ForwardQuote } from '../api/checkout';
import { RateLine } from './rate-line';

const ForwardDateField = lazy(async () => ({
  default: (await import('../../../components/forward-date-field')).ForwardDateField,
}));

export interface ForwardChoice extends ForwardQuote {
  date: string;
  fetchedAt: number;
}

/** The forward rate of the chosen day, counted down to its expiry. */
function ForwardQuoteLine({
  quote,
  onExpired,
  running,
}: {
  quote: ForwardChoice;
  onExpired: () => void;
  running: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const seconds = useCountdown({
    deadline: quoteDeadline(quote.fetchedAt, quote.expiresAt),
    resetKey: quote.uuid,
    onZero: onExpired,
    running,
  });
  return (
    <RateLine
      label={t('cart.checkout.forwardRate')}
      value={t('cart.checkout.forwardRateValue', {
        rate: formatQuoteRate(quote.rate),
        date: formatDate(quote.date, language),
      })}
      seconds={seconds}
      expiresText={t('cart.checkout.forwardRateExpires', { seconds: String(seconds) })}
      testId="forward-rate"
    />
  );
}

/**
 * Paying with a forward: the day, the button that asks for that
 * day's rate, then the rate counted down, or why there is none yet.
 */
export function ForwardRatePicker({
  today,
  forwardDate,
  forwardDateInvalid,
  onDateChange,
  canAsk,
  asking,
  onAsk,
  forwardQuote,
  forwardExpired,
  running,
  onExpired,
}: {
  today: string;
  forwardDate: string | null;
  forwardDateInvalid: boolean;
  onDateChange: (date: string | null, rejected: boolean) => void;
  canAsk: boolean;
  asking: boolean;
  onAsk: () => void;
  forwardQuote: ForwardChoice | null;
  forwardExpired: boolean;
  /** False while the confirmation is open: the rate is then the one being confirmed. */
  running: boolean;
  onExpired: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 260px', maxWidth: 360 }}>
          <Suspense fallback={<Skeleton variant="rectangular" height={56} />}>
            <ForwardDateField
              value={forwardDate}
              today={today}
              language={language}
              label={t('cart.checkout.forwardDate')}
              helperText={
                forwardDateInvalid
                  ? t('cart.checkout.forwardDateInvalid')
                  : t('cart.checkout.forwardDateHelp')
              }
              error={forwardDateInvalid}
              onChange={(date, rejected) => onDateChange(date, rejected !== undefined)}
            />
          </Suspense>
        </Box>
        <Button
          variant="outlined"
          onClick={onAsk}
          disabled={!canAsk || asking}
          startIcon={asking ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ minHeight: 56 }}
        >
          {t('cart.checkout.getForwardRate')}
        </Button>
      </Box>
      {forwardQuote ? (
        <ForwardQuoteLine quote={forwardQuote} running={running} onExpired={onExpired} />
      ) : (
        <Typography color={forwardExpired ? 'error' : 'text.secondary'} variant="body2">
          {forwardExpired
            ? t('cart.checkout.forwardRateExpired')
            : t('cart.checkout.forwardRateNeeded')}
        </Typography>
      )}
    </>
  );
}
