import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';

type Breakpoint = 'md' | 'lg';

/**
 * One card a row on a phone, two from 600 px, then up to `maxColumns` from `wideFrom`: `md`
 * adds a third at 900 px (and a fourth at 1200 px), `lg` goes straight to all at 1200 px.
 */
function columnsOf(maxColumns: 3 | 4, wideFrom: Breakpoint) {
  if (wideFrom === 'lg') {
    return { xs: '1fr', sm: 'repeat(2, 1fr)', lg: `repeat(${String(maxColumns)}, 1fr)` };
  }
  return maxColumns === 3
    ? { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }
    : { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' };
}

/** A responsive list of cards (a <ul>, or an <ol> for steps: screen readers count them). */
export function CardGrid({
  children,
  label,
  maxColumns = 4,
  wideFrom = 'md',
  ordered = false,
  mt,
}: {
  children: ReactNode;
  label?: string;
  maxColumns?: 3 | 4;
  wideFrom?: Breakpoint;
  ordered?: boolean;
  mt?: number;
}) {
  return (
    <Box
      component={ordered ? 'ol' : 'ul'}
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        mt,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: columnsOf(maxColumns, wideFrom),
      }}
    >
      {children}
    </Box>
  );
}

/** Three plain placeholders in the three-a-row layout while a page's cards load. */
export function CardGridLoading({ height, label }: { height: number; label: string }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: columnsOf(3, 'md') }}
      role="status"
      aria-busy="true"
      aria-label={label}
    >
      {[0, 1, 2].map((item) => (
        <Skeleton key={item} variant="rounded" height={height} />
      ))}
    </Box>
  );
}

/** Placeholders in the shape of the cards while they load. */
export function CardSkeletons({
  count,
  imageHeight,
  label,
}: {
  count: number;
  imageHeight: number;
  label: string;
}) {
  return (
    <Box
      role="status"
      aria-label={label}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: columnsOf(4, 'md') }}
      data-testid="card-skeletons"
    >
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} variant="outlined">
          <Skeleton variant="rectangular" height={imageHeight} />
          <CardContent>
            <Skeleton variant="text" width="80%" />
            <Skeleton variant="text" width="50%" />
            <Skeleton variant="text" width="60%" />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
