import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldError, validationErrorMap } from '../../../lib/form-errors';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import type { ProfileUser } from '../api/profile';
import { useMeQuery, useUpdateMe } from '../api/profile';
import type { UserFormValues } from '../profile-forms';
import { meBody, userFormSchema, userFormValues } from '../profile-forms';
import { PAIR_SX } from '../../../components/form-layout';
import { ProfileTextField } from './profile-text-field';
import { FormActions, FormSkeleton, LoadError, SaveButton, TabSection } from './tab-section';

const resolver = zodResolver(userFormSchema, { error: validationErrorMap });
const FIELDS = ['sName', 'sLastName', 'sJobTitle', 'sPhone'] as const;

/** Tab 0: the signed-in user's own details (PUT profile/me); the e-mail is the login. */
export function UserDataTab() {
  const { t } = useTranslation();
  const me = useMeQuery();
  return (
    <TabSection title={t('profile.user.heading')}>
      {me.isPending ? (
        <FormSkeleton fields={5} />
      ) : me.isError ? (
        <LoadError onRetry={() => void me.refetch()} />
      ) : (
        <UserDataForm user={me.data} />
      )}
    </TabSection>
  );
}

function UserDataForm({ user }: { user: ProfileUser }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const { control, handleSubmit, reset, setError } = useForm<UserFormValues>({
    resolver,
    defaultValues: userFormValues(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync(meBody(values));
      reset(userFormValues(answer.user));
      showSuccessToast(t('profile.user.saved'));
    } catch (error) {
      if (!applyServerFieldError(error, FIELDS, setError)) showErrorToast(error);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Box sx={PAIR_SX}>
        <ProfileTextField
          control={control}
          name="sName"
          label={t('profile.user.name')}
          autoComplete="given-name"
          required
        />
        <ProfileTextField
          control={control}
          name="sLastName"
          label={t('profile.user.lastName')}
          autoComplete="family-name"
          required
        />
      </Box>
      <TextField
        label={t('profile.user.email')}
        value={user.sEmail}
        helperText={t('profile.user.emailHint')}
        slotProps={{ htmlInput: { readOnly: true } }}
        variant="filled"
      />
      <Box sx={PAIR_SX}>
        <ProfileTextField
          control={control}
          name="sJobTitle"
          label={t('profile.user.jobTitle')}
          autoComplete="organization-title"
        />
        <ProfileTextField
          control={control}
          name="sPhone"
          label={t('profile.user.phone')}
          type="tel"
          autoComplete="tel"
        />
      </Box>
      <FormActions>
        <SaveButton busy={update.isPending} />
      </FormActions>
    </form>
  );
}
