import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExcel, type ExcelColumn } from '../lib/excel';

interface ExportButtonProps<Row> {
  fileName: string;
  columns: ExcelColumn<Row>[];
  rows: Row[];
  disabled?: boolean;
}

/** 'Descargar': the table as an .xlsx (sheet Hoja1), with the spec's notices. */
export function ExportButton<Row>({ fileName, columns, rows, disabled }: ExportButtonProps<Row>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadExcel({ fileName, columns, rows, emptyCell: t('finance.notAvailable') });
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
