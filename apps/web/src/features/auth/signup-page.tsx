import type { SignupBody } from '@app/domain';
import { signupBodySchema } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../components/form-text-field';
import { EmailField } from './components/email-field';
import { applyServerFieldError, validationErrorMap } from '../../lib/form-errors';
import { homePathFor } from '../../lib/session-store';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import type { SignupKind } from './api/signup';
import { useSignupMutation } from './api/signup';
import { AuthCard, AuthSubmit } from './components/auth-card';
import { AuthLink } from './components/auth-links';
import { NewPasswordFields } from './components/new-password-fields';
import { PAIR_SX } from '../../components/form-layout';

const resolver = zodResolver(signupBodySchema, { error: validationErrorMap });

const FIELDS = [
  'sName',
  'sLastName',
  'sEmail',
  'sPhone',
  'sEnterpriseName',
  'sPassword',
  'sConfirmPassword',
] as const satisfies readonly (keyof SignupBody)[];

const EMPTY: Record<(typeof FIELDS)[number], string> = {
  sName: '',
  sLastName: '',
  sEmail: '',
  sPhone: '',
  sEnterpriseName: '',
  sPassword: '',
  sConfirmPassword: '',
};

function SignupPage({ kind }: { kind: SignupKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signup = useSignupMutation(kind);
  const { control, handleSubmit, setError } = useForm({ resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { user } = await signup.mutateAsync(body);
      showSuccessToast(t('auth.signup.created'));
      await navigate(homePathFor(user), { replace: true });
    } catch (error) {
      if (!applyServerFieldError(error, FIELDS, setError)) showErrorToast(error);
    }
  });

  const title = kind === 'customer' ? t('auth.signup.customerTitle') : t('auth.signup.vendorTitle');

  return (
    <AuthCard title={title} intro={t('auth.signup.intro')} width={640}>
      <form noValidate onSubmit={onSubmit}>
        <Box sx={PAIR_SX}>
          <FormTextField
            control={control}
            name="sName"
            label={t('auth.signup.name')}
            autoComplete="given-name"
          />
          <FormTextField
            control={control}
            name="sLastName"
            label={t('auth.signup.lastName')}
            autoComplete="family-name"
          />
          <EmailField control={control} />
          <FormTextField
            control={control}
            name="sPhone"
            label={t('auth.signup.phone')}
            type="tel"
            autoComplete="tel"
            formatKey="phone"
          />
        </Box>
        <FormTextField
          control={control}
          name="sEnterpriseName"
          label={t('auth.signup.companyName')}
          autoComplete="organization"
        />
        <Box sx={PAIR_SX}>
          <NewPasswordFields control={control} passwordLabel={t('auth.password')} />
        </Box>
        <AuthSubmit busy={signup.isPending}>{t('auth.signup.submit')}</AuthSubmit>
      </form>
      <AuthLink to="/signin" label={t('auth.signup.otherKind')} />
      <AuthLink lead={t('auth.signup.haveAccount')} to="/login" label={t('auth.login.submit')} />
    </AuthCard>
  );
}

/** /signin/customer */
export function CustomerSignupPage() {
  return <SignupPage kind="customer" />;
}

/** /signin/vendor */
export function VendorSignupPage() {
  return <SignupPage kind="vendor" />;
}
