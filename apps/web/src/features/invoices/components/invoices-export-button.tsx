import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-button';
import type { ExcelColumn } from '../../../lib/excel';
import type { Invoice } from '../../../lib/finance/types';
import type { InvoiceListFilter } from '../api/invoices';
import { getEveryInvoice } from '../api/invoices';

interface InvoicesExportButtonProps {
  /** The filter and order of the table; every page of it is exported, not only the one shown. */
  filter: Omit<InvoiceListFilter, 'page' | 'limit'>;
  columns: ExcelColumn<Invoice>[];
  /** How many invoices the table says the filter holds: every page is asked for at once. */
  total: number | undefined;
  disabled?: boolean;
}

/**
 * 'Descargar' → FacturasPorAsignar.xlsx (sheet Hoja1). The table shows one server page, so
 * the export first reads every page of the filter in the table's order, then writes the
 * file (in a worker) with the shared notices of the export button.
 */
export function InvoicesExportButton(props: InvoicesExportButtonProps) {
  const { filter, columns, total, disabled } = props;
  const { t } = useTranslation();
  return (
    <ExportButton
      fileName={t('invoices.exportFileName')}
      columns={columns}
      rows={() => getEveryInvoice(filter, total)}
      total={total}
      disabled={disabled}
    />
  );
}
