import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { DisputeStatus } from '../api/disputes';

/** Dark fills with white text (WCAG AA). */
const COLORS: Record<DisputeStatus, string> = { IN_PROCESS: '#c62828', FINALIZED: '#424242' };

export function DisputeStatusChip({ status }: { status: DisputeStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`disputes.statuses.${status}`)}
      data-testid="dispute-status"
      sx={{ bgcolor: COLORS[status], color: '#ffffff', fontWeight: 600 }}
    />
  );
}
