import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Shown larger: the amount the dialog is about. */
  emphasis?: boolean;
  testId?: string;
}

/** Label and value pairs of a confirmation dialog, as a description list. */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1.2fr)' },
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
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
            {item.label}
          </Box>
          <Box
            component="dd"
            data-testid={item.testId}
            sx={{
              m: 0,
              fontWeight: item.emphasis ? 700 : 500,
              fontSize: item.emphasis ? '1.1rem' : undefined,
              fontVariantNumeric: 'tabular-nums',
              overflowWrap: 'anywhere',
            }}
          >
            {item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
