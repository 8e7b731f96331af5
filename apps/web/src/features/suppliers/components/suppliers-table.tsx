import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridLocaleText } from '@mui/x-data-grid';
import { DataGrid } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentRecipient } from '../../../lib/finance/types';
import { useLanguage } from '../../../lib/i18n/i18n';

const SPANISH_GRID_TEXT: Partial<GridLocaleText> =
  esES.components.MuiDataGrid.defaultProps.localeText;

interface SuppliersTableProps {
  rows: PaymentRecipient[];
  loading: boolean;
  /** The text of the empty table: no suppliers at all, or none matching the search. */
  emptyText: string;
  busy: boolean;
  onEdit: (supplier: PaymentRecipient) => void;
  onDelete: (supplier: PaymentRecipient) => void;
}

/** Name, e-mail, bank, CLABE, RFC and a visible edit and delete button per row. */
export function SuppliersTable({
  rows,
  loading,
  emptyText,
  busy,
  onEdit,
  onDelete,
}: SuppliersTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();

  const columns = useMemo<GridColDef<PaymentRecipient>[]>(
    () => [
      { field: 'sName', headerName: t('suppliers.columns.name'), flex: 1.3, minWidth: 200 },
      { field: 'sEmail', headerName: t('suppliers.columns.email'), flex: 1.2, minWidth: 200 },
      { field: 'sBankName', headerName: t('suppliers.columns.bankName'), flex: 1, minWidth: 140 },
      {
        field: 'sAccountNumber',
        headerName: t('suppliers.columns.clabe'),
        minWidth: 190,
        flex: 1,
        cellClassName: 'tabular',
      },
      { field: 'sTaxId', headerName: t('suppliers.columns.taxId'), minWidth: 140 },
      {
        field: 'actions',
        headerName: t('finance.actions'),
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        width: 112,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Tooltip title={t('suppliers.editSupplier')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={`${t('suppliers.editSupplier')}: ${row.sName}`}
                  onClick={() => onEdit(row)}
                  disabled={busy}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('suppliers.deleteSupplier')}>
              <span>
                <IconButton
                  size="small"
                  color="error"
                  aria-label={`${t('suppliers.deleteSupplier')}: ${row.sName}`}
                  onClick={() => onDelete(row)}
                  disabled={busy}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        ),
      },
    ],
    [t, busy, onEdit, onDelete],
  );

  return (
    <DataGrid
      rows={rows}
      columns={columns}
      getRowId={(row) => row.sPaymentRecipientId}
      loading={loading}
      disableRowSelectionOnClick
      autoHeight
      // At most 100 rows a page: every cell stays in the DOM for keyboards and screen readers.
      disableVirtualization
      initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
      pageSizeOptions={[10, 25, 50, 100]}
      localeText={language === 'sp' ? SPANISH_GRID_TEXT : undefined}
      slots={{ noRowsOverlay: () => <EmptyState text={emptyText} /> }}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={{
        bgcolor: 'background.paper',
        '--DataGrid-overlayHeight': '240px',
        '& .tabular': { fontVariantNumeric: 'tabular-nums' },
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
