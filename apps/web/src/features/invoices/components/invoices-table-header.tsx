import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTranslation } from 'react-i18next';
import type { InvoiceTableSort } from '../invoice-sort';
import { nextInvoiceSort } from '../invoice-sort';
import { GRID_SIZES } from './grid-sizes';
import type { Column } from './invoices-table-columns';
import { visuallyHidden } from '../../../components/visually-hidden';

/** The header: a hidden label over the selection column, then each column, sortable or not. */
export function InvoicesTableHeader({
  columns,
  sortModel,
  onSortModelChange,
}: {
  columns: Column[];
  sortModel: InvoiceTableSort | undefined;
  onSortModelChange: (sort: InvoiceTableSort | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableHead>
      <TableRow>
        <TableCell padding="checkbox">
          <Box component="span" sx={visuallyHidden}>
            {t('invoices.selectRow')}
          </Box>
        </TableCell>
        {columns.map((column) => {
          const direction = sortModel?.field === column.field ? sortModel.sort : undefined;
          return (
            <TableCell
              key={column.field}
              align={column.numeric ? 'right' : 'left'}
              aria-sort={
                direction === undefined
                  ? undefined
                  : direction === 'asc'
                    ? 'ascending'
                    : 'descending'
              }
              data-field={column.field}
            >
              {column.sortable ? (
                <TableSortLabel
                  active={direction !== undefined}
                  direction={direction ?? 'asc'}
                  onClick={() => onSortModelChange(nextInvoiceSort(sortModel, column.field))}
                  // The whole header is the button, as in the DataGrid.
                  sx={{
                    width: '100%',
                    minHeight: GRID_SIZES.columnHeaderHeight - 8,
                    justifyContent: column.numeric ? 'flex-end' : 'flex-start',
                    flexDirection: column.numeric ? 'row-reverse' : 'row',
                    '& .MuiTableSortLabel-icon': { flexShrink: 0 },
                  }}
                >
                  {column.label}
                </TableSortLabel>
              ) : (
                column.label
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
