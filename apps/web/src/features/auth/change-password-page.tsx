import { changePasswordBodySchema } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { applyServerFieldError, validationErrorMap } from '../../lib/form-errors';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import { useChangePasswordMutation } from './api/change-password';
import { AuthCard, AuthSubmit } from './components/auth-card';
import { AuthLink } from './components/auth-links';
import { NewPasswordFields } from './components/new-password-fields';

const resolver = zodResolver(changePasswordBodySchema, { error: validationErrorMap });

/** /change-password/:id/ where `id` is the reset token of the e-mailed link. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const change = useChangePasswordMutation(id);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const { control, handleSubmit, setError } = useForm({
    resolver,
    defaultValues: { sPassword: '', sConfirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setServerMessage(null);
    try {
      await change.mutateAsync(body);
      // Said here at once, where the person is looking; the log-in page follows.
      setChanged(true);
      showSuccessToast(t('auth.changePassword.changed'));
      await navigate('/login', { replace: true });
    } catch (error) {
      if (applyServerFieldError(error, ['sPassword', 'sConfirmPassword'], setError)) return;
      // An expired or used link (400/404): say so here, where the user is looking.
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        setServerMessage(error.message);
      } else {
        showErrorToast(error);
      }
    }
  });

  return (
    <AuthCard title={t('auth.changePassword.title')} intro={t('auth.changePassword.intro')}>
      {serverMessage && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverMessage}
        </Alert>
      )}
      {/* The new password is hashed on the server, which takes a moment: say so meanwhile. */}
      <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
        {change.isPending && (
          <>
            <LinearProgress aria-hidden />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('auth.changePassword.saving')}
            </Typography>
          </>
        )}
        {changed && (
          <Alert severity="success" data-testid="password-changed">
            {t('auth.changePassword.changed')}
          </Alert>
        )}
      </Box>
      <form noValidate onSubmit={onSubmit}>
        <NewPasswordFields control={control} passwordLabel={t('auth.changePassword.newPassword')} />
        <AuthSubmit busy={change.isPending}>{t('auth.changePassword.submit')}</AuthSubmit>
      </form>
      {serverMessage && (
        <AuthLink to="/password-recovery" label={t('auth.changePassword.requestNewLink')} />
      )}
      <AuthLink to="/login" label={t('auth.recovery.backToLogin')} />
    </AuthCard>
  );
}
