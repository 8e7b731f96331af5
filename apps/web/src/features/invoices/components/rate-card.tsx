import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../components/use-countdown';
import { formatMoney } from '../../../lib/format';
import { formatRate, gainColor } from '../invoice-math';

interface RateCardProps {
  rate: number | undefined;
  /** A new value (a reload of the list) restarts the countdown. */
  resetKey: unknown;
  onZero: () => void;
}

/** A card with a title and one big figure (a skeleton of its size while it loads). */
function FigureCard({
  title,
  testId,
  figure,
  color,
  children,
}: {
  title: string;
  testId: string;
  figure: string | undefined;
  color?: string;
  children?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, height: '100%' }}>
      <Typography component="h2" variant="subtitle1" color="text.secondary">
        {title}
      </Typography>
      <Typography
        data-testid={testId}
        sx={{ fontSize: '2rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums', color }}
      >
        {figure ?? <Skeleton width={160} />}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * 'Tipo de cambio actual' in MXN, with the seconds until the list (and its quote) reloads.
 * The countdown ticks in here, so each second re-renders this card only, not the table.
 */
export function RateCard({ rate, resetKey, onZero }: RateCardProps) {
  const { t } = useTranslation();
  const seconds = useCountdown({ onZero, resetKey });
  return (
    <FigureCard
      title={t('invoices.currentRate')}
      testId="current-rate"
      figure={rate === undefined ? undefined : `${formatRate(rate)} MXN`}
    >
      <Typography
        data-testid="rate-countdown"
        variant="body2"
        sx={{
          color: seconds < 30 ? 'error.dark' : 'text.secondary',
          fontWeight: seconds < 30 ? 600 : 400,
        }}
      >
        {t('finance.countdown', { count: seconds })}
      </Typography>
    </FigureCard>
  );
}

/** 'Total currency gain' in USD: green at zero or above, red below. */
export function TotalGainCard({ total }: { total: number | undefined }) {
  const { t } = useTranslation();
  return (
    <FigureCard
      title={t('finance.totalCurrencyGain')}
      testId="total-gain"
      figure={total === undefined ? undefined : `${formatMoney(total)} USD`}
      color={total === undefined ? undefined : gainColor(total)}
    />
  );
}
