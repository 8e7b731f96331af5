import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/format';
import { useLanguage } from '../lib/i18n/i18n';

/** The current time with seconds, updated on each new second. */
export function Clock({ sx }: { sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    let timer: number;
    const tick = () => {
      setNow(new Date());
      // Wake up just after the next second starts, so the display never lags a second.
      timer = window.setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
    };
    timer = window.setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Typography
      component="time"
      dateTime={now.toISOString()}
      data-testid="clock"
      title={t('header.currentTime')}
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...sx }}
    >
      {formatTime(now, language)}
    </Typography>
  );
}
