import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog';

/**
 * The step-up state: null while closed; busy while the call runs with what was typed.
 * `password`: the user has no second factor and confirms with their password instead.
 */
export type StepUpState = {
  busy: boolean;
  error?: string | undefined;
  password?: boolean | undefined;
} | null;

/** Asks for a fresh second-factor code, or the password again (see `useStepUpPrompt`). */
export function StepUpDialog({
  state,
  onSubmit,
  onCancel,
}: {
  state: StepUpState;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const open = state !== null;
  const password = state?.password === true;
  const error = empty ? t(password ? 'stepUp.passwordRequired' : 'stepUp.required') : state?.error;
  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      busy={state?.busy}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: () => setCode('') } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // A password is sent as typed; a code without the spaces around it.
          const typed = password ? code : code.trim();
          setEmpty(typed === '');
          if (typed !== '') onSubmit(typed);
        }}
      >
        <DialogTitle id={titleId}>
          {t(password ? 'stepUp.passwordTitle' : 'stepUp.title')}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {t(password ? 'stepUp.passwordIntro' : 'stepUp.intro')}
          </Typography>
          <TextField
            autoFocus
            fullWidth
            label={t(password ? 'stepUp.password' : 'stepUp.code')}
            type={password ? 'password' : 'text'}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            disabled={state?.busy}
            slotProps={{
              htmlInput: password
                ? {
                    autoComplete: 'current-password',
                    maxLength: 200,
                    'data-testid': 'step-up-password',
                  }
                : {
                    inputMode: 'numeric',
                    autoComplete: 'one-time-code',
                    maxLength: 40,
                    'data-testid': 'step-up-code',
                  },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={state?.busy}>
            {t('stepUp.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={state?.busy ?? false}>
            {t('stepUp.confirm')}
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
