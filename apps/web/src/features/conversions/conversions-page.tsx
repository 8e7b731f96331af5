import Paper from '@mui/material/Paper';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button';
import { PageFrame } from '../../components/page-frame';
import { useConversionHistoryQuery } from './api/conversions-api';
import { ConversionDetailDialog } from './components/conversion-detail-dialog';
import { useViewableConversionColumns } from './components/conversion-columns';
import { ConversionsGrid } from './components/conversions-grid';
import { TotalGain } from './components/gain-text';
import { TableToolbar } from '../../components/table-toolbar';
import { useLoadFailureRedirect } from './use-load-failure-redirect';

/** /conversions 'Historial de conversiones': every conversion, newest first. */
export function ConversionsPage() {
  const { t } = useTranslation();
  const history = useConversionHistoryQuery();
  useLoadFailureRedirect(history.error);
  const [detailId, setDetailId] = useState<string | null>(null);
  const headingId = useId();

  const columns = useViewableConversionColumns('history', setDetailId);

  const rows = history.data?.transactions ?? [];
  return (
    <PageFrame title={t('conversions.history.title')} subtitle={t('conversions.history.subtitle')}>
      <Paper variant="outlined" component="section" aria-labelledby={headingId}>
        <TableToolbar headingId={headingId} heading={t('conversions.history.table')}>
          <TotalGain value={history.data?.totalProfit} loading={history.isPending} />
          <ExportButton
            fileName="HistorialConversiones.xlsx"
            columns={columns.excel}
            rows={rows}
            disabled={history.isPending}
          />
        </TableToolbar>
        <ConversionsGrid
          label={t('conversions.history.table')}
          columns={columns.grid}
          rows={rows}
          loading={history.isPending}
          emptyText={t('conversions.history.empty')}
        />
      </Paper>
      <ConversionDetailDialog
        transactionId={detailId}
        kind="history"
        onClose={() => setDetailId(null)}
      />
    </PageFrame>
  );
}
