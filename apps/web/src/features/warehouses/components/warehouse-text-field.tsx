import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import type { Control } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../lib/form-errors';
import type { warehousesEn } from '../../../lib/i18n/features/warehouses';
import type { WarehouseField, WarehouseFormValues } from '../warehouse-form';

type WarehouseErrorKey = keyof (typeof warehousesEn)['errors'];

type WarehouseTextFieldProps = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue'
> & {
  control: Control<WarehouseFormValues>;
  name: WarehouseField;
};

/** A labelled field of the warehouse form; `warehouses:<key>` messages are this feature's. */
export function WarehouseTextField({
  control,
  name,
  helperText,
  ...props
}: WarehouseTextFieldProps) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error;
  const message = error?.message;
  const errorText =
    message && error.type !== 'server' && message.startsWith('warehouses:')
      ? t(`warehouses.errors.${message.slice('warehouses:'.length) as WarehouseErrorKey}`)
      : fieldErrorText(error, t);
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
    />
  );
}
