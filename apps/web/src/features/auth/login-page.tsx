import { loginBodySchema } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../components/form-text-field';
import { EmailField } from './components/email-field';
import { applyServerFieldError, validationErrorMap } from '../../lib/form-errors';
import { ApiError } from '../../lib/api-client';
import { showErrorToast } from '../../lib/toast';
import { useLoginMutation } from './api/login';
import { AuthCard, AuthSubmit } from './components/auth-card';
import { AuthLink } from './components/auth-links';

// The code field starts empty and is sent only once the server asks for it.
const resolver = zodResolver(loginBodySchema.extend({ sTotp: z.string().max(40) }), {
  error: validationErrorMap,
});

/** /login. After a successful login the route guard sends the user on. */
export function LoginPage() {
  const { t } = useTranslation();
  const login = useLoginMutation();
  // Shown once the server answers TOTP_REQUIRED: the account has a second factor.
  const [asksForCode, setAsksForCode] = useState(false);
  const { control, handleSubmit, setError } = useForm({
    resolver,
    defaultValues: { sEmail: '', sPassword: '', sTotp: '' },
  });

  const onSubmit = handleSubmit(async ({ sTotp, ...credentials }) => {
    try {
      const code = sTotp.trim();
      await login.mutateAsync(asksForCode && code ? { ...credentials, sTotp: code } : credentials);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TOTP_REQUIRED') {
        setAsksForCode(true);
        return;
      }
      if (!applyServerFieldError(error, ['sEmail', 'sPassword', 'sTotp'], setError)) {
        showErrorToast(error);
      }
    }
  });

  return (
    <AuthCard title={t('auth.login.title')} intro={t('auth.login.intro')}>
      <form noValidate onSubmit={onSubmit}>
        <EmailField control={control} />
        <FormTextField
          control={control}
          name="sPassword"
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
        />
        {asksForCode && (
          <FormTextField
            control={control}
            name="sTotp"
            label={t('auth.login.totp')}
            autoComplete="one-time-code"
            helperText={t('auth.login.totpHint')}
            autoFocus
          />
        )}
        <AuthSubmit busy={login.isPending}>{t('auth.login.submit')}</AuthSubmit>
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
