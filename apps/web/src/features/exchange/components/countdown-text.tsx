import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { isCountdownUrgent, useCountdown } from '../../../components/use-countdown';

/** 'Tipo de cambio se actualizará en N segundos', red below 30 seconds. */
export function CountdownText({ seconds, sx }: { seconds: number; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const urgent = isCountdownUrgent(seconds);
  return (
    <Typography
      role="timer"
      data-testid="rate-countdown"
      data-urgent={urgent}
      variant="body2"
      sx={{
        color: urgent ? 'error.main' : 'text.secondary',
        fontVariantNumeric: 'tabular-nums',
        ...sx,
      }}
    >
      {t('finance.countdown', { count: seconds })}
    </Typography>
  );
}

interface QuoteCountdownProps {
  /** Epoch ms the quote may be counted to (`quoteDeadline`). */
  deadline: number | undefined;
  resetKey: unknown;
  onZero: () => void;
  /** A skeleton of the line's size until the quote is in; the countdown runs anyway. */
  ready: boolean;
}

/**
 * The page's quote countdown. It ticks in here, so each second re-renders this line only,
 * not the page around it (on a slow device a page re-render a second is a long task).
 */
export function QuoteCountdown({ deadline, resetKey, onZero, ready }: QuoteCountdownProps) {
  const seconds = useCountdown({ deadline, resetKey, onZero });
  return ready ? <CountdownText seconds={seconds} /> : <Skeleton variant="text" width="80%" />;
}
