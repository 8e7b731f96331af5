import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Nothing to list: a plain sentence and, when it helps, what to do next. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Box
      role="status"
      sx={{
        textAlign: 'center',
        py: 6,
        px: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Inventory2OutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden="true" />
      <Typography sx={{ mt: 1 }}>{message}</Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
