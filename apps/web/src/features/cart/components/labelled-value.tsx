import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A small label over its value (cart figures that must read well on a phone too). */
export function LabelledValue(props: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box sx={{ minWidth: 96 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {props.label}
      </Typography>
      <Typography sx={{ fontWeight: props.strong ? 700 : 500 }} data-testid={props.testId}>
        {props.value}
      </Typography>
    </Box>
  );
}
