import { loginBodySchema } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-text-field';
import { applyServerFieldError, validationErrorMap } from '../../lib/form-errors';
import { showErrorToast } from '../../lib/toast';
import { useLoginMutation } from './api/login';
import { AuthCard } from './components/auth-card';
import { AuthLink } from './components/auth-links';

const resolver = zodResolver(loginBodySchema, { error: validationErrorMap });

/** /login. After a successful login the route guard sends the user on. */
export function LoginPage() {
  const { t } = useTranslation();
  const login = useLoginMutation();
  const { control, handleSubmit, setError } = useForm({
    resolver,
    defaultValues: { sEmail: '', sPassword: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await login.mutateAsync(body);
    } catch (error) {
      if (!applyServerFieldError(error, ['sEmail', 'sPassword'], setError)) showErrorToast(error);
    }
  });

  return (
    <AuthCard title={t('auth.login.title')} intro={t('auth.login.intro')}>
      <form noValidate onSubmit={onSubmit}>
        <FormTextField
          control={control}
          name="sEmail"
          label={t('auth.email')}
          type="email"
          autoComplete="email"
        />
        <FormTextField
          control={control}
          name="sPassword"
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={login.isPending}
          sx={{ mt: 2 }}
        >
          {t('auth.login.submit')}
        </Button>
      </form>
      <AuthLink to="/password-recovery" label={t('auth.login.forgotPassword')} />
      <AuthLink
        lead={t('auth.login.noAccount')}
        to="/signin"
        label={t('auth.login.createAccount')}
      />
    </AuthCard>
  );
}
