import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExcelColumn } from '../../../lib/excel';
import { downloadExcel } from '../../../lib/excel';
import type { Invoice } from '../../../lib/finance/types';
import type { InvoiceListFilter } from '../api/invoices';
import { invoicesQueryOptions } from '../api/invoices';

interface InvoicesExportButtonProps {
  /** The filter of the table; every page of it is exported, not only the one shown. */
  filter: Omit<InvoiceListFilter, 'page' | 'limit'>;
  columns: ExcelColumn<Invoice>[];
  disabled?: boolean;
}

/**
 * 'Descargar' → FacturasPorAsignar.xlsx (sheet Hoja1). The table shows one server page, so
 * the export first reads the whole filter (the API's bounded list), then writes the file
 * with the shared notices of the export button.
 */
export function InvoicesExportButton({ filter, columns, disabled }: InvoicesExportButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const { invoices } = await queryClient.fetchQuery(invoicesQueryOptions(filter));
      await downloadExcel({
        fileName: t('invoices.exportFileName'),
        columns,
        rows: invoices,
        emptyCell: t('finance.notAvailable'),
      });
      enqueueSnackbar(t('finance.downloading'), { variant: 'success' });
    } catch {
      enqueueSnackbar(`CSV_NO_DATA: ${t('finance.exportFailed')}`, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={() => void onClick()}
      disabled={disabled || busy}
    >
      {t('finance.download')}
    </Button>
  );
}
