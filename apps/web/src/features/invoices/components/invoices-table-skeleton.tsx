import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { GRID_SIZES } from './grid-sizes';

/**
 * Holds the table's place while its code loads: the height the table will have with
 * `rows` rows (or with its loading overlay while the rows are not known yet).
 */
export function InvoicesTableSkeleton({ rows }: { rows: number | undefined }) {
  const { t } = useTranslation();
  const body = rows ? rows * GRID_SIZES.rowHeight : GRID_SIZES.overlayHeight;
  return (
    <Skeleton
      variant="rounded"
      role="progressbar"
      aria-label={t('common.loading')}
      height={GRID_SIZES.columnHeaderHeight + body + GRID_SIZES.footerHeight}
      data-testid="invoices-table-skeleton"
    />
  );
}
