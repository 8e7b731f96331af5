import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatQuoteRate } from '../../../components/format-rate';
import { CountdownText } from './countdown-text';

interface RateLineProps {
  label: string;
  rate: number | undefined;
  /** The countdown, when this rate refreshes itself. */
  seconds?: number;
}

/** The rate a dialog's amounts are computed with, and its refresh countdown. */
export function RateLine({ label, rate, seconds }: RateLineProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'baseline',
        justifyContent: 'space-between',
        columnGap: 2,
        rowGap: 0.5,
        px: 2,
        py: 1.5,
        borderRadius: 2,
        bgcolor: 'rgba(27, 94, 32, 0.06)',
      }}
    >
      <Typography component="p" sx={{ display: 'flex', gap: 0.75, alignItems: 'baseline' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {label}
        </Box>
        {rate === undefined ? (
          <Skeleton variant="text" width={72} />
        ) : (
          <Box
            component="strong"
            data-testid="dialog-rate"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {formatQuoteRate(rate)}
          </Box>
        )}
        <Box component="span" sx={{ color: 'text.secondary', typography: 'body2' }}>
          {t('exchange.rate.unit')}
        </Box>
      </Typography>
      {seconds !== undefined && <CountdownText seconds={seconds} />}
    </Box>
  );
}
