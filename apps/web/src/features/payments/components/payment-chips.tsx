import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip';
import type { Payment } from '../../../lib/finance/types';
import type { TransactionTypeKey } from '../payments-view';

/** Dark fills with white text: every pair passes WCAG AA for small text. */
const TYPE_COLORS: Record<TransactionTypeKey, string> = {
  FORWARD: '#1565c0',
  FOREX: '#6a1b9a',
  PAY_NOW: '#1b5e20',
};

const STATUS_COLORS: Record<Payment['sStatus'], string> = {
  PROCESSING: '#8a4b08',
  COMPLETED: '#1b5e20',
  RETURNED: '#c62828',
};

export function TransactionTypeChip({ type }: { type: TransactionTypeKey | undefined }) {
  const { t } = useTranslation();
  if (!type) return null;
  return <StatusChip label={t(`payments.types.${type}`)} color={TYPE_COLORS[type]} wrap />;
}

export function PaymentStatusChip({ status }: { status: Payment['sStatus'] }) {
  const { t } = useTranslation();
  return <StatusChip label={t(`payments.statuses.${status}`)} color={STATUS_COLORS[status]} wrap />;
}
