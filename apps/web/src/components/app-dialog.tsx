import Dialog, { type DialogProps } from '@mui/material/Dialog';

export interface AppDialogProps extends Omit<DialogProps, 'onClose' | 'disableEscapeKeyDown'> {
  /**
   * What the dialog's Cancel or Close button does; Escape does the same. A dialog without
   * one (it must be answered with one of its buttons) stays open on Escape.
   */
  onClose?: (() => void) | undefined;
  /** While it works (a save, money moving) neither Escape nor a click outside closes it. */
  busy?: boolean | undefined;
  /**
   * A click outside closes it too: only for dialogs that show something, never for a form,
   * where a stray click would lose what was typed.
   */
  closeOnBackdropClick?: boolean;
}

/**
 * The one dialog frame of the app: every form, confirmation and viewer opens in it, so
 * Escape closes each of them the way its Cancel or Close button would, unless it is busy.
 */
export function AppDialog({
  onClose,
  busy = false,
  closeOnBackdropClick = false,
  ...props
}: AppDialogProps) {
  const closable = onClose !== undefined && !busy;
  return (
    <Dialog
      {...props}
      disableEscapeKeyDown={!closable}
      onClose={(_event, reason) => {
        if (!closable) return;
        if (reason === 'backdropClick' && !closeOnBackdropClick) return;
        onClose();
      }}
    />
  );
}
