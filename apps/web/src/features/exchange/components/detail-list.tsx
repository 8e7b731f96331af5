import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Label and value pairs of a confirmation, as a description list. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 3fr)' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1.25 },
        m: 0,
        p: 2,
        borderRadius: 2,
        bgcolor: 'grey.50',
        border: 1,
        borderColor: 'divider',
      }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2' }}>
            {row.label}
          </Box>
          <Box
            component="dd"
            data-testid={row.testId}
            sx={{
              m: 0,
              mb: { xs: 1, sm: 0 },
              fontWeight: 600,
              overflowWrap: 'anywhere',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {row.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
