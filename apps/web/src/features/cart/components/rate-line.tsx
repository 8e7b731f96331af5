import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isCountdownUrgent } from '../../../components/use-countdown';

/** A quote with its countdown: red below 30 seconds, as on the exchange screen. */
export function RateLine(props: {
  label: string;
  value: string;
  seconds: number;
  expiresText: string;
  testId?: string;
}) {
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, rowGap: 0.5 }}
    >
      <Typography color="text.secondary">{props.label}</Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }} data-testid={props.testId}>
        {props.value}
      </Typography>
      <Typography
        variant="body2"
        sx={{ color: isCountdownUrgent(props.seconds) ? 'error.main' : 'text.secondary' }}
        role="timer"
        aria-live="off"
      >
        {props.expiresText}
      </Typography>
    </Box>
  );
}
