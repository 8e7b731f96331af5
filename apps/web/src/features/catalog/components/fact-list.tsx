import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface Fact {
  label: string;
  value: string;
  testId?: string;
}

/** Label and value pairs as a description list. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 1 },
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {fact.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={fact.testId}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
