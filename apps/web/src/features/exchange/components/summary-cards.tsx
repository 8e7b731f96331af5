import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Fixed heights, so the cards do not move when their figures arrive. */
const TOP_CARD_HEIGHT = 176;
const COUNTER_CARD_HEIGHT = 112;

const valueSx = {
  fontSize: { xs: '1.75rem', sm: '2rem' },
  fontWeight: 700,
  lineHeight: 1.25,
  fontVariantNumeric: 'tabular-nums',
} as const;

interface FigureCardProps {
  title: string;
  /** The figure; a skeleton of its size while undefined. */
  value: string | undefined;
  unit: string;
  testId: string;
  children?: ReactNode;
}

/** A card with one big figure: the rate or a balance. */
export function FigureCard({ title, value, unit, testId, children }: FigureCardProps) {
  return (
    <Card
      variant="outlined"
      sx={{
        // Side by side the three cards share one height; stacked they take what they need.
        minHeight: { md: TOP_CARD_HEIGHT },
        p: 2.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
      }}
    >
      <Typography component="h2" variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        {value === undefined ? (
          <Skeleton variant="text" width={150} sx={valueSx} />
        ) : (
          <Typography data-testid={testId} sx={valueSx}>
            {value}
          </Typography>
        )}
        <Typography color="text.secondary" variant="body2">
          {unit}
        </Typography>
      </Box>
      {children && (
        <Box sx={{ mt: 'auto', pt: 1.5, minHeight: 36, display: 'flex', alignItems: 'flex-end' }}>
          {children}
        </Box>
      )}
    </Card>
  );
}

interface CounterCardProps {
  label: string;
  count: number | undefined;
  to: string;
  testId: string;
}

/** A counter that links to the screen where the counted things are. */
export function CounterCard({ label, count, to, testId }: CounterCardProps) {
  return (
    <Card variant="outlined" sx={{ minHeight: COUNTER_CARD_HEIGHT, display: 'flex' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        data-testid={testId}
        sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2 }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {count === undefined ? (
            <Skeleton variant="text" width={48} sx={valueSx} />
          ) : (
            <Typography sx={valueSx}>{count}</Typography>
          )}
          <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
            {label}
          </Typography>
        </Box>
        <ChevronRightIcon aria-hidden color="action" />
      </CardActionArea>
    </Card>
  );
}
