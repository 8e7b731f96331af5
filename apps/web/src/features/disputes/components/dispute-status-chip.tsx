import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip';
import type { DisputeStatus } from '../api/disputes';

/** Dark fills with white text (WCAG AA). */
const COLORS: Record<DisputeStatus, string> = { IN_PROCESS: '#c62828', FINALIZED: '#424242' };

export function DisputeStatusChip({ status }: { status: DisputeStatus }) {
  const { t } = useTranslation();
  return (
    <StatusChip
      label={t(`disputes.statuses.${status}`)}
      color={COLORS[status]}
      testId="dispute-status"
    />
  );
}
