import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { activeForwardsQueryOptions, isForwardDue } from '../../../lib/finance/forwards';

/**
 * The dashboard flags forwards whose date has come (or passed): their payment can be
 * requested on Active forwards. Asked for only when the company has active forwards.
 */
export function OverdueForwardsAlert({ activeForwards }: { activeForwards: number | undefined }) {
  const { t } = useTranslation();
  const forwards = useQuery({
    ...activeForwardsQueryOptions(),
    enabled: (activeForwards ?? 0) > 0,
  });
  const due = (forwards.data?.forwards ?? []).filter(isForwardDue).length;
  if (due === 0) return null;
  return (
    <Alert severity="warning" data-testid="overdue-forwards" sx={{ mt: { xs: 2, lg: 3 } }}>
      {t('exchange.overdueForwards', { count: due })}{' '}
      <Link component={RouterLink} to="/forwards">
        {t('exchange.overdueForwardsLink')}
      </Link>
    </Alert>
  );
}
