import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { formatInstant } from '../../../components/format-instant';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridLocaleText } from '@mui/x-data-grid';
import { useWriteGuard } from '../../../lib/team-role';
import { DataGrid } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pinnedColumnsSx, useFittedColumns } from '../../../components/fit-columns';
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
  /** Payment complements due by supplier id (payments of PPD invoices without one). */
  complementsDue: Map<string, { count: number; amount: number }>;
  onEdit: (supplier: PaymentRecipient) => void;
  onDelete: (supplier: PaymentRecipient) => void;
}

/** Hidden first when the table is narrower than its columns; Actions never. */
const HIDE_ORDER = ['sTaxId', 'sBankName', 'sEmail'];

/** Name, e-mail, bank, CLABE, RFC and a visible edit and delete button per row. */
export function SuppliersTable({
  rows,
  loading,
  emptyText,
  busy,
  complementsDue,
  onEdit,
  onDelete,
}: SuppliersTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const blocked = useWriteGuard();

  const columns = useMemo<GridColDef<PaymentRecipient>[]>(
    () => [
      {
        field: 'sName',
        headerName: t('suppliers.columns.name'),
        flex: 1.3,
        minWidth: 170,
        renderCell: ({ row }) => {
          const due = complementsDue.get(row.sPaymentRecipientId);
          return (
            <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
              <div>{row.sName}</div>
              {due && due.count > 0 && (
                <Link
                  component={RouterLink}
                  to="/invoices?status=complement"
                  variant="caption"
                  data-testid="supplier-complements-due"
                >
                  {t('suppliers.complementsDue', {
                    count: due.count,
                    amount: formatMoney(due.amount),
                  })}
                </Link>
              )}
            </Box>
          );
        },
      },
      { field: 'sEmail', headerName: t('suppliers.columns.email'), flex: 1.2, minWidth: 170 },
      { field: 'sBankName', headerName: t('suppliers.columns.bankName'), flex: 1, minWidth: 120 },
      {
        field: 'sAccountNumber',
        headerName: t('suppliers.columns.clabe'),
        // 18 digits in tabular figures.
        minWidth: 170,
        flex: 1,
        cellClassName: 'tabular',
        // After a CLABE change, payments wait out the cooling-off: say until when.
        renderCell: ({ row }) =>
          row.dPaymentsHeldUntil && new Date(row.dPaymentsHeldUntil) > new Date() ? (
            <Tooltip
              title={t('team.heldUntil', {
                time: formatInstant(row.dPaymentsHeldUntil, language),
              })}
            >
              <span data-testid="supplier-held">{`${row.sAccountNumber} ⏸`}</span>
            </Tooltip>
          ) : (
            row.sAccountNumber
          ),
      },
      { field: 'sTaxId', headerName: t('suppliers.columns.taxId'), minWidth: 130 },
      {
        field: 'actions',
        headerName: t('finance.actions'),
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        width: 112,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Tooltip title={blocked ?? t('suppliers.editSupplier')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={`${t('suppliers.editSupplier')}: ${row.sName}`}
                  onClick={() => onEdit(row)}
                  disabled={busy || blocked !== undefined}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={blocked ?? t('suppliers.deleteSupplier')}>
              <span>
                <IconButton
                  size="small"
                  color="error"
                  aria-label={`${t('suppliers.deleteSupplier')}: ${row.sName}`}
                  onClick={() => onDelete(row)}
                  disabled={busy || blocked !== undefined}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        ),
      },
    ],
    [t, busy, onEdit, onDelete, blocked, language, complementsDue],
  );

  const { ref, columnVisibilityModel, onColumnVisibilityModelChange } = useFittedColumns(
    columns,
    HIDE_ORDER,
  );
  return (
    <Box ref={ref} sx={{ width: '100%', minWidth: 0 }}>
      <DataGrid
        rows={rows}
        columns={columns}
        columnVisibilityModel={columnVisibilityModel}
        onColumnVisibilityModelChange={onColumnVisibilityModelChange}
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
          ...pinnedColumnsSx([{ field: 'sName', left: 0 }]),
        }}
      />
    </Box>
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 3 }}>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
