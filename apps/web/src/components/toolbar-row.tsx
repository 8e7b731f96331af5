import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * The row above a page's table: what it holds (a heading, a search) at the left, its buttons
 * at the right; on a narrow screen the buttons wrap below.
 */
export function ToolbarRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mb: 2,
      }}
    >
      {children}
    </Box>
  );
}
