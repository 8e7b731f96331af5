import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { validationErrorMap } from '../../../lib/form-errors';
import { showErrorToast } from '../../../lib/toast';
import { useInviteUser } from '../api/profile';
import type { InviteFormValues } from '../profile-forms';
import { EMPTY_INVITE, inviteBody, inviteFormSchema } from '../profile-forms';
import { PAIR_SX } from '../../../components/form-layout';
import { ProfileTextField } from './profile-text-field';
import { FormDialogActions } from '../../../components/busy-button';
import { AppDialog } from '../../../components/app-dialog';

const resolver = zodResolver(inviteFormSchema, { error: validationErrorMap });

interface InviteUserDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the server created the account and sent the invitation e-mail. */
  onInvited: (email: string) => void;
}

/** Invite a sub-user (POST profile/users): persistent; the account gets an e-mail link. */
export function InviteUserDialog({ open, onClose, onInvited }: InviteUserDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const invite = useInviteUser();
  const { control, handleSubmit, reset, setError } = useForm<InviteFormValues>({
    resolver,
    defaultValues: EMPTY_INVITE,
  });

  useEffect(() => {
    if (open) reset(EMPTY_INVITE);
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const body = inviteBody(values);
    try {
      await invite.mutateAsync(body);
      onInvited(body.sEmail);
    } catch (error) {
      if (isApiError(error) && error.field === 'sEmail') {
        const message =
          error.code === 'INVALID_STATE' ? t('profile.errors.userLimit') : error.message;
        setError('sEmail', { type: 'server', message }, { shouldFocus: true });
      } else if (isApiError(error) && (error.field === 'sName' || error.field === 'sLastName')) {
        setError(error.field, { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        showErrorToast(error);
      }
    }
  });

  const busy = invite.isPending;

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      busy={busy}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('profile.users.inviteTitle')}</DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogContent sx={{ pt: 0 }}>
          <Typography color="text.secondary">{t('profile.users.inviteIntro')}</Typography>
          <Box sx={PAIR_SX}>
            <ProfileTextField
              control={control}
              name="sName"
              label={t('profile.users.name')}
              required
            />
            <ProfileTextField
              control={control}
              name="sLastName"
              label={t('profile.users.lastName')}
              required
            />
          </Box>
          <ProfileTextField
            control={control}
            name="sEmail"
            label={t('profile.users.email')}
            type="email"
            required
          />
          <ProfileTextField
            control={control}
            name="sJobTitle"
            label={t('profile.users.jobTitle')}
          />
          <Controller
            control={control}
            name="isManager"
            render={({ field }) => (
              <FormControlLabel
                sx={{ mt: 1 }}
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    slotProps={{ input: { 'aria-describedby': hintId } }}
                  />
                }
                label={t('profile.users.isManager')}
              />
            )}
          />
          <FormHelperText id={hintId} sx={{ mt: 0, ml: 4 }}>
            {t('profile.users.isManagerHint')}
          </FormHelperText>
        </DialogContent>
        <FormDialogActions
          busy={busy}
          cancelLabel={t('profile.cancel')}
          submitLabel={t('profile.users.send')}
          onCancel={onClose}
        />
      </form>
    </AppDialog>
  );
}
