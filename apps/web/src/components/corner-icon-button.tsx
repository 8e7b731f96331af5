import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';

/** A small icon button in the top right corner of a thumbnail (its parent is positioned). */
export function CornerIconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** The icon. */
  children: ReactNode;
}) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      sx={{
        position: 'absolute',
        top: 4,
        right: 4,
        bgcolor: 'background.paper',
        '&:hover': { bgcolor: 'background.paper' },
      }}
    >
      {children}
    </IconButton>
  );
}
