import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '../../../lib/finance/types';
import { isForwardDue } from '../../../lib/finance/forwards';
import { isForward } from '../conversion-math';

/** Dark enough for white text (WCAG AA). */
const BLUE = '#1565c0';
const RED = '#c62828';

/**
 * 'Forward' or 'Forex'. An active forward is blue while days remain and red once due;
 * `dueColours` is off where a settled forward's date says nothing.
 */
export function TransactionTypeChip({
  transaction,
  dueColours = false,
}: {
  transaction: Pick<Transaction, 'sTransactionType' | 'iDaysRemaining'>;
  dueColours?: boolean;
}) {
  const { t } = useTranslation();
  if (!isForward(transaction)) {
    return <Chip size="small" color="primary" label={t('conversions.types.forex')} />;
  }
  const due = dueColours && isForwardDue(transaction);
  return (
    <Chip
      size="small"
      label={t('conversions.types.forward')}
      sx={{ bgcolor: due ? RED : BLUE, color: '#ffffff' }}
    />
  );
}
