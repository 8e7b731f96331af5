import { passwordRecoveryBodySchema } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField } from './components/email-field';
import { applyServerFieldError, validationErrorMap } from '../../lib/form-errors';
import { showErrorToast } from '../../lib/toast';
import { usePasswordRecoveryMutation } from './api/password-recovery';
import { AuthCard, AuthSubmit } from './components/auth-card';
import { AuthLink } from './components/auth-links';

const resolver = zodResolver(passwordRecoveryBodySchema, { error: validationErrorMap });

/** /password-recovery. The answer is the same whether or not the e-mail has an account. */
export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const recovery = usePasswordRecoveryMutation();
  const { control, handleSubmit, setError } = useForm({ resolver, defaultValues: { sEmail: '' } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await recovery.mutateAsync(body);
    } catch (error) {
      if (!applyServerFieldError(error, ['sEmail'], setError)) showErrorToast(error);
    }
  });

  return (
    <AuthCard title={t('auth.recovery.title')} intro={t('auth.recovery.intro')}>
      {recovery.isSuccess ? (
        <Alert severity="success" role="status" sx={{ mt: 3 }}>
          {t('auth.recovery.sent')}
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <EmailField control={control} />
          <AuthSubmit busy={recovery.isPending}>{t('auth.recovery.submit')}</AuthSubmit>
        </form>
      )}
      <AuthLink to="/login" label={t('auth.recovery.backToLogin')} />
    </AuthCard>
  );
}
