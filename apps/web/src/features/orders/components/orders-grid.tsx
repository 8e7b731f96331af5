import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { OrderSide, OrderSummary } from '../api/orders';
import { formatDay } from '../../../components/format-instant';
import type { OrderTab } from '../order-tabs';
import { ORDER_PAGE_SIZES } from '../order-tabs';
import { DisputedChip, OrderStatusChip, PaymentStatusChip } from './order-chips';
import { useGridLocaleText, wrappingGridSx } from '../../../components/data-grid-defaults';

/** Columns whose values the grower's list never carries: they are the buyer's money. */
const BUYER_ONLY_COLUMNS = ['dFinalPrice', 'sPaymentMethod'];

interface OrdersGridProps {
  side: OrderSide;
  tab: OrderTab;
  orders: OrderSummary[];
  total: number;
  loading: boolean;
  pagination: GridPaginationModel;
  onPaginationChange: (model: GridPaginationModel) => void;
}

/** One tab of orders, paged on the server; the order number opens its detail. */
export function OrdersGrid(props: OrdersGridProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { side, tab } = props;

  const columns = useMemo<GridColDef<OrderSummary>[]>(() => {
    const all: GridColDef<OrderSummary>[] = [
      {
        field: 'iTrackingId',
        headerName: t('orders.columns.tracking'),
        width: 90,
        sortable: false,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={`/order-detail/${tab}/${row.sOrderId}`}
            aria-label={t('orders.viewOrder', { id: String(row.iTrackingId) })}
            sx={{ fontWeight: 700 }}
          >
            #{row.iTrackingId}
          </Link>
        ),
      },
      {
        field: 'created_at',
        headerName: t('orders.columns.date'),
        width: 150,
        sortable: false,
        valueFormatter: (value: string) => formatDay(value, language),
      },
      {
        field: 'party',
        headerName: side === 'vendor' ? t('orders.columns.buyer') : t('orders.columns.grower'),
        minWidth: 150,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => (side === 'vendor' ? row.sBuyerName : row.sVendorName),
      },
      {
        field: 'sStatus',
        headerName: t('orders.columns.status'),
        width: 150,
        sortable: false,
        valueGetter: (_value, row) => t(`orders.statuses.${row.sStatus}`),
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            <OrderStatusChip status={row.sStatus} />
            {row.sDisputeStatus === 'IN_PROCESS' && <DisputedChip />}
          </Box>
        ),
      },
      // The grower's totals column is its own money (goods, or its payout once released);
      // the buyer's total and final price carry the buyer's fees.
      {
        field: side === 'vendor' ? 'dGrowerUsd' : 'dTotal',
        headerName:
          side === 'vendor' ? t('orders.columns.growerAmount') : t('orders.columns.total'),
        type: 'number',
        width: 115,
        sortable: false,
        valueFormatter: (value: number | null) =>
          value === null ? t('orders.notAvailable') : formatMoney(value),
      },
      {
        field: 'dFinalPrice',
        headerName: t('orders.columns.finalPrice'),
        type: 'number',
        width: 115,
        sortable: false,
        valueFormatter: (value: number | null) =>
          value === null ? t('orders.notAvailable') : formatMoney(value),
      },
      {
        field: 'iPallets',
        headerName: t('orders.columns.pallets'),
        type: 'number',
        width: 80,
        sortable: false,
      },
      {
        field: 'iTransports',
        headerName: t('orders.columns.trucks'),
        type: 'number',
        width: 85,
        sortable: false,
      },
      {
        field: 'sPaymentMethod',
        headerName: t('orders.columns.paymentMethod'),
        width: 150,
        sortable: false,
        valueGetter: (_value, row) =>
          row.sPaymentMethod === null
            ? t('orders.notAvailable')
            : t(`orders.paymentMethods.${row.sPaymentMethod}`),
      },
      {
        field: 'sPaymentStatus',
        headerName: t('orders.columns.paymentStatus'),
        width: 100,
        sortable: false,
        valueGetter: (_value, row) => t(`orders.paymentStatuses.${row.sPaymentStatus}`),
        renderCell: ({ row }) => <PaymentStatusChip status={row.sPaymentStatus} />,
      },
    ];
    return all.filter((column) => side === 'buyer' || !BUYER_ONLY_COLUMNS.includes(column.field));
  }, [t, language, side, tab]);

  const localeText = useGridLocaleText(t(`orders.empty.${tab}`));

  return (
    <DataGrid
      label={t('orders.tableLabel', { tab: t(`orders.tabs.${tab}`) })}
      rows={props.orders}
      columns={columns}
      getRowId={(row) => row.sOrderId}
      loading={props.loading}
      rowCount={props.total}
      paginationMode="server"
      paginationModel={props.pagination}
      onPaginationModelChange={props.onPaginationChange}
      pageSizeOptions={ORDER_PAGE_SIZES}
      autoHeight
      disableVirtualization
      getRowHeight={() => 'auto'}
      columnHeaderHeight={60}
      disableRowSelectionOnClick
      disableColumnMenu
      localeText={localeText}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={wrappingGridSx}
    />
  );
}
