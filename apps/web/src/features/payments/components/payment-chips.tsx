import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
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

const chipSx = (color: string) => ({ bgcolor: color, color: '#ffffff', fontWeight: 600 });

export function TransactionTypeChip({ type }: { type: TransactionTypeKey | undefined }) {
  const { t } = useTranslation();
  if (!type) return null;
  return <Chip size="small" label={t(`payments.types.${type}`)} sx={chipSx(TYPE_COLORS[type])} />;
}

export function PaymentStatusChip({ status }: { status: Payment['sStatus'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`payments.statuses.${status}`)}
      sx={chipSx(STATUS_COLORS[status])}
    />
  );
}
