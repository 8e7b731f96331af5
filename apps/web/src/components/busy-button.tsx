import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A contained button that, while its request runs, is disabled and shows a spinner, so a
 * second click sends nothing.
 */
export function BusyButton({
  busy,
  disabled,
  startIcon,
  ...props
}: ButtonProps & { busy: boolean | undefined }) {
  return (
    <Button
      variant="contained"
      {...props}
      disabled={Boolean(busy) || disabled}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : startIcon}
    />
  );
}

/** The cancel and submit buttons at the foot of a form dialog; submit sends the form. */
export function FormDialogActions({
  busy,
  cancelLabel,
  submitLabel,
  onCancel,
  sx = { px: 3, pb: 2 },
}: {
  busy: boolean;
  cancelLabel: ReactNode;
  submitLabel: ReactNode;
  onCancel: () => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <DialogActions sx={sx}>
      <Button onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <BusyButton type="submit" busy={busy}>
        {submitLabel}
      </BusyButton>
    </DialogActions>
  );
}
