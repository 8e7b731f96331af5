import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/page-frame';

interface AuthCardProps {
  title: string;
  intro?: string;
  children: ReactNode;
  width?: number;
}

/** The centred card of the account screens, with the page's h1. */
export function AuthCard({ title, intro, children, width = 480 }: AuthCardProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 1, sm: 4 } }}>
      <DocumentTitle title={title} />
      <Paper
        component="section"
        variant="outlined"
        sx={{ width: '100%', maxWidth: width, p: { xs: 2.5, sm: 4 } }}
      >
        <Typography id="page-title" variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' } }}>
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}

/** The full-width submit button of an auth form, busy while the request runs. */
export function AuthSubmit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth loading={busy} sx={{ mt: 2 }}>
      {children}
    </Button>
  );
}
