import Box from '@mui/material/Box';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridColDef,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { esES } from '@mui/x-data-grid/locales';
import {
  COMPACT_HEADER_HEIGHT,
  compactGridSx,
  pinnedColumnsSx,
  useFittedColumns,
} from '../../../components/fit-columns';
import type { Transaction } from '../../../lib/finance/types';
import { useLanguage } from '../../../lib/i18n/i18n';
import { CONVERSION_HIDE_ORDER } from './conversion-columns';
import { visuallyHidden } from '../../../components/visually-hidden';

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
  const selectable = selection !== undefined;
  const allColumns = useMemo<GridColDef<Transaction>[]>(
    () =>
      selectable
        ? [
            {
              ...GRID_CHECKBOX_SELECTION_COL_DEF,
              width: 42,
              renderHeader: () => <Box sx={visuallyHidden}>{t('conversions.columns.select')}</Box>,
            },
            ...columns,
          ]
        : columns,
    [columns, selectable, t],
  );
  const { ref, columnVisibilityModel, onColumnVisibilityModelChange } = useFittedColumns(
    allColumns,
    CONVERSION_HIDE_ORDER,
  );
  return (
    <Box ref={ref} sx={{ width: '100%' }}>
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
        columnVisibilityModel={columnVisibilityModel}
        onColumnVisibilityModelChange={onColumnVisibilityModelChange}
        columnHeaderHeight={COMPACT_HEADER_HEIGHT}
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
        sx={{
          border: 0,
          ...compactGridSx,
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', fontSize: '0.8125rem' },
          // On a phone the id stays at the left (after the selection box) as the row scrolls.
          ...pinnedColumnsSx(
            selection
              ? [
                  { field: '__check__', left: 0 },
                  { field: 'iTrackingId', left: 42 },
                ]
              : [{ field: 'iTrackingId', left: 0 }],
          ),
        }}
        data-testid="conversions-grid"
      />
    </Box>
  );
}
