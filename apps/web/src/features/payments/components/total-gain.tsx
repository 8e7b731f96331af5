import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { gainColor } from '../payments-view';

/** 'Total currency gain' in USD: green at zero or above, red below. */
export function TotalGain({ value }: { value: number | undefined }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="total-gain"
      sx={{ px: 2, py: 1, border: 1, borderColor: 'divider', borderRadius: 2, minWidth: 180 }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('finance.totalCurrencyGain')}
      </Typography>
      {value === undefined ? (
        <Skeleton width={110} height={28} />
      ) : (
        <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', color: gainColor(value) }}>
          {formatMoney(value)} USD
        </Typography>
      )}
    </Box>
  );
}
