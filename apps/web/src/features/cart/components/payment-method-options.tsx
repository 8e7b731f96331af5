import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '../api/checkout';
import { PAYMENT_METHODS } from '../api/checkout';

/**
 * The spec's four payment methods as radio cards. Each radio is named by its title and
 * described by its explanation, so a screen reader reads both without a long name.
 */
export function PaymentMethodOptions({
  value,
  onChange,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  return (
    <FormControl component="fieldset" sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        <Typography component="h2" variant="h3" color="text.primary">
          {t('cart.checkout.paymentTitle')}
        </Typography>
      </FormLabel>
      <RadioGroup value={value} onChange={(event) => onChange(event.target.value as PaymentMethod)}>
        {PAYMENT_METHODS.map((option) => {
          const helpId = `${baseId}-${option}`;
          const chosen = value === option;
          return (
            <Box
              key={option}
              onClick={() => onChange(option)}
              sx={{
                mb: 1,
                p: 1,
                pr: 2,
                border: 1,
                borderRadius: 2,
                cursor: 'pointer',
                borderColor: chosen ? 'primary.main' : 'divider',
                bgcolor: chosen ? '#f1f8e9' : undefined,
              }}
            >
              <FormControlLabel
                value={option}
                control={<Radio slotProps={{ input: { 'aria-describedby': helpId } }} />}
                label={
                  <Typography sx={{ fontWeight: 600 }}>
                    {t(`cart.checkout.methods.${option}`)}
                  </Typography>
                }
                sx={{ mx: 0 }}
              />
              <Typography id={helpId} variant="body2" color="text.secondary" sx={{ pl: 5.25 }}>
                {t(`cart.checkout.methodHelp.${option}`)}
              </Typography>
            </Box>
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}
