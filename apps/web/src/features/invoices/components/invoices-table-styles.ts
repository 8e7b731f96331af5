import type { SxProps, Theme } from '@mui/material/styles';
import { alpha, lighten } from '@mui/material/styles';
import { gainColor } from '../invoice-math';
import { GRID_SIZES } from './grid-sizes';
import { SELECT_WIDTH, SKELETON_ROWS } from './invoices-table-columns';

/**
 * The table's look, styled once for every cell: MUI's table cells and small chips, with the
 * DataGrid's cell padding (its column widths hold the same text) and its row heights.
 */
export const tableStyles: SxProps<Theme> = (theme) => {
  const border = `1px solid ${lighten(alpha(theme.palette.divider, 1), 0.88)}`;
  return {
    position: 'relative',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    bgcolor: 'background.paper',
    '& th': { px: '6px' },
    '& th.MuiTableCell-paddingCheckbox': { px: 0 },
    '& thead th': {
      height: GRID_SIZES.columnHeaderHeight,
      boxSizing: 'border-box',
      py: 0.5,
      bgcolor: 'grey.50',
      fontWeight: 600,
      fontSize: '0.75rem',
      lineHeight: 1.15,
      borderBottomColor: 'divider',
    },
    '& td': {
      ...theme.typography.body2,
      height: GRID_SIZES.rowHeight,
      boxSizing: 'border-box',
      px: '6px',
      py: 0,
      fontSize: '0.8125rem',
      borderBottom: border,
      color: 'text.primary',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      fontVariantNumeric: 'tabular-nums',
    },
    '& td.select': { px: 0, textAlign: 'center' },
    // An inactive sort arrow takes no room, so a narrow header keeps its words whole.
    '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': {
      width: 0,
      mx: 0,
    },
    // Narrower than its columns (a phone) the table scrolls sideways with its selection
    // and supplier columns pinned; at laptop widths nothing scrolls and this is inert.
    '& td[data-field="select"], & thead th:first-of-type': {
      position: 'sticky',
      left: 0,
      zIndex: 1,
    },
    // Only where the table can scroll: on a laptop a selected row keeps its highlight.
    [theme.breakpoints.down('lg')]: {
      '& td[data-field="select"], & td[data-field="sName"]': { bgcolor: 'background.paper' },
    },
    '& [data-field="sName"]': {
      position: 'sticky',
      left: SELECT_WIDTH,
      zIndex: 1,
      boxShadow: `inset -1px 0 0 ${theme.palette.divider}`,
    },
    '& td.numeric': { textAlign: 'right' },
    // An invoice number is read whole: it wraps inside its narrow column (up to three lines
    // in a row's height) rather than ending in an ellipsis.
    '& td[data-field="sInvoice"]': {
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      lineHeight: 1.2,
    },
    // The due date of an overdue invoice, its badge under it.
    '& td.overdue': { whiteSpace: 'normal', lineHeight: 1.2, color: 'error.dark' },
    '& .overdue-badge': {
      display: 'inline-block',
      mt: '2px',
      px: '5px',
      borderRadius: 2,
      fontSize: '0.6875rem',
      fontWeight: 600,
      lineHeight: 1.4,
      bgcolor: 'error.main',
      color: 'error.contrastText',
    },
    '& td.skeleton': { height: GRID_SIZES.overlayHeight / SKELETON_ROWS },
    '& td.empty': {
      height: GRID_SIZES.overlayHeight,
      textAlign: 'center',
      color: 'text.secondary',
    },
    '& tbody tr:last-of-type td': { borderBottom: 0 },
    '& .signed-gain': { color: gainColor(0), fontWeight: 600 },
    '& .signed-loss': { color: gainColor(-1), fontWeight: 600 },
    // The chip is whole in its column: an ellipsis there would show as a stray dot at the
    // edge of the next (often empty) cell.
    '& td[data-field="sStatusId"]': { textOverflow: 'clip' },
    // MUI's small Chip: filled primary for To pay, outlined for the rest; a little narrower,
    // so 'Por pagar' fits its 88 px column.
    '& .status': {
      display: 'inline-flex',
      alignItems: 'center',
      height: 24,
      px: '6px',
      borderRadius: 3,
      fontSize: '0.8125rem',
      border: '1px solid',
      borderColor: 'grey.400',
      color: 'text.primary',
    },
    '& .status-to-pay': {
      bgcolor: 'primary.main',
      borderColor: 'primary.main',
      color: 'primary.contrastText',
    },
    // A deleted supplier's invoice: its status chip in red, on two lines if it must.
    '& .status-supplier-deleted': {
      height: 'auto',
      py: '2px',
      whiteSpace: 'normal',
      lineHeight: 1.2,
      fontSize: '0.75rem',
      borderColor: 'error.main',
      color: 'error.dark',
    },
    '& .actions': { display: 'flex', gap: 0.5 },
    '& .rate-order': {
      display: 'inline-block',
      maxWidth: '100%',
      boxSizing: 'border-box',
      px: 0.75,
      py: '1px',
      borderRadius: 2,
      fontSize: '0.75rem',
      lineHeight: 1.3,
      textAlign: 'center',
      border: '1px solid',
      whiteSpace: 'normal',
      verticalAlign: 'middle',
    },
    '& .rate-order-waiting': { borderColor: 'info.main', color: 'info.dark' },
    '& .rate-order-filled': { borderColor: 'success.main', color: 'success.dark' },
    '& .rate-order-failed': { borderColor: 'error.main', color: 'error.dark' },
  };
};
