import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

export interface Fact {
  label: string;
  value: string;
  testId?: string;
}

/**
 * Label and value pairs as a description list: the label beside its value from 600 px, above
 * it on a phone. `dense` keeps the rows close at every width (a confirmation's figures);
 * `monospace` sets the values in a fixed width and lets them break anywhere (account numbers).
 */
export function FactList({
  facts,
  dense = false,
  monospace = false,
  testId,
  sx,
}: {
  facts: Fact[];
  dense?: boolean;
  monospace?: boolean;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="dl"
      sx={[
        {
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
          columnGap: 3,
          rowGap: dense ? 0.5 : { xs: 0, sm: 1 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      data-testid={testId}
    >
      {facts.map((fact) => (
        <Box key={fact.label} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            color="text.secondary"
            sx={dense ? undefined : { mt: { xs: 1, sm: 0 } }}
          >
            {fact.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              fontWeight: 600,
              ...(monospace && { fontFamily: 'monospace', overflowWrap: 'anywhere' }),
            }}
            data-testid={fact.testId}
          >
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
