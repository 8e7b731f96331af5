import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { AmountEntry, AmountSource, LinkedAmounts } from '../amounts';
import { hasAmountProblem } from '../amounts';
import { amountProblem, amountProblemText } from '../../../lib/amount-text';

interface AmountFieldsProps {
  entry: AmountEntry;
  linked: LinkedAmounts;
  onChange: (entry: AmountEntry) => void;
  disabled?: boolean;
  /** Shown under the USD field when there is no error (e.g. the balance). */
  usdHelper?: string | undefined;
  /** An error of the USD amount found while typing (e.g. above the balance). */
  usdError?: string | undefined;
}

/** The USD and MXN fields, linked by the rate: typing in one fills the other. */
export function AmountFields({
  entry,
  linked,
  onChange,
  disabled,
  usdHelper,
  usdError,
}: AmountFieldsProps) {
  const { t } = useTranslation();
  const problem = hasAmountProblem(entry, linked);
  // The text stays as typed; what is wrong with it is said under the field.
  const problemText = problem
    ? amountProblemText(t, amountProblem(entry.text) ?? 'zero')
    : undefined;

  const edit = (source: AmountSource, text: string) => onChange({ source, text });

  const field = (source: AmountSource) => {
    const isUsd = source === 'usd';
    const showError = problem && entry.source === source;
    const balanceError = isUsd && !problem ? usdError : undefined;
    return (
      <TextField
        label={t(isUsd ? 'exchange.amounts.usd' : 'exchange.amounts.mxn')}
        value={isUsd ? linked.usdText : linked.mxnText}
        onChange={(event) => edit(source, event.target.value)}
        disabled={disabled}
        error={showError || balanceError !== undefined}
        helperText={showError ? problemText : (balanceError ?? (isUsd ? usdHelper : undefined))}
        margin="none"
        slotProps={{
          htmlInput: {
            inputMode: 'decimal',
            autoComplete: 'off',
            'data-testid': isUsd ? 'amount-usd' : 'amount-mxn',
          },
          input: {
            startAdornment: <InputAdornment position="start">$</InputAdornment>,
            endAdornment: <InputAdornment position="end">{isUsd ? 'USD' : 'MXN'}</InputAdornment>,
          },
        }}
      />
    );
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      {field('usd')}
      {field('mxn')}
    </Box>
  );
}
