import AddIcon from '@mui/icons-material/Add';
import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../components/list-pagination';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { useSession } from '../../lib/session-store';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import type { Warehouse } from './api/warehouses';
import { WAREHOUSES_PAGE_SIZE, useWarehouseMutations, useWarehousesQuery } from './api/warehouses';
import { DeleteWarehouseDialog } from './components/delete-warehouse-dialog';
import { WarehouseCard } from './components/warehouse-card';
import { LoadError } from '../../components/load-error';
import { WithReason } from '../../components/with-reason';
import { useWriteGuard } from '../../lib/team-role';
import { CardGrid, CardGridLoading } from '../../components/card-grid';

function AddWarehouseButton() {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  return (
    <WithReason reason={writeBlocked}>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        component={RouterLink}
        to="/warehouse/add"
      >
        {t('warehouses.add')}
      </Button>
    </WithReason>
  );
}

/** /warehouse: the buyer's delivery warehouses as cards. */
export function WarehousesPage() {
  const { t } = useTranslation();
  const isBuyer = useSession()?.user.sRole === 'customer';
  const [page, setPage] = useState(1);
  const warehouses = useWarehousesQuery(page, isBuyer);
  const { remove } = useWarehouseMutations();
  const [toDelete, setToDelete] = useState<Warehouse>();

  const confirmDelete = async (warehouse: Warehouse) => {
    try {
      await remove.mutateAsync(warehouse.sWarehouseId);
      showSuccessToast(t('warehouses.remove.done'));
    } catch (error) {
      showErrorToast(error);
    } finally {
      setToDelete(undefined);
    }
  };

  const total = warehouses.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / WAREHOUSES_PAGE_SIZE));
  const rows = warehouses.data?.warehouses ?? [];
  // Deleting the last card of a later page leaves that page empty: show the one before.
  if (page > pages && !warehouses.isFetching) setPage(pages);

  let content;
  if (!isBuyer) {
    content = <Alert severity="info">{t('warehouses.buyersOnly')}</Alert>;
  } else if (warehouses.isPending) {
    content = <CardGridLoading height={260} label={t('common.loading')} />;
  } else if (warehouses.isError) {
    content = (
      <LoadError
        message={t('warehouses.loadFailed')}
        retryLabel={t('warehouses.retry')}
        onRetry={() => void warehouses.refetch()}
      />
    );
  } else if (rows.length === 0) {
    content = (
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, sm: 5 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 2,
        }}
      >
        <WarehouseOutlinedIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
        <Typography>{t('warehouses.empty')}</Typography>
        <AddWarehouseButton />
      </Paper>
    );
  } else {
    content = (
      <CardGrid maxColumns={3}>
        {rows.map((warehouse) => (
          <WarehouseCard
            key={warehouse.sWarehouseId}
            warehouse={warehouse}
            busy={remove.isPending}
            onDelete={() => setToDelete(warehouse)}
          />
        ))}
      </CardGrid>
    );
  }

  return (
    <PageFrame
      title={t('warehouses.title')}
      subtitle={t('warehouses.subtitle')}
      actions={isBuyer && rows.length > 0 ? <AddWarehouseButton /> : undefined}
    >
      {content}
      <ListPagination label={t('warehouses.pages')} page={page} count={pages} onChange={setPage} />
      <DeleteWarehouseDialog
        warehouse={toDelete}
        busy={remove.isPending}
        onCancel={() => setToDelete(undefined)}
        onConfirm={(warehouse) => void confirmDelete(warehouse)}
      />
    </PageFrame>
  );
}
