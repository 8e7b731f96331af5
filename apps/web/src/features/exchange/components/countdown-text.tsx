import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { isCountdownUrgent } from '../../../components/use-countdown';

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
      {t('finance.countdown', { seconds: String(seconds) })}
    </Typography>
  );
}
