import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog';

interface SessionEndedDialogProps {
  open: boolean;
  onConfirm: () => void;
}

/** Cannot be dismissed: it has no close action, so neither the backdrop nor Escape closes it; only OK does. */
export function SessionEndedDialog({ open, onConfirm }: SessionEndedDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={open}
      aria-labelledby="session-ended-title"
      aria-describedby="session-ended-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="session-ended-title">{t('session.endedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-ended-text">{t('session.endedMessage')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          {t('common.ok')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
