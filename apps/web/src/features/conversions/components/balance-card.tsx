import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format';

export interface BalanceFigure {
  label: string;
  amount: number | undefined;
  currency: 'USD' | 'MXN';
  hint?: string;
  testId?: string;
}

/** A card of balances: an optional emblem, then each figure with its label. */
export function BalanceCard({
  label,
  figures,
  emblem,
}: {
  label: string;
  figures: BalanceFigure[];
  emblem?: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-label={label}
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 2.5 },
        mb: 3,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: { xs: 2, sm: 4 },
      }}
    >
      {emblem}
      {figures.map((figure) => (
        <Box key={figure.label} data-testid={figure.testId} sx={{ minWidth: 180 }}>
          <Typography variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          {figure.amount === undefined ? (
            <Skeleton width={160} height={40} />
          ) : (
            <Typography
              sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, fontWeight: 700 }}
              data-testid={figure.testId ? `${figure.testId}-amount` : undefined}
            >
              {formatMoney(figure.amount)}{' '}
              <Typography component="span" color="text.secondary" sx={{ fontWeight: 600 }}>
                {figure.currency}
              </Typography>
            </Typography>
          )}
          {figure.hint && (
            <Typography variant="caption" color="text.secondary">
              {figure.hint}
            </Typography>
          )}
        </Box>
      ))}
    </Paper>
  );
}
