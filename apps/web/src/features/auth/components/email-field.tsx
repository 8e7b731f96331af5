import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';

interface EmailValues extends FieldValues {
  sEmail: string;
}

/** The account's email, as logging in, signing up and recovering a password ask for it. */
export function EmailField<T extends EmailValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      // Every form that uses this field has the name (EmailValues).
      name={'sEmail' as Path<T>}
      label={t('auth.email')}
      type="email"
      autoComplete="email"
    />
  );
}
