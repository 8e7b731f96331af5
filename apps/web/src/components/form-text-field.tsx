import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import type { Control, FieldError, FieldValues, Path } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ValidationKey } from '../lib/form-errors';
import { fieldErrorText } from '../lib/form-errors';

type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue'
> & {
  control: Control<T>;
  name: Path<T>;
  /** The one message for any error but "required", e.g. `phone`. */
  formatKey?: ValidationKey;
  /** A feature's own wording of the field's error, instead of the shared one. */
  errorTextOf?: (error: FieldError | undefined, t: TFunction) => string | undefined;
};

/** A labelled text field bound to react-hook-form; its error is shown under it. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  formatKey,
  errorTextOf,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const errorText = errorTextOf
    ? errorTextOf(fieldState.error, t)
    : fieldErrorText(fieldState.error, t, formatKey);
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
    />
  );
}
