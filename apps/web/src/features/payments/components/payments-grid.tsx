import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Payment, StatusCatalog } from '../../../lib/finance/types';
import { CompactDate } from '../../../components/compact-date';
import { compactGridSx, pinnedColumnsSx } from '../../../components/fit-columns';
import { FittedDataGrid } from '../../../components/fitted-data-grid';
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

/** Compact headers, and cells that wrap (rows grow to fit), so the table needs less width. */
const gridSx = {
  bgcolor: 'background.paper',
  ...compactGridSx,
  ...pinnedColumnsSx([{ field: 'recipient', left: 0 }]),
  '& .MuiDataGrid-cell': {
    py: 1,
    whiteSpace: 'normal',
    lineHeight: 1.35,
    display: 'flex',
    alignItems: 'center',
  },
  '& .MuiDataGrid-cell--textRight': { justifyContent: 'flex-end' },
  // Only the payee and its SPEI key may break anywhere; dates and amounts stay whole.
  '& .MuiDataGrid-cell[data-field="recipient"]': { overflowWrap: 'anywhere' },
} as const;

/** The 'Historial de egresos' table: client-side paging and sorting of up to 1,000 rows. */
/** Hidden first when the table is narrower than its columns; Actions never. */
const HIDE_ORDER = [
  'dProfitPercentage',
  'invoice',
  'dExchangeRate',
  'sTransactionType',
  'iTrackingId',
  'dAmountUsd',
];

export function PaymentsGrid(props: PaymentsGridProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { catalog, openingReceiptOf, onViewReceipt } = props;

  const columns = useMemo<GridColDef<Payment>[]>(
    () => [
      { field: 'iTrackingId', headerName: t('payments.columns.id'), width: 44, type: 'number' },
      {
        field: 'created_at',
        headerName: t('payments.columns.date'),
        // 'May 28, 2026' whole (the month abbreviated, as every table's dates).
        width: 92,
        valueFormatter: (_value, row) => formatDate(paymentDay(row), language),
        renderCell: ({ row }) => <CompactDate date={paymentDay(row)} language={language} />,
      },
      {
        field: 'recipient',
        headerName: t('payments.columns.recipient'),
        minWidth: 92,
        flex: 1,
        valueGetter: (_value, row) => row.payment_recipient.sName,
        // The SPEI tracking key under the payee: the table is already as wide as the page.
        renderCell: ({ row }) => (
          <Box>
            {row.payment_recipient.sName}
            <Box
              component="div"
              sx={{ fontFamily: 'monospace', fontSize: 11, color: 'text.secondary' }}
              title={t('payables.history.trackingKey')}
              data-testid="payment-tracking-key"
            >
              {row.sTrackingKey}
            </Box>
          </Box>
        ),
      },
      {
        field: 'invoice',
        headerName: t('payments.columns.invoice'),
        width: 60,
        valueGetter: (_value, row) => paymentInvoices(row) || t('finance.notAvailable'),
      },
      {
        field: 'sTransactionType',
        headerName: t('payments.columns.type'),
        width: 84,
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
        width: 96,
        valueFormatter: money,
      },
      {
        field: 'dAmountUsd',
        headerName: t('payments.columns.usd'),
        type: 'number',
        width: 86,
        valueFormatter: money,
      },
      {
        field: 'dExchangeRate',
        headerName: t('payments.columns.rate'),
        type: 'number',
        width: 66,
        valueFormatter: money,
      },
      {
        field: 'dProfitPercentage',
        headerName: t('payments.columns.profit'),
        type: 'number',
        width: 64,
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
        width: 78,
        renderCell: ({ row }) => (
          <Box component="span" sx={{ color: gainColor(row.dCurrencyGain), fontWeight: 600 }}>
            {formatMoney(row.dCurrencyGain)}
          </Box>
        ),
      },
      {
        field: 'sStatus',
        headerName: t('payments.columns.status'),
        width: 96,
        valueGetter: (_value, row) => t(`payments.statuses.${row.sStatus}`),
        renderCell: ({ row }) => (
          <Box>
            <PaymentStatusChip status={row.sStatus} />
            {row.sStatus === 'RETURNED' && row.sReturnReason && (
              <Box component="div" sx={{ fontSize: 12, color: 'error.main', mt: 0.5 }}>
                {t('payables.history.returned', { reason: row.sReturnReason })}
              </Box>
            )}
          </Box>
        ),
      },

      {
        field: 'actions',
        headerName: t('finance.actions'),
        width: 80,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => {
          const busy = openingReceiptOf === row.sPaymentId;
          return (
            <>
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
              <Tooltip title={t('payables.history.proof', { id: String(row.iTrackingId) })}>
                <IconButton
                  size="small"
                  component={RouterLink}
                  to={`/payments/${row.sPaymentId}/spei`}
                  aria-label={t('payables.history.proof', { id: String(row.iTrackingId) })}
                >
                  <VerifiedIcon />
                </IconButton>
              </Tooltip>
            </>
          );
        },
      },
    ],
    [t, language, catalog, openingReceiptOf, onViewReceipt],
  );

  return (
    <FittedDataGrid
      label={t('payments.tableLabel')}
      rows={props.payments}
      columns={columns}
      hideOrder={HIDE_ORDER}
      emptyText={t('payments.empty')}
      getRowId={(row) => row.sPaymentId}
      loading={props.loading}
      pageSizeOptions={[10, 25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
      sx={gridSx}
    />
  );
}
