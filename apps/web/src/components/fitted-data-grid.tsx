import Box from '@mui/material/Box';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useGridLocaleText } from './data-grid-defaults';
import { COMPACT_HEADER_HEIGHT, useFittedColumns } from './fit-columns';

type FittedDataGridProps<Row extends GridValidRowModel> = Omit<
  DataGridProps<Row>,
  'columns' | 'columnVisibilityModel' | 'onColumnVisibilityModelChange' | 'localeText'
> & {
  columns: GridColDef<Row>[];
  /** The columns hidden first when the table is narrower than its columns. */
  hideOrder: readonly string[];
  /** The table's line when it has no rows. */
  emptyText: string;
};

/**
 * A compact finance grid that fits its box: columns drop by `hideOrder` as it narrows, rows
 * grow to fit wrapped cells, and every row is rendered (pages hold at most 100 rows), which
 * keeps them all readable by screen readers. A skeleton stands in while it loads.
 */
export function FittedDataGrid<Row extends GridValidRowModel>({
  columns,
  hideOrder,
  emptyText,
  ...props
}: FittedDataGridProps<Row>) {
  const localeText = useGridLocaleText(emptyText);
  const { ref, columnVisibilityModel, onColumnVisibilityModelChange } = useFittedColumns(
    columns,
    hideOrder,
  );
  return (
    <Box ref={ref} sx={{ width: '100%', minWidth: 0 }}>
      <DataGrid
        columns={columns}
        columnVisibilityModel={columnVisibilityModel}
        onColumnVisibilityModelChange={onColumnVisibilityModelChange}
        autoHeight
        disableVirtualization
        getRowHeight={() => 'auto'}
        columnHeaderHeight={COMPACT_HEADER_HEIGHT}
        disableRowSelectionOnClick
        localeText={localeText}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        {...props}
      />
    </Box>
  );
}
