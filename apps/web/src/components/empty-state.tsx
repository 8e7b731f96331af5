import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';

/** Nothing to list: the feature's icon, a plain sentence and, when it helps, what to do next. */
export function EmptyState({
  icon: Icon,
  message,
  action,
}: {
  icon: ComponentType<SvgIconProps>;
  message: string;
  action?: ReactNode;
}) {
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
      <Icon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden="true" />
      <Typography sx={{ mt: 1 }}>{message}</Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
