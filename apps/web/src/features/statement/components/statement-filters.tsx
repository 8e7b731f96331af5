import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementCurrency } from '../api/statement';
import type { Period, PeriodError } from '../statement-period';

interface StatementFiltersProps {
  currency: StatementCurrency;
  period: Period;
  errors: { from?: PeriodError; to?: PeriodError };
  onCurrencyChange: (currency: StatementCurrency) => void;
  onPeriodChange: (period: Period) => void;
}

const CURRENCIES: StatementCurrency[] = ['USD', 'MXN'];

/** Currency (USD/MXN) and the period's first and last day. */
export function StatementFilters(props: StatementFiltersProps) {
  const { t } = useTranslation();
  const currencyLabelId = useId();
  const { period, errors } = props;
  return (
    <Box
      role="group"
      aria-label={t('statement.filtersLabel')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 2 }}
    >
      <Box>
        <Typography id={currencyLabelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {t('statement.currency')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          color="primary"
          size="small"
          value={props.currency}
          aria-labelledby={currencyLabelId}
          onChange={(_event, value: StatementCurrency | null) => {
            if (value) props.onCurrencyChange(value);
          }}
        >
          {CURRENCIES.map((currency) => (
            <ToggleButton key={currency} value={currency} sx={{ px: 2.5, fontWeight: 600 }}>
              {currency}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <TextField
        type="date"
        label={t('statement.from')}
        value={period.from}
        onChange={(event) => props.onPeriodChange({ ...period, from: event.target.value })}
        error={Boolean(errors.from)}
        helperText={errors.from ? t(`statement.${errors.from}`) : undefined}
        margin="none"
        size="small"
        fullWidth={false}
        sx={{ width: 190 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: period.to || undefined } }}
      />
      <TextField
        type="date"
        label={t('statement.to')}
        value={period.to}
        onChange={(event) => props.onPeriodChange({ ...period, to: event.target.value })}
        error={Boolean(errors.to)}
        helperText={errors.to ? t(`statement.${errors.to}`) : undefined}
        margin="none"
        size="small"
        fullWidth={false}
        sx={{ width: 190 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: period.from || undefined } }}
      />
    </Box>
  );
}
