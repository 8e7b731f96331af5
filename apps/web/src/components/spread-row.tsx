import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A row with its first part at the left and the rest at the right, wrapping below on a
 * narrow screen: a page's title and actions, a table's heading and buttons, a card's header.
 */
export function SpreadRow({
  children,
  gap = 2,
  sx,
}: {
  children: ReactNode;
  gap?: number;
  /** Spacing and borders of the place it stands in. */
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      sx={[
        {
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
