import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import type { Warehouse } from './api/warehouses';
import { useWarehouseMutations, useWarehouseQuery } from './api/warehouses';
import { DeleteWarehouseDialog } from './components/delete-warehouse-dialog';
import { WarehouseForm } from './components/warehouse-form';
import { EMPTY_WAREHOUSE, warehouseFormValues } from './warehouse-form';
import { useWriteGuard } from '../../lib/team-role';
import { WithReason } from '../../components/with-reason';

function BuyersOnly() {
  const { t } = useTranslation();
  return <Alert severity="info">{t('warehouses.buyersOnly')}</Alert>;
}

/** /warehouse/add */
export function AddWarehousePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isBuyer = useSession()?.user.sRole === 'customer';
  const { create } = useWarehouseMutations();
  return (
    <PageFrame title={t('warehouses.addTitle')}>
      {isBuyer ? (
        <WarehouseForm
          defaultValues={EMPTY_WAREHOUSE}
          busy={create.isPending}
          onSave={async (body) => {
            await create.mutateAsync(body);
            showSuccessToast(t('warehouses.form.created'));
            await navigate('/warehouse');
          }}
        />
      ) : (
        <BuyersOnly />
      )}
    </PageFrame>
  );
}

/** /warehouse/edit/{id}: the same form, filled, with Delete. */
export function EditWarehousePage() {
  const { t } = useTranslation();
  const isBuyer = useSession()?.user.sRole === 'customer';
  return (
    <PageFrame title={t('warehouses.editTitle')}>
      {isBuyer ? <EditWarehouse /> : <BuyersOnly />}
    </PageFrame>
  );
}

function EditWarehouse() {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const warehouse = useWarehouseQuery(id);
  const { update, remove } = useWarehouseMutations();
  const [toDelete, setToDelete] = useState<Warehouse>();

  if (warehouse.isPending) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }} role="status" aria-busy="true">
        {[0, 1, 2, 3, 4].map((item) => (
          <Skeleton key={item} variant="rounded" height={56} sx={{ my: 2 }} />
        ))}
      </Paper>
    );
  }
  if (warehouse.isError) {
    const missing = isApiError(warehouse.error) && warehouse.error.status === 404;
    return (
      <Alert
        severity={missing ? 'warning' : 'error'}
        action={
          missing ? (
            <Button color="inherit" size="small" component={RouterLink} to="/warehouse">
              {t('warehouses.backToList')}
            </Button>
          ) : (
            <Button color="inherit" size="small" onClick={() => void warehouse.refetch()}>
              {t('warehouses.retry')}
            </Button>
          )
        }
      >
        {missing ? t('warehouses.notFound') : t('warehouses.loadFailed')}
      </Alert>
    );
  }

  const current = warehouse.data;
  const confirmDelete = async (target: Warehouse) => {
    try {
      await remove.mutateAsync(target.sWarehouseId);
      showSuccessToast(t('warehouses.remove.done'));
      setToDelete(undefined);
      await navigate('/warehouse');
    } catch (error) {
      setToDelete(undefined);
      showErrorToast(error);
    }
  };

  return (
    <>
      <WarehouseForm
        key={current.sWarehouseId}
        defaultValues={warehouseFormValues(current)}
        busy={update.isPending || remove.isPending}
        onSave={async (body) => {
          await update.mutateAsync({ sWarehouseId: current.sWarehouseId, body });
          showSuccessToast(t('warehouses.form.updated'));
          await navigate('/warehouse');
        }}
        extraActions={
          <WithReason reason={writeBlocked}>
            <Button
              color="error"
              onClick={() => setToDelete(current)}
              disabled={update.isPending || remove.isPending}
            >
              {t('warehouses.delete')}
            </Button>
          </WithReason>
        }
      />
      <DeleteWarehouseDialog
        warehouse={toDelete}
        busy={remove.isPending}
        onCancel={() => setToDelete(undefined)}
        onConfirm={(target) => void confirmDelete(target)}
      />
    </>
  );
}
