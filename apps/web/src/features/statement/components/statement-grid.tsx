import Box from '@mui/material/Box';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { StatementRow } from '../statement-rows';
import { useTypeLabel } from './use-type-label';

/** An empty side of a movement shows nothing, so the other side stands out. */
const amountOrBlank = (value: number) => (value === 0 ? '' : formatMoney(value));

/**
 * Headers and cells wrap (rows grow to fit), so the table needs less width; every column
 * is rendered (pages hold at most 100 rows), which keeps them all readable by screen readers.
 */
const gridSx = {
  bgcolor: 'background.paper',
  '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2, fontWeight: 600 },
  '& .MuiDataGrid-cell': {
    py: 1,
    whiteSpace: 'normal',
    lineHeight: 1.35,
    overflowWrap: 'anywhere',
    display: 'flex',
    alignItems: 'center',
  },
  '& .MuiDataGrid-cell--textRight': { justifyContent: 'flex-end' },
} as const;

/**
 * The movements with their running balance, in ledger order. Sorting is off: a running
 * balance read in another order would not add up.
 */
export function StatementGrid({ rows, loading }: { rows: StatementRow[]; loading: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const typeLabel = useTypeLabel();

  const columns = useMemo<GridColDef<StatementRow>[]>(
    () => [
      {
        field: 'dDate',
        headerName: t('statement.columns.date'),
        width: 125,
        valueFormatter: (value: string) => formatDate(value, language),
      },
      {
        field: 'sDescription',
        headerName: t('statement.columns.description'),
        minWidth: 170,
        flex: 1.6,
      },
      {
        field: 'sType',
        headerName: t('statement.columns.type'),
        width: 115,
        valueFormatter: (value: string) => typeLabel(value),
      },
      {
        field: 'sReference',
        headerName: t('statement.columns.reference'),
        minWidth: 130,
        flex: 1,
        // Long ids stay on one line, cut with an ellipsis; the full text is in the title.
        renderCell: ({ value }: { value?: string | null }) => (
          <Box
            component="span"
            title={value ?? undefined}
            sx={{
              fontSize: '0.8125rem',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {value ?? ''}
          </Box>
        ),
      },
      {
        field: 'dDebit',
        headerName: t('statement.columns.debit'),
        type: 'number',
        width: 115,
        valueFormatter: amountOrBlank,
      },
      {
        field: 'dCredit',
        headerName: t('statement.columns.credit'),
        type: 'number',
        width: 115,
        valueFormatter: amountOrBlank,
      },
      {
        field: 'dBalance',
        headerName: t('statement.columns.balance'),
        type: 'number',
        width: 125,
        valueFormatter: (value: number) => formatMoney(value),
      },
    ],
    [t, language, typeLabel],
  );

  const localeText = useMemo(
    () => ({
      ...(language === 'sp' ? esES.components.MuiDataGrid.defaultProps.localeText : {}),
      noRowsLabel: t('statement.empty'),
    }),
    [language, t],
  );

  return (
    <DataGrid
      label={t('statement.tableLabel')}
      rows={rows}
      columns={columns}
      loading={loading}
      autoHeight
      disableVirtualization
      getRowHeight={() => 'auto'}
      columnHeaderHeight={60}
      disableColumnSorting
      disableRowSelectionOnClick
      pageSizeOptions={[25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 50 } } }}
      localeText={localeText}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={gridSx}
    />
  );
}
