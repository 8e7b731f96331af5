import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { showErrorToast, showSuccessToast } from '../lib/toast';
import { AppDialog } from './app-dialog';

/**
 * A secret the server shows only once (a webhook signing secret, an API key): read-only,
 * selected on focus, with a copy button; once closed it is gone from the screen.
 */
export function SecretOnceDialog({
  secret,
  onClose,
  texts,
  testId,
}: {
  secret: string;
  onClose: () => void;
  texts: { title: string; intro: string; copy: string; copied: string; done: string };
  testId: string;
}) {
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      showSuccessToast(texts.copied);
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <AppDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {texts.intro}
        </Alert>
        <TextField
          value={secret}
          label={texts.title}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {texts.copy}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {texts.done}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
