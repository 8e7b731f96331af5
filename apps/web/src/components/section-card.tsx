import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';

/** A titled block of a detail page (an order, a dispute): a region named by its h2. */
export function SectionCard({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
