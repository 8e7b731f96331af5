import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { showToast } from '../lib/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExcel, type ExcelColumn } from '../lib/excel';

interface ExportButtonProps<Row> {
  fileName: string;
  columns: ExcelColumn<Row>[];
  /** The rows, or how to read them all when the table shows only one server page. */
  rows: Row[] | (() => Promise<Row[]>);
  /** How many rows the table says there are, when `rows` reads them. */
  total?: number | undefined;
  disabled?: boolean;
}

/** 'Descargar': the table as an .xlsx (sheet Hoja1), with the spec's notices. */
export function ExportButton<Row>(props: ExportButtonProps<Row>) {
  const { fileName, columns, rows, total, disabled } = props;
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    // An empty table has nothing to export: the spec's CSV_NO_DATA notice, no header-only file.
    if ((Array.isArray(rows) ? rows.length : total) === 0) {
      showToast(`CSV_NO_DATA: ${t('finance.exportEmpty')}`, { variant: 'warning' });
      return;
    }
    setBusy(true);
    try {
      await downloadExcel({ fileName, columns, rows, emptyCell: t('finance.notAvailable') });
      showToast(t('finance.downloading'), { variant: 'success' });
    } catch {
      showToast(`CSV_NO_DATA: ${t('finance.exportFailed')}`, { variant: 'error' });
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
