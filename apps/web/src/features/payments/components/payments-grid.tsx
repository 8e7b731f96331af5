import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Payment, StatusCatalog } from '../../../lib/finance/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import {
  formatPercent,
  gainColor,
  paymentDay,
  paymentInvoices,
  transactionTypeKey,
} from '../payments-view';
import { PaymentStatusChip, TransactionTypeChip } from './payment-chips';

interface PaymentsGridProps {
  payments: Payment[];
  catalog: StatusCatalog | undefined;
  loading: boolean;
  /** The payment whose receipt is being fetched, if any. */
  openingReceiptOf: string | null;
  onViewReceipt: (payment: Payment) => void;
}

const money = (value: number) => formatMoney(value);

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

/** The 'Historial de egresos' table: client-side paging and sorting of up to 1,000 rows. */
export function PaymentsGrid(props: PaymentsGridProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { catalog, openingReceiptOf, onViewReceipt } = props;

  const columns = useMemo<GridColDef<Payment>[]>(
    () => [
      { field: 'iTrackingId', headerName: t('payments.columns.id'), width: 60, type: 'number' },
      {
        field: 'created_at',
        headerName: t('payments.columns.date'),
        width: 118,
        valueFormatter: (_value, row) => formatDate(paymentDay(row), language),
      },
      {
        field: 'recipient',
        headerName: t('payments.columns.recipient'),
        minWidth: 125,
        flex: 1,
        valueGetter: (_value, row) => row.payment_recipient.sName,
      },
      {
        field: 'invoice',
        headerName: t('payments.columns.invoice'),
        width: 88,
        valueGetter: (_value, row) => paymentInvoices(row) || t('finance.notAvailable'),
      },
      {
        field: 'sTransactionType',
        headerName: t('payments.columns.type'),
        width: 108,
        valueGetter: (_value, row) => {
          const key = transactionTypeKey(catalog, row.sTransactionType);
          return key ? t(`payments.types.${key}`) : '';
        },
        renderCell: ({ row }) => (
          <TransactionTypeChip type={transactionTypeKey(catalog, row.sTransactionType)} />
        ),
      },
      {
        field: 'dAmount',
        headerName: t('payments.columns.mxn'),
        type: 'number',
        width: 115,
        valueFormatter: money,
      },
      {
        field: 'dAmountUsd',
        headerName: t('payments.columns.usd'),
        type: 'number',
        width: 105,
        valueFormatter: money,
      },
      {
        field: 'dExchangeRate',
        headerName: t('payments.columns.rate'),
        type: 'number',
        width: 85,
        valueFormatter: money,
      },
      {
        field: 'dProfitPercentage',
        headerName: t('payments.columns.profit'),
        type: 'number',
        width: 90,
        renderCell: ({ row }) => (
          <Box component="span" sx={{ color: gainColor(row.dProfitPercentage), fontWeight: 600 }}>
            {formatPercent(row.dProfitPercentage)}
          </Box>
        ),
      },
      {
        field: 'dCurrencyGain',
        headerName: t('payments.columns.gain'),
        type: 'number',
        width: 98,
        renderCell: ({ row }) => (
          <Box component="span" sx={{ color: gainColor(row.dCurrencyGain), fontWeight: 600 }}>
            {formatMoney(row.dCurrencyGain)}
          </Box>
        ),
      },
      {
        field: 'sStatus',
        headerName: t('payments.columns.status'),
        width: 112,
        valueGetter: (_value, row) => t(`payments.statuses.${row.sStatus}`),
        renderCell: ({ row }) => <PaymentStatusChip status={row.sStatus} />,
      },
      {
        field: 'actions',
        headerName: t('finance.actions'),
        width: 92,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => {
          const busy = openingReceiptOf === row.sPaymentId;
          return (
            <Tooltip title={t('payments.receiptTooltip')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={t('payments.viewReceipt', { id: String(row.iTrackingId) })}
                  onClick={() => onViewReceipt(row)}
                  disabled={openingReceiptOf !== null}
                >
                  {busy ? <CircularProgress size={20} /> : <ReceiptIcon />}
                </IconButton>
              </span>
            </Tooltip>
          );
        },
      },
    ],
    [t, language, catalog, openingReceiptOf, onViewReceipt],
  );

  const localeText = useMemo(
    () => ({
      ...(language === 'sp' ? esES.components.MuiDataGrid.defaultProps.localeText : {}),
      noRowsLabel: t('payments.empty'),
    }),
    [language, t],
  );

  return (
    <DataGrid
      label={t('payments.tableLabel')}
      rows={props.payments}
      columns={columns}
      getRowId={(row) => row.sPaymentId}
      loading={props.loading}
      autoHeight
      disableVirtualization
      getRowHeight={() => 'auto'}
      columnHeaderHeight={60}
      disableRowSelectionOnClick
      pageSizeOptions={[10, 25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
      localeText={localeText}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={gridSx}
    />
  );
}
