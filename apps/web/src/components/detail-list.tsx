import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Shown larger in a review list: the amount the confirmation is about. */
  emphasis?: boolean;
  /** Set on the value in a review list, on the label and value pair in a detail list. */
  testId?: string;
}

/**
 * Label and value pairs as a description list, in one column or, from 600 px, two. Each
 * label stands above its value (a detail page's facts; a review step uses `ReviewList`).
 */
export function DetailList({
  items,
  columns = 1,
  rowGap = 1.25,
}: {
  items: DetailItem[];
  columns?: 1 | 2;
  rowGap?: number;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: columns === 2 ? '1fr 1fr' : '1fr' },
        columnGap: 3,
        rowGap,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} data-testid={item.testId} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Label and value pairs of a confirmation step, as a description list in a tinted box: the
 * label beside its value from 600 px, above it on a phone.
 */
export function ReviewList({ items }: { items: DetailItem[] }) {
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
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2' }}>
            {item.label}
          </Box>
          <Box
            component="dd"
            data-testid={item.testId}
            sx={{
              m: 0,
              mb: { xs: 1, sm: 0 },
              fontWeight: item.emphasis ? 700 : 600,
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
