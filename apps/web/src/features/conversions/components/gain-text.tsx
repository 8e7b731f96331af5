import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { formatPercent } from '../conversion-math';

/** Green at zero or above, red below (spec: profit and gain colours). */
function gainColour(value: number): 'success.main' | 'error.main' {
  return value >= 0 ? 'success.main' : 'error.main';
}

/** A currency gain in USD or a profit percentage, coloured by its sign. */
export function GainText({
  value,
  kind,
  ...props
}: { value: number; kind: 'usd' | 'percent' } & Omit<TypographyProps, 'children'>) {
  return (
    <Typography
      component="span"
      variant="body2"
      {...props}
      sx={{ color: gainColour(value), fontWeight: 600, ...props.sx }}
    >
      {kind === 'usd' ? formatMoney(value) : formatPercent(value)}
    </Typography>
  );
}

/** The 'Total currency gain' box of a table's toolbar. */
export function TotalGain({ value, loading }: { value: number | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="total-gain"
      sx={{
        display: 'flex',
        alignItems: 'baseline',
        gap: 1,
        px: 1.5,
        py: 0.75,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('finance.totalCurrencyGain')}
      </Typography>
      {loading || value === undefined ? (
        <Typography component="span" variant="body2">
          …
        </Typography>
      ) : (
        <GainText value={value} kind="usd" sx={{ fontSize: '1rem' }} />
      )}
    </Box>
  );
}
