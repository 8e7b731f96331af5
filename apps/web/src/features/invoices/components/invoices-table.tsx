import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type {
  GridColDef,
  GridLocaleText,
  GridPaginationModel,
  GridRowSelectionModel,
  GridSortModel,
} from '@mui/x-data-grid';
import { DataGrid, GRID_CHECKBOX_SELECTION_COL_DEF } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { formatPercent, formatRate, gainColor, isToPay } from '../invoice-math';
import { useStatusName } from '../use-status-name';
import { GRID_SIZES } from './grid-sizes';

const SPANISH_GRID_TEXT: Partial<GridLocaleText> =
  esES.components.MuiDataGrid.defaultProps.localeText;

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

interface InvoicesTableProps {
  rows: Invoice[];
  /** The first load, or a new filter or page: skeleton rows. */
  loading: boolean;
  /** Any request on the list, including the 59 s reload: edit and delete wait for it. */
  busy: boolean;
  selectedId: string | undefined;
  onSelect: (invoiceId: string | undefined) => void;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  /** The sort asked of the API (one column at most); a change shows the first page. */
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  /** How many invoices the filter holds, all pages; undefined until the first answer. */
  total: number | undefined;
  onEdit: (invoice: Invoice) => void;
  onDelete: (invoice: Invoice) => void;
}

/** A gain in green, a loss in red: plain spans styled once by the grid (100 rows, 2 each). */
function Signed({ value, text }: { value: number; text: string }) {
  return <span className={value >= 0 ? 'signed-gain' : 'signed-loss'}>{text}</span>;
}

/** Any request on the list: a context, so a reload re-renders the action cells, not the grid. */
const BusyContext = createContext(false);

function InvoiceActions(props: {
  invoice: Invoice;
  onEdit: (invoice: Invoice) => void;
  onDelete: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const busy = useContext(BusyContext);
  const { invoice } = props;
  const disabled = busy || !isToPay(invoice);
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <Tooltip title={t('invoices.editInvoice')}>
        <span>
          <IconButton
            size="small"
            aria-label={`${t('invoices.editInvoice')}: ${invoice.sInvoice}`}
            disabled={disabled}
            onClick={() => props.onEdit(invoice)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('invoices.deleteInvoice')}>
        <span>
          <IconButton
            size="small"
            color="error"
            aria-label={`${t('invoices.deleteInvoice')}: ${invoice.sInvoice}`}
            disabled={disabled}
            onClick={() => props.onDelete(invoice)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

/**
 * The invoices of the filter, one server page at a time, single selection by checkbox
 * (To pay rows only). Sorting is the server's too: a column orders every invoice of the
 * filter (ties newest first), and no sort is the API's order, newest first.
 */
export function InvoicesTable(props: InvoicesTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const statusName = useStatusName();
  const { busy, onEdit, onDelete } = props;

  const columns = useMemo<GridColDef<Invoice>[]>(
    () => [
      {
        ...GRID_CHECKBOX_SELECTION_COL_DEF,
        renderHeader: () => <Box sx={visuallyHidden}>{t('invoices.selectRow')}</Box>,
      },
      { field: 'sName', headerName: t('invoices.columns.supplier'), flex: 1, minWidth: 150 },
      {
        field: 'dPurchaseDate',
        headerName: t('invoices.columns.purchaseDate'),
        minWidth: language === 'sp' ? 190 : 140,
        valueFormatter: (value: string) => formatDate(value, language),
      },
      {
        field: 'dDueDate',
        headerName: t('invoices.columns.dueDate'),
        minWidth: language === 'sp' ? 190 : 140,
        valueFormatter: (value: string) => formatDate(value, language),
      },
      { field: 'sInvoice', headerName: t('invoices.columns.invoice'), minWidth: 100 },
      {
        field: 'sStatusId',
        headerName: t('invoices.columns.status'),
        minWidth: 105,
        valueGetter: (value: string) => statusName(value),
        renderCell: ({ row, value }) => (
          <Chip
            size="small"
            label={String(value)}
            color={isToPay(row) ? 'primary' : 'default'}
            variant={isToPay(row) ? 'filled' : 'outlined'}
          />
        ),
      },
      {
        field: 'dTotalAmount',
        headerName: t('invoices.columns.totalMxn'),
        type: 'number',
        minWidth: 120,
        valueFormatter: (value: number) => formatMoney(value),
      },
      {
        field: 'dRateProtection',
        headerName: t('invoices.columns.rateProtection'),
        type: 'number',
        minWidth: 135,
        valueFormatter: (value: number) => formatRate(value),
      },
      {
        field: 'dProfitPercentage',
        headerName: t('invoices.columns.profitPercent'),
        type: 'number',
        minWidth: 115,
        renderCell: ({ row }) => (
          <Signed value={row.dProfitPercentage} text={formatPercent(row.dProfitPercentage)} />
        ),
      },
      {
        field: 'dCurrencyGain',
        headerName: t('invoices.columns.currencyGain'),
        type: 'number',
        minWidth: 120,
        renderCell: ({ row }) => (
          <Signed value={row.dCurrencyGain} text={formatMoney(row.dCurrencyGain)} />
        ),
      },
      {
        field: 'actions',
        headerName: t('finance.actions'),
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        width: 96,
        renderCell: ({ row }) => (
          <InvoiceActions invoice={row} onEdit={onEdit} onDelete={onDelete} />
        ),
      },
    ],
    [t, language, statusName, onEdit, onDelete],
  );

  const selectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(props.selectedId ? [props.selectedId] : []) }),
    [props.selectedId],
  );

  return (
    <BusyContext.Provider value={busy}>
      <DataGrid
        rows={props.rows}
        columns={columns}
        getRowId={(row) => row.sInvoiceId}
        loading={props.loading}
        autoHeight
        // A page holds at most 100 rows: render every cell, so the actions column and every
        // row are in the DOM for keyboards and screen readers, even when scrolled sideways.
        disableVirtualization
        columnHeaderHeight={GRID_SIZES.columnHeaderHeight}
        rowHeight={GRID_SIZES.rowHeight}
        checkboxSelection
        disableMultipleRowSelection
        disableRowSelectionOnClick
        isRowSelectable={({ row }) => isToPay(row)}
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={(model) => {
          const [first] = model.type === 'include' ? [...model.ids] : [];
          props.onSelect(first === undefined ? undefined : String(first));
        }}
        paginationMode="server"
        paginationModel={props.paginationModel}
        onPaginationModelChange={props.onPaginationModelChange}
        pageSizeOptions={PAGE_SIZES}
        rowCount={props.total ?? 0}
        sortingMode="server"
        sortModel={props.sortModel}
        onSortModelChange={props.onSortModelChange}
        localeText={language === 'sp' ? SPANISH_GRID_TEXT : undefined}
        slots={{ noRowsOverlay: () => <EmptyState text={t('invoices.noInvoices')} /> }}
        // Skeleton rows for the first load; over rows already shown (a new page, filter or
        // sort) a thin progress bar, which costs nothing next to 25 rows of skeleton cells.
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        sx={{
          bgcolor: 'background.paper',
          '--DataGrid-overlayHeight': `${GRID_SIZES.overlayHeight}px`,
          '& .MuiDataGrid-columnHeaderTitle': {
            whiteSpace: 'normal',
            lineHeight: 1.25,
            fontWeight: 600,
          },
          '& .signed-gain': { color: gainColor(0), fontWeight: 600 },
          '& .signed-loss': { color: gainColor(-1), fontWeight: 600 },
        }}
      />
    </BusyContext.Provider>
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 3 }}>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
