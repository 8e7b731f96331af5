import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { OpsEnterprise } from '../api/operator';
import { useGridLocaleText, wrappingGridSx } from '../../../components/data-grid-defaults';

interface EnterprisesGridProps {
  enterprises: OpsEnterprise[];
  total: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  /** Shows 'Credit deposit' on buyers (the deposits tab). */
  onCredit?: (enterprise: OpsEnterprise) => void;
  /** Shows 'Simulated SPEI' on buyers (the deposits tab; the demo's local STP only). */
  onSimulateSpei?: (enterprise: OpsEnterprise) => void;
  /** Shows 'Verify' / 'Withdraw verification', each asking a reason (only the back office decides). */
  onToggleVerified?: (enterprise: OpsEnterprise) => void;
}

const KNOWN_TYPES = new Set(['customer', 'vendor', 'operator']);

/** One of the enterprise's balances, as money. */
function balanceColumn(
  field: keyof OpsEnterprise['balances'],
  headerName: string,
  width: number,
): GridColDef<OpsEnterprise> {
  return {
    field,
    headerName,
    type: 'number',
    width,
    valueGetter: (_value, row) => row.balances[field],
    valueFormatter: (value: number) => formatMoney(value),
  };
}

/** Enterprises by name, paged on the server (it sorts them; the grid does not re-sort a page). */
export function EnterprisesGrid(props: EnterprisesGridProps) {
  const { t } = useTranslation();
  const { onCredit, onSimulateSpei, onToggleVerified } = props;

  const columns = useMemo<GridColDef<OpsEnterprise>[]>(
    () => [
      { field: 'sName', headerName: t('operator.columns.name'), minWidth: 135, flex: 1 },
      {
        field: 'sType',
        headerName: t('operator.columns.type'),
        width: 95,
        valueFormatter: (value: string) =>
          KNOWN_TYPES.has(value)
            ? t(`operator.types.${value as 'customer' | 'vendor' | 'operator'}`)
            : value,
      },
      {
        field: 'bVerified',
        headerName: t('operator.columns.verified'),
        width: 100,
        renderCell: ({ row }) => (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            {row.bVerified ? (
              <CheckCircleIcon fontSize="small" sx={{ color: 'success.dark' }} aria-hidden />
            ) : (
              <RemoveCircleOutlineIcon fontSize="small" color="disabled" aria-hidden />
            )}
            {row.bVerified ? t('operator.yes') : t('operator.no')}
          </Box>
        ),
      },
      {
        field: 'sDepositReference',
        headerName: t('operator.columns.depositReference'),
        width: 115,
        valueFormatter: (value: string | null) => value ?? t('finance.notAvailable'),
      },
      balanceColumn('balanceUsd', t('operator.columns.usd'), 120),
      balanceColumn('balanceMxn', t('operator.columns.mxn'), 120),
      balanceColumn('blockedUsd', t('operator.columns.blockedUsd'), 110),
      {
        field: 'actions',
        headerName: t('finance.actions'),
        width: 172,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 0.5 }}>
            {onCredit && row.sType === 'customer' && (
              <Button
                size="small"
                variant="outlined"
                sx={{ whiteSpace: 'nowrap' }}
                onClick={() => onCredit(row)}
                aria-label={t('operator.creditDepositFor', { name: row.sName })}
              >
                {t('operator.creditDeposit')}
              </Button>
            )}
            {onSimulateSpei && row.sType === 'customer' && (
              <Button
                size="small"
                variant="text"
                sx={{ whiteSpace: 'nowrap' }}
                onClick={() => onSimulateSpei(row)}
                aria-label={t('operator.spei.buttonFor', { name: row.sName })}
              >
                {t('operator.spei.button')}
              </Button>
            )}
            {onToggleVerified && (
              <Button
                size="small"
                variant="text"
                sx={{ whiteSpace: 'nowrap' }}
                color={row.bVerified ? 'error' : 'primary'}
                onClick={() => onToggleVerified(row)}
                aria-label={t(
                  `operator.verification.${row.bVerified ? 'withdrawFor' : 'verifyFor'}`,
                  { name: row.sName },
                )}
              >
                {row.bVerified
                  ? t('operator.verification.withdraw')
                  : t('operator.verification.verify')}
              </Button>
            )}
          </Box>
        ),
      },
    ],
    [t, onCredit, onSimulateSpei, onToggleVerified],
  );

  const localeText = useGridLocaleText(t('operator.empty'));

  return (
    <DataGrid
      label={t('operator.tableLabel')}
      rows={props.enterprises}
      columns={columns}
      getRowId={(row) => row.sEnterpriseId}
      rowCount={props.total}
      paginationMode="server"
      paginationModel={props.paginationModel}
      onPaginationModelChange={props.onPaginationModelChange}
      pageSizeOptions={[10, 25, 50, 100]}
      loading={props.loading}
      autoHeight
      disableVirtualization
      getRowHeight={() => 'auto'}
      columnHeaderHeight={60}
      disableColumnSorting
      disableColumnFilter
      disableRowSelectionOnClick
      localeText={localeText}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={wrappingGridSx}
    />
  );
}
