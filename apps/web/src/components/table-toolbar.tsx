import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SpreadRow } from './spread-row';

/** The bar above a table: its heading on the left, its buttons and totals on the right. */
export function TableToolbar({
  headingId,
  heading,
  children,
}: {
  headingId: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <SpreadRow gap={1.5} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Typography id={headingId} component="h2" variant="h2">
        {heading}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        {children}
      </Box>
    </SpreadRow>
  );
}
