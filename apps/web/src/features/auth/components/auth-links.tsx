import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

interface AuthLinkProps {
  /** Text before the link, e.g. "New here?". */
  lead?: string;
  to: string;
  label: string;
}

export function AuthLink({ lead, to, label }: AuthLinkProps) {
  return (
    <Typography variant="body2" sx={{ mt: 1.5 }}>
      {lead && (
        <Box component="span" sx={{ mr: 0.5 }}>
          {lead}
        </Box>
      )}
      <Link component={RouterLink} to={to}>
        {label}
      </Link>
    </Typography>
  );
}
