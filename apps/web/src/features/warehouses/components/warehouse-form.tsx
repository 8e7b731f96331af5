import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { applyServerFieldError, validationErrorMap } from '../../../lib/form-errors';
import { showErrorToast } from '../../../lib/toast';
import type { WarehouseBody } from '../api/warehouses';
import type { WarehouseField, WarehouseFormValues } from '../warehouse-form';
import { WAREHOUSE_FIELDS, warehouseBody, warehouseFormSchema } from '../warehouse-form';
import { WarehouseTextField } from './warehouse-text-field';
import { BusyButton } from '../../../components/busy-button';
import { PAIR_SX } from '../../../components/form-layout';

const resolver = zodResolver(warehouseFormSchema, { error: validationErrorMap });

interface WarehouseFormProps {
  defaultValues: WarehouseFormValues;
  busy: boolean;
  onSave: (body: WarehouseBody) => Promise<void>;
  /** More buttons on the left of the form's actions (Delete on the edit page). */
  extraActions?: ReactNode;
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ '& + &': { mt: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The add/edit warehouse form: the spec's twelve fields, no map (coordinates as numbers). */
export function WarehouseForm({ defaultValues, busy, onSave, extraActions }: WarehouseFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<WarehouseFormValues>({
    resolver,
    defaultValues,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(warehouseBody(values));
    } catch (error) {
      // The server names the field, not the reason: say what that field needs.
      const messageFor = (field: WarehouseField, serverMessage: string) =>
        field === 'sEmail'
          ? t('validation.email')
          : field === 'dLatitude' || field === 'dLongitude'
            ? t('warehouses.errors.pair')
            : serverMessage;
      if (!applyServerFieldError(error, WAREHOUSE_FIELDS, setError, messageFor)) {
        showErrorToast(error);
      }
    }
  });

  const field = (name: Parameters<typeof WarehouseTextField>[0]['name'], label: string) => (
    <WarehouseTextField control={control} name={name} label={label} required />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormSection title={t('warehouses.form.general')}>
          <Box sx={PAIR_SX}>
            {field('sName', t('warehouses.form.name'))}
            {field('sManager', t('warehouses.form.manager'))}
          </Box>
        </FormSection>
        <FormSection title={t('warehouses.form.location')}>
          <WarehouseTextField
            control={control}
            name="sAddress"
            label={t('warehouses.form.address')}
            autoComplete="street-address"
            required
          />
          <Box sx={PAIR_SX}>
            <WarehouseTextField
              control={control}
              name="sCity"
              label={t('warehouses.form.city')}
              autoComplete="address-level2"
              required
            />
            <WarehouseTextField
              control={control}
              name="sState"
              label={t('warehouses.form.state')}
              autoComplete="address-level1"
              required
            />
            <WarehouseTextField
              control={control}
              name="sPostalCode"
              label={t('warehouses.form.postalCode')}
              autoComplete="postal-code"
              required
            />
            <WarehouseTextField
              control={control}
              name="sCountry"
              label={t('warehouses.form.country')}
              autoComplete="country-name"
              required
            />
          </Box>
        </FormSection>
        <FormSection title={t('warehouses.form.contact')}>
          <Box sx={PAIR_SX}>
            <WarehouseTextField
              control={control}
              name="sPhone"
              label={t('warehouses.form.phone')}
              type="tel"
              autoComplete="tel"
              required
            />
            <WarehouseTextField
              control={control}
              name="sEmail"
              label={t('warehouses.form.email')}
              type="email"
              autoComplete="email"
              required
            />
          </Box>
        </FormSection>
        <FormSection title={t('warehouses.form.coordinatesHeading')}>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('warehouses.form.coordinatesHint')}
          </Typography>
          <Box sx={PAIR_SX}>
            <WarehouseTextField
              control={control}
              name="dLatitude"
              label={t('warehouses.form.latitude')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <WarehouseTextField
              control={control}
              name="dLongitude"
              label={t('warehouses.form.longitude')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Box>
        </FormSection>
        <WarehouseTextField
          control={control}
          name="sComments"
          label={t('warehouses.form.comments')}
          helperText={t('warehouses.form.commentsHint')}
          multiline
          minRows={3}
          sx={{ mt: 3 }}
        />
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            alignItems: 'center',
            gap: 1,
            mt: 3,
          }}
        >
          {extraActions && <Box sx={{ mr: 'auto' }}>{extraActions}</Box>}
          <Button component={RouterLink} to="/warehouse" disabled={busy}>
            {t('warehouses.form.cancel')}
          </Button>
          <BusyButton busy={busy} type="submit">
            {t('warehouses.form.save')}
          </BusyButton>
        </Box>
      </form>
    </Paper>
  );
}
