import Box from '@mui/material/Box';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridColDef,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { esES } from '@mui/x-data-grid/locales';
import type { Transaction } from '../../../lib/finance/types';
import { useLanguage } from '../../../lib/i18n/i18n';

interface ConversionsGridProps {
  label: string;
  columns: GridColDef<Transaction>[];
  rows: Transaction[];
  loading: boolean;
  emptyText: string;
  /** Single selection with a checkbox per row (the /balance table). */
  selection?: {
    model: GridRowSelectionModel;
    onChange: (model: GridRowSelectionModel) => void;
  };
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

const spanishText = esES.components.MuiDataGrid.defaultProps.localeText;

/** The DataGrid of the conversion tables: skeleton while loading, a sentence when empty. */
export function ConversionsGrid({
  label,
  columns,
  rows,
  loading,
  emptyText,
  selection,
}: ConversionsGridProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  // Single selection: the header's select-all box would only ever be disabled; a hidden
  // name keeps the column header labelled.
  const allColumns: GridColDef<Transaction>[] = selection
    ? [
        {
          ...GRID_CHECKBOX_SELECTION_COL_DEF,
          renderHeader: () => <Box sx={visuallyHidden}>{t('conversions.columns.select')}</Box>,
        },
        ...columns,
      ]
    : columns;
  return (
    <Box sx={{ width: '100%' }}>
      <DataGrid
        label={label}
        autoHeight
        rows={rows}
        columns={allColumns}
        getRowId={(row) => row.sTransactionId}
        loading={loading}
        localeText={{
          ...(language === 'sp' ? spanishText : {}),
          noRowsLabel: emptyText,
          footerRowSelected: () => '',
        }}
        slotProps={{
          loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' },
        }}
        initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
        pageSizeOptions={[10, 25, 50]}
        disableColumnFilter
        // Short, bounded pages: every cell stays in the DOM (screen readers, row actions).
        disableVirtualization
        disableRowSelectionOnClick={!selection}
        rowHeight={56}
        {...(selection
          ? {
              checkboxSelection: true,
              disableMultipleRowSelection: true,
              rowSelectionModel: selection.model,
              onRowSelectionModelChange: selection.onChange,
            }
          : {})}
        sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
        data-testid="conversions-grid"
      />
    </Box>
  );
}
