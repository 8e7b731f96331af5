import type { Language } from '@app/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import { alpha, lighten } from '@mui/material/styles';
import { createContext, memo, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../lib/finance/types';
import { formatCompactDate } from '../../../components/compact-date-format';
import { formatDate, formatMoney } from '../../../lib/format';
import { localeOf, useLanguage } from '../../../lib/i18n/i18n';
import { useWriteGuard } from '../../../lib/team-role';
import type { InvoiceTableSort } from '../invoice-sort';
import { nextInvoiceSort } from '../invoice-sort';
import { formatPercent, formatRate, gainColor, isToPay } from '../invoice-math';
import { rateOrderChip } from '../rate-order-view';
import { useStatusName } from '../use-status-name';
import { GRID_SIZES } from './grid-sizes';

/** Read by screen readers, not shown: the header of the selection column. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const PAGE_SIZES = [10, 25, 50, 100];
/** The first load's skeleton: as many rows as fill the overlay's height. */
const SKELETON_ROWS = 5;

/** A server page of the table (0-based page). */
export interface InvoicesTablePage {
  page: number;
  pageSize: number;
}

interface InvoicesTableProps {
  rows: Invoice[];
  /** The first load, or a new filter or page: skeleton rows. */
  loading: boolean;
  /** Any request on the list, including the 59 s reload: edit and delete wait for it. */
  busy: boolean;
  selectedId: string | undefined;
  onSelect: (invoiceId: string | undefined) => void;
  paginationModel: InvoicesTablePage;
  onPaginationModelChange: (model: InvoicesTablePage) => void;
  /** The sort asked of the API (one column at most); a change shows the first page. */
  sortModel: InvoiceTableSort | undefined;
  onSortModelChange: (sort: InvoiceTableSort | undefined) => void;
  /** How many invoices the filter holds, all pages; undefined until the first answer. */
  total: number | undefined;
  onEdit: (invoice: Invoice) => void;
  onDelete: (invoice: Invoice) => void;
}

type ColumnField =
  | 'sName'
  | 'dPurchaseDate'
  | 'dDueDate'
  | 'sInvoice'
  | 'sStatusId'
  | 'rateOrder'
  | 'dTotalAmount'
  | 'dRateProtection'
  | 'dProfitPercentage'
  | 'dCurrencyGain'
  | 'actions';

interface Column {
  field: ColumnField;
  label: string;
  /** Fixed width (px); the supplier has none and takes what is left, at least its minimum. */
  width?: number;
  numeric?: boolean;
  sortable: boolean;
}

/**
 * Widths that fit every column, Actions included, at 1280 px in either language: dates with
 * the month abbreviated ('May 28, 2026', 79 px of text at the widest; '28 may 2026'; the full
 * date in the title), headers on up to three lines, narrow cell padding. With the rate
 * order's column they add up to 934 px of the ≈935 px the table has at 1280 px beside a
 * 15 px scrollbar; wider screens give the rest to the supplier.
 * Narrower than its columns (a phone), the table scrolls sideways with the selection and
 * supplier columns pinned; no column is ever hidden.
 */
const SELECT_WIDTH = 42;
const SUPPLIER_MIN_WIDTH = 80;
const DATE_WIDTH = 92;
/** The rate order's chip: the rate (on two lines when it says more); its full sentence is the title. */
const RATE_ORDER_WIDTH = 72;

/**
 * The table's columns, dates with an abbreviated month so that they are never cut in either
 * language.
 * The table's layout is fixed, so a new page never moves a column.
 */
function useColumns(): Column[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const dateWidth = DATE_WIDTH;
    return [
      { field: 'sName', label: t('invoices.columns.supplier'), sortable: true },
      {
        field: 'dPurchaseDate',
        label: t('invoices.columns.purchaseDate'),
        width: dateWidth,
        sortable: true,
      },
      { field: 'dDueDate', label: t('invoices.columns.dueDate'), width: dateWidth, sortable: true },
      { field: 'sInvoice', label: t('invoices.columns.invoice'), width: 72, sortable: true },
      { field: 'sStatusId', label: t('invoices.columns.status'), width: 88, sortable: true },
      {
        field: 'rateOrder',
        label: t('invoices.rateOrder.column'),
        width: RATE_ORDER_WIDTH,
        sortable: false,
      },
      {
        field: 'dTotalAmount',
        label: t('invoices.columns.totalMxn'),
        width: 96,
        numeric: true,
        sortable: true,
      },
      {
        field: 'dRateProtection',
        label: t('invoices.columns.rateProtection'),
        width: 76,
        numeric: true,
        sortable: true,
      },
      {
        field: 'dProfitPercentage',
        label: t('invoices.columns.profitPercent'),
        width: 68,
        numeric: true,
        sortable: true,
      },
      {
        field: 'dCurrencyGain',
        label: t('invoices.columns.currencyGain'),
        width: 80,
        numeric: true,
        sortable: true,
      },
      { field: 'actions', label: t('finance.actions'), width: 76, sortable: false },
    ];
  }, [t]);
}

/**
 * The table's look, styled once for every cell: MUI's table cells and small chips, with the
 * DataGrid's cell padding (its column widths hold the same text) and its row heights.
 */
const tableStyles: SxProps<Theme> = (theme) => {
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

/** A gain in green, a loss in red: plain spans styled once by the table. */
function Signed({ value, text }: { value: number; text: string }) {
  return <span className={value >= 0 ? 'signed-gain' : 'signed-loss'}>{text}</span>;
}

/** Any request on the list: a context, so a reload re-renders the action cells, not the rows. */
const BusyContext = createContext(false);

interface RowTexts {
  select: string;
  edit: string;
  delete: string;
  /** Why the user cannot edit or delete (a VIEWER), shown on the disabled buttons. */
  blocked: string | undefined;
}

function InvoiceActions(props: {
  invoice: Invoice;
  texts: RowTexts;
  onEdit: (invoice: Invoice) => void;
  onDelete: (invoice: Invoice) => void;
}) {
  const busy = useContext(BusyContext);
  const { invoice, texts } = props;
  const disabled = busy || !isToPay(invoice) || texts.blocked !== undefined;
  // A `title` on a wrapper instead of a MUI Tooltip per button: 200 tooltips cost more to
  // mount than the rest of the row, and the wrapper shows its hint on a disabled button too.
  return (
    <div className="actions">
      <span title={texts.blocked ?? texts.edit}>
        <IconButton
          size="small"
          aria-label={`${texts.edit}: ${invoice.sInvoice}`}
          disabled={disabled}
          onClick={() => props.onEdit(invoice)}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </span>
      <span title={texts.blocked ?? texts.delete}>
        <IconButton
          size="small"
          color="error"
          aria-label={`${texts.delete}: ${invoice.sInvoice}`}
          disabled={disabled}
          onClick={() => props.onDelete(invoice)}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </span>
    </div>
  );
}

interface InvoiceRowProps {
  invoice: Invoice;
  index: number;
  selected: boolean;
  language: Language;
  statusName: string;
  texts: RowTexts;
  /** The rate order's chip, worked out by the table (it has the translations). */
  rateOrderChip: ReturnType<typeof rateOrderChip>;
  onSelect: (invoiceId: string | undefined) => void;
  onEdit: (invoice: Invoice) => void;
  onDelete: (invoice: Invoice) => void;
}

/**
 * One invoice. Memoized: a new selection re-renders two rows, a reload only the action
 * cells, and nothing else on the page (the countdown) re-renders any.
 */
const InvoiceRow = memo(function InvoiceRow(props: InvoiceRowProps) {
  const { invoice, selected, language, texts } = props;
  const selectable = isToPay(invoice);
  // Plain cells styled once by the table (see `tableStyles`): a MUI TableCell or Chip each
  // costs an emotion style pass, and a page has up to 1,100 cells.
  return (
    <TableRow hover selected={selected} data-rowindex={props.index}>
      <td className="cell select" data-field="select">
        <Checkbox
          size="small"
          checked={selected}
          disabled={!selectable}
          onChange={(event) =>
            props.onSelect(event.target.checked ? invoice.sInvoiceId : undefined)
          }
          slotProps={{ input: { 'aria-label': `${texts.select}: ${invoice.sInvoice}` } }}
        />
      </td>
      <td className="cell" data-field="sName" title={invoice.sName}>
        {invoice.sName}
      </td>
      <td
        className="cell"
        data-field="dPurchaseDate"
        title={formatDate(invoice.dPurchaseDate, language)}
      >
        {formatCompactDate(invoice.dPurchaseDate, language)}
      </td>
      <td className="cell" data-field="dDueDate" title={formatDate(invoice.dDueDate, language)}>
        {formatCompactDate(invoice.dDueDate, language)}
      </td>
      <td className="cell" data-field="sInvoice" title={invoice.sInvoice}>
        {invoice.sInvoice}
      </td>
      <td className="cell" data-field="sStatusId">
        <span className={selectable ? 'status status-to-pay' : 'status'}>{props.statusName}</span>
      </td>
      <td className="cell" data-field="rateOrder">
        {props.rateOrderChip && (
          <span
            className={`rate-order rate-order-${props.rateOrderChip.tone}`}
            title={props.rateOrderChip.title}
            data-testid="rate-order-chip"
          >
            <span aria-hidden>{props.rateOrderChip.text}</span>
            <Box component="span" sx={visuallyHidden}>
              {props.rateOrderChip.title}
            </Box>
          </span>
        )}
      </td>
      <td className="cell numeric" data-field="dTotalAmount">
        {formatMoney(invoice.dTotalAmount)}
      </td>
      <td className="cell numeric" data-field="dRateProtection">
        {formatRate(invoice.dRateProtection)}
      </td>
      <td className="cell numeric" data-field="dProfitPercentage">
        <Signed value={invoice.dProfitPercentage} text={formatPercent(invoice.dProfitPercentage)} />
      </td>
      <td className="cell numeric" data-field="dCurrencyGain">
        <Signed value={invoice.dCurrencyGain} text={formatMoney(invoice.dCurrencyGain)} />
      </td>
      <td className="cell" data-field="actions">
        <InvoiceActions
          invoice={invoice}
          texts={texts}
          onEdit={props.onEdit}
          onDelete={props.onDelete}
        />
      </td>
    </TableRow>
  );
});

/** The first load: skeleton cells in the overlay's height, as the DataGrid showed. */
function SkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <tr key={row} aria-hidden>
      {Array.from({ length: columns }, (_, column) => (
        <td key={column} className="cell skeleton">
          <Skeleton variant="text" />
        </td>
      ))}
    </tr>
  ));
}

/**
 * The invoices of the filter, one server page at a time, single selection by checkbox
 * (To pay rows only). Sorting is the server's too: a column orders every invoice of the
 * filter (ties newest first), and no sort is the API's order, newest first.
 *
 * A plain MUI table rather than the DataGrid: a page holds at most 100 rows, so it needs
 * none of the grid's virtualization, and mounting 25 rows costs a fraction of the grid's.
 */
export function InvoicesTable(props: InvoicesTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const statusName = useStatusName();
  const columns = useColumns();
  const { rows, loading, busy, sortModel, paginationModel, total } = props;
  const { onSelect, onEdit, onDelete, onSortModelChange, onPaginationModelChange } = props;

  const blocked = useWriteGuard();
  const texts = useMemo<RowTexts>(
    () => ({
      select: t('invoices.selectRow'),
      edit: t('invoices.editInvoice'),
      delete: t('invoices.deleteInvoice'),
      blocked,
    }),
    [t, blocked],
  );
  // "1–25 of 10,000": the counts with the language's digit grouping.
  // One chip object per row while the rows stay: the memoized rows do not re-render.
  const chips = useMemo(
    () => new Map(rows.map((row) => [row.sInvoiceId, rateOrderChip(row.rateOrder, language, t)])),
    [rows, language, t],
  );
  const counts = useMemo(() => new Intl.NumberFormat(localeOf(language)), [language]);
  const minWidth =
    SELECT_WIDTH +
    SUPPLIER_MIN_WIDTH +
    columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const allColumns = columns.length + 1;
  const lastPage = Math.max(0, Math.ceil((total ?? 0) / paginationModel.pageSize) - 1);

  return (
    <BusyContext.Provider value={busy}>
      <Box sx={tableStyles}>
        <TableContainer
          role="region"
          aria-label={t('invoices.toolbarTitle')}
          tabIndex={0}
          data-testid="invoices-table-scroller"
          sx={{
            borderTopLeftRadius: 'inherit',
            borderTopRightRadius: 'inherit',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          }}
        >
          <Table
            aria-label={t('invoices.toolbarTitle')}
            aria-busy={loading}
            sx={{ tableLayout: 'fixed', minWidth }}
          >
            <colgroup>
              <col style={{ width: SELECT_WIDTH }} />
              {columns.map((column) => (
                <col key={column.field} style={{ width: column.width }} />
              ))}
            </colgroup>
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
                          onClick={() =>
                            onSortModelChange(nextInvoiceSort(sortModel, column.field))
                          }
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
            <TableBody>
              {rows.map((invoice, index) => (
                <InvoiceRow
                  key={invoice.sInvoiceId}
                  invoice={invoice}
                  index={index}
                  selected={invoice.sInvoiceId === props.selectedId}
                  language={language}
                  statusName={statusName(invoice.sStatusId)}
                  texts={texts}
                  rateOrderChip={chips.get(invoice.sInvoiceId)}
                  onSelect={onSelect}
                  onEdit={onEdit}
                  onDelete={onDelete}
                />
              ))}
              {rows.length === 0 && loading && <SkeletonRows columns={allColumns} />}
              {rows.length === 0 && !loading && (
                <tr>
                  <td colSpan={allColumns} className="cell empty">
                    {t('invoices.noInvoices')}
                  </td>
                </tr>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {/* Over rows already shown (a new page, filter or sort), a thin bar under the header. */}
        {loading && rows.length > 0 && (
          <LinearProgress
            aria-label={t('common.loading')}
            sx={{
              position: 'absolute',
              top: GRID_SIZES.columnHeaderHeight,
              left: 0,
              right: 0,
              height: 2,
            }}
          />
        )}
        <TablePagination
          component="div"
          count={total ?? 0}
          page={Math.min(paginationModel.page, lastPage)}
          rowsPerPage={paginationModel.pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, page) => onPaginationModelChange({ ...paginationModel, page })}
          onRowsPerPageChange={(event) =>
            onPaginationModelChange({ page: 0, pageSize: Number(event.target.value) })
          }
          labelRowsPerPage={t('invoices.pagination.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('invoices.pagination.displayedRows', {
              from: counts.format(from),
              to: counts.format(to),
              total: counts.format(count),
            })
          }
          getItemAriaLabel={(type) => t(`invoices.pagination.${type}`)}
          sx={{
            borderTop: 1,
            borderColor: 'divider',
            '& .MuiTablePagination-toolbar': { minHeight: GRID_SIZES.footerHeight - 3, pl: 2 },
            // On a phone the footer keeps its buttons in view; the select keeps its label
            // for screen readers (aria-labelledby reads hidden text).
            '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
            '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
          }}
        />
      </Box>
    </BusyContext.Provider>
  );
}
