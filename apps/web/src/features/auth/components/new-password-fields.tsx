import { PASSWORD_MIN_LENGTH } from '@app/domain';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';

interface NewPasswordValues extends FieldValues {
  sPassword: string;
  sConfirmPassword: string;
}

/**
 * Choosing a password: the password, with the rule it must meet, then the same again. Both
 * are `new-password` so a password manager offers to generate and save one.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  control,
  passwordLabel,
}: {
  control: Control<T>;
  passwordLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField
        control={control}
        // Every form that uses these fields has both names (NewPasswordValues).
        name={'sPassword' as Path<T>}
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        helperText={t('auth.signup.passwordHint', { count: PASSWORD_MIN_LENGTH })}
      />
      <FormTextField
        control={control}
        name={'sConfirmPassword' as Path<T>}
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
