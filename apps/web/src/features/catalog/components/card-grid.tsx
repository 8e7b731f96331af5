import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';

const columns = { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' };

/** Up to three a row, as the growers' list lays its cards out. */
const threeColumns = { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' };

/** A responsive list of cards (a <ul>: screen readers announce how many there are). */
export function CardGrid({
  children,
  label,
  maxColumns = 4,
}: {
  children: ReactNode;
  label?: string;
  maxColumns?: 3 | 4;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: maxColumns === 3 ? threeColumns : columns,
      }}
    >
      {children}
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
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns }}
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
