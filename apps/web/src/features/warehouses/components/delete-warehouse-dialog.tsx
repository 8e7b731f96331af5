import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Warehouse } from '../api/warehouses';

interface DeleteWarehouseDialogProps {
  warehouse: Warehouse | undefined;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (warehouse: Warehouse) => void;
}

/** The persistent confirmation before a warehouse is deleted. */
export function DeleteWarehouseDialog(props: DeleteWarehouseDialogProps) {
  const { t } = useTranslation();
  const { warehouse } = props;
  return (
    <ConfirmDialog
      open={warehouse !== undefined}
      title={t('warehouses.remove.title')}
      confirmLabel={t('warehouses.remove.confirm')}
      cancelLabel={t('warehouses.remove.cancel')}
      destructive
      busy={props.busy}
      onCancel={props.onCancel}
      onConfirm={() => {
        if (warehouse) props.onConfirm(warehouse);
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{warehouse?.sName}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('warehouses.remove.text')}
      </Typography>
    </ConfirmDialog>
  );
}
