import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatPercent } from '../conversion-math';

/** A 0–100 % bar with its value written beside it; the bar is named by `label`. */
export function PercentBar({
  value,
  label,
  showLabel = false,
  testId,
}: {
  value: number;
  label: string;
  showLabel?: boolean;
  testId?: string;
}) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <Box sx={{ width: '100%' }} data-testid={testId}>
      {showLabel && (
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          {label}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant="determinate"
          value={clamped}
          aria-label={label}
          aria-valuetext={formatPercent(value)}
          sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ minWidth: 64, textAlign: 'right' }}>
          {formatPercent(value)}
        </Typography>
      </Box>
    </Box>
  );
}
