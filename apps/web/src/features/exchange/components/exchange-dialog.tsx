import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useId } from 'react';

/** How the exchange page opens a money dialog: it closes on cancel, or with what was done. */
export interface MoneyDialogProps {
  onCancel: () => void;
  onSuccess: (message: string) => void;
}

interface ExchangeDialogProps {
  title: string;
  children: ReactNode;
  /** Informational dialogs close on Escape or a click outside; money dialogs do not. */
  onDismiss?: () => void;
  testId?: string;
}

/**
 * The frame of the exchange dialogs: 600 px wide (spec), full screen on phones. Money
 * dialogs are persistent: only their own buttons close them, so no amount is lost.
 */
export function ExchangeDialog({ title, children, onDismiss, testId }: ExchangeDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onDismiss}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}
