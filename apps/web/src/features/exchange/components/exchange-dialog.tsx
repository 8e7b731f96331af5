import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { AppDialog } from '../../../components/app-dialog';

/** How the exchange page opens a money dialog: it closes on cancel, or with what was done. */
export interface MoneyDialogProps {
  onCancel: () => void;
  onSuccess: (message: string) => void;
}

interface ExchangeDialogProps {
  title: string;
  children: ReactNode;
  /** What Cancel does; Escape does the same, unless `busy`. */
  onClose: () => void;
  /** While money is moving, Escape does nothing. */
  busy?: boolean;
  /** Informational dialogs also close on a click outside; money dialogs do not. */
  informational?: boolean;
  testId?: string;
}

/**
 * The frame of the exchange dialogs: 600 px wide (spec), full screen on phones. A click
 * outside never closes a money dialog, so no typed amount is lost by accident.
 */
export function ExchangeDialog({
  title,
  children,
  onClose,
  busy,
  informational = false,
  testId,
}: ExchangeDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <AppDialog
      open
      onClose={onClose}
      busy={busy}
      closeOnBackdropClick={informational}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </AppDialog>
  );
}
