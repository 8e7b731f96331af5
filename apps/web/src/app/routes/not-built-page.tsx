import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '../../components/not-built-yet';
import { PageFrame } from '../../components/page-frame';
import type { en } from '../../lib/i18n/en';

export type PageKey = keyof (typeof en)['pages'];

/** The frame of a page a later issue builds: its title and a plain notice, no fake data. */
export function NotBuiltPage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`pages.${page}`)}>
      <NotBuiltYet />
    </PageFrame>
  );
}
