import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { BusyButton } from './busy-button';
import { AppDialog } from './app-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  confirmDisabled?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation: its buttons or Escape (as Cancel) close it; they lock while it works. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <AppDialog
      open={props.open}
      onClose={props.onCancel}
      busy={props.busy}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      {props.children && <DialogContent>{props.children}</DialogContent>}
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.busy}>
          {props.cancelLabel}
        </Button>
        <BusyButton
          busy={props.busy}
          color={props.destructive ? 'error' : 'primary'}
          onClick={props.onConfirm}
          disabled={props.busy || props.confirmDisabled}
        >
          {props.confirmLabel}
        </BusyButton>
      </DialogActions>
    </AppDialog>
  );
}
