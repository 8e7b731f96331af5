import { useTranslation } from 'react-i18next';
import type { Approval } from './api/team';

type Details = Approval['oDetails'];

/** Who is paid, short: the first names, then how many more. */
export function usePayeesText(details: Details): string {
  const { t } = useTranslation();
  const names = details.aPayees.map((payee) => `${payee.sName} (${payee.sClabe})`);
  if (names.length <= 2) return names.join(', ');
  return t('team.approvals.details.more', {
    names: names.slice(0, 2).join(', '),
    count: names.length - 2,
  });
}
