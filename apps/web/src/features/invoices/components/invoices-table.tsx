import { todayInTimeZone } from '@app/domain';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../lib/finance/types';
import { localeOf, useLanguage } from '../../../lib/i18n/i18n';
import { useWriteGuard } from '../../../lib/team-role';
import type { InvoiceTableSort } from '../invoice-sort';
import { rateOrderChip } from '../rate-order-view';
import { useStatusName } from '../use-status-name';
import { GRID_SIZES } from './grid-sizes';
import { InvoiceRow, SkeletonRows } from './invoice-row';
import type { RowTexts } from './invoice-row-actions';
import { BusyContext } from './invoice-row-busy';
import { SELECT_WIDTH, SUPPLIER_MIN_WIDTH, useColumns } from './invoices-table-columns';
import { InvoicesTableHeader } from './invoices-table-header';
import { tableStyles } from './invoices-table-styles';

const PAGE_SIZES = [10, 25, 50, 100];
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
  // Read once per render of the table, not per row: rows stay memoized.
  const today = todayInTimeZone(new Date());
  const { rows, loading, busy, sortModel, paginationModel, total } = props;
  const { onSelect, onEdit, onDelete, onSortModelChange, onPaginationModelChange } = props;

  const blocked = useWriteGuard();
  const texts = useMemo<RowTexts>(
    () => ({
      select: t('invoices.selectRow'),
      edit: t('invoices.editInvoice'),
      delete: t('invoices.deleteInvoice'),
      overdue: t('invoices.overdue'),
      blocked,
      supplierDeleted: t('invoices.supplierDeleted'),
      supplierDeletedWhy: t('invoices.supplierDeletedWhy'),
      complementDue: t('invoices.complementDue'),
      complementMismatch: t('invoices.complementMismatch'),
      cfdi: t('invoices.cfdiView.open'),
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
            <InvoicesTableHeader
              columns={columns}
              sortModel={sortModel}
              onSortModelChange={onSortModelChange}
            />
            <TableBody>
              {rows.map((invoice, index) => (
                <InvoiceRow
                  key={invoice.sInvoiceId}
                  invoice={invoice}
                  index={index}
                  selected={invoice.sInvoiceId === props.selectedId}
                  language={language}
                  statusName={statusName(invoice.sStatusId)}
                  today={today}
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
