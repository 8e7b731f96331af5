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
} from '@mui/x-data-grid';
import { DataGrid, GRID_CHECKBOX_SELECTION_COL_DEF } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { formatPercent, formatRate, gainColor, isToPay } from '../invoice-math';
import { useStatusName } from '../use-status-name';

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
  /** Whether a page follows this one; the API does not count the filter's invoices. */
  hasNextPage: boolean;
  onEdit: (invoice: Invoice) => void;
  onDelete: (invoice: Invoice) => void;
}

function Signed({ value, text }: { value: number; text: string }) {
  return (
    <Box component="span" sx={{ color: gainColor(value), fontWeight: 600 }}>
      {text}
    </Box>
  );
}

/**
 * The invoices of the filter, one server page at a time, single selection by checkbox
 * (To pay rows only). Sorting orders the rows of the page shown: the API lists newest first.
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
        sortable: false,
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
        renderCell: ({ row }) => {
          const disabled = busy || !isToPay(row);
          return (
            <Box sx={{ display: 'flex', gap: 0.5 }}>
              <Tooltip title={t('invoices.editInvoice')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={`${t('invoices.editInvoice')}: ${row.sInvoice}`}
                    disabled={disabled}
                    onClick={() => onEdit(row)}
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
                    aria-label={`${t('invoices.deleteInvoice')}: ${row.sInvoice}`}
                    disabled={disabled}
                    onClick={() => onDelete(row)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Box>
          );
        },
      },
    ],
    [t, language, statusName, busy, onEdit, onDelete],
  );

  const selectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(props.selectedId ? [props.selectedId] : []) }),
    [props.selectedId],
  );

  const { page, pageSize } = props.paginationModel;
  const rowCount = props.hasNextPage ? -1 : page * pageSize + props.rows.length;

  return (
    <DataGrid
      rows={props.rows}
      columns={columns}
      getRowId={(row) => row.sInvoiceId}
      loading={props.loading}
      autoHeight
      // A page holds at most 100 rows: render every cell, so the actions column and every
      // row are in the DOM for keyboards and screen readers, even when scrolled sideways.
      disableVirtualization
      columnHeaderHeight={72}
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
      rowCount={rowCount}
      paginationMeta={{ hasNextPage: props.hasNextPage }}
      localeText={language === 'sp' ? SPANISH_GRID_TEXT : undefined}
      slots={{ noRowsOverlay: () => <EmptyState text={t('invoices.noInvoices')} /> }}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={{
        bgcolor: 'background.paper',
        '--DataGrid-overlayHeight': '240px',
        '& .MuiDataGrid-columnHeaderTitle': {
          whiteSpace: 'normal',
          lineHeight: 1.25,
          fontWeight: 600,
        },
      }}
    />
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 3 }}>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
