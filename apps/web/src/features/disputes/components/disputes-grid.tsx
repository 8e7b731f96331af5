import Link from '@mui/material/Link';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { DisputeSummary } from '../api/disputes';
import { formatDay } from '../../../components/format-instant';
import type { DisputeTab } from '../dispute-tabs';
import { DISPUTE_PAGE_SIZES } from '../dispute-tabs';
import { DisputeStatusChip } from './dispute-status-chip';
import { useGridLocaleText, wrappingGridSx } from '../../../components/data-grid-defaults';

interface DisputesGridProps {
  vendor: boolean;
  tab: DisputeTab;
  disputes: DisputeSummary[];
  total: number;
  loading: boolean;
  pagination: GridPaginationModel;
  onPaginationChange: (model: GridPaginationModel) => void;
}

/** One tab of disputes, paged on the server; the dispute number opens it. */
export function DisputesGrid(props: DisputesGridProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { vendor, tab } = props;

  const columns = useMemo<GridColDef<DisputeSummary>[]>(
    () => [
      {
        field: 'iTrackingId',
        headerName: t('disputes.columns.tracking'),
        width: 95,
        sortable: false,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={`/dispute/${row.sDisputeId}`}
            aria-label={t('disputes.viewDispute', { id: String(row.iTrackingId) })}
            sx={{ fontWeight: 700 }}
          >
            #{row.iTrackingId}
          </Link>
        ),
      },
      {
        field: 'iOrderTrackingId',
        headerName: t('disputes.columns.order'),
        width: 95,
        sortable: false,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={`/order-detail/disputed/${row.sOrderId}`}
            aria-label={t('disputes.viewOrder', { id: String(row.iOrderTrackingId) })}
          >
            #{row.iOrderTrackingId}
          </Link>
        ),
      },
      {
        field: 'party',
        headerName: vendor ? t('disputes.columns.buyer') : t('disputes.columns.grower'),
        minWidth: 150,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => (vendor ? row.sBuyerName : row.sVendorName),
      },
      {
        field: 'sCategoryName',
        headerName: t('disputes.columns.category'),
        minWidth: 200,
        flex: 1.4,
        sortable: false,
        valueGetter: (_value, row) => `${row.sCategoryName} · ${row.sSubcategoryName}`,
      },
      {
        field: 'created_at',
        headerName: t('disputes.columns.created'),
        width: 160,
        sortable: false,
        valueFormatter: (value: string) => formatDay(value, language),
      },
      {
        field: 'sStatus',
        headerName: t('disputes.columns.status'),
        width: 120,
        sortable: false,
        valueGetter: (_value, row) => t(`disputes.statuses.${row.sStatus}`),
        renderCell: ({ row }) => <DisputeStatusChip status={row.sStatus} />,
      },
    ],
    [t, language, vendor],
  );

  const localeText = useGridLocaleText(t(`disputes.empty.${tab}`));

  return (
    <DataGrid
      label={t('disputes.tableLabel', { tab: t(`disputes.tabs.${tab}`) })}
      rows={props.disputes}
      columns={columns}
      getRowId={(row) => row.sDisputeId}
      loading={props.loading}
      rowCount={props.total}
      paginationMode="server"
      paginationModel={props.pagination}
      onPaginationModelChange={props.onPaginationChange}
      pageSizeOptions={DISPUTE_PAGE_SIZES}
      autoHeight
      disableVirtualization
      getRowHeight={() => 'auto'}
      columnHeaderHeight={56}
      disableRowSelectionOnClick
      disableColumnMenu
      localeText={localeText}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={wrappingGridSx}
    />
  );
}
