import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** A read that failed: what could not be loaded, and a button to ask again. */
export function LoadError({
  message,
  retryLabel,
  onRetry,
  sx,
}: {
  message: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      {...(sx ? { sx } : {})}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
