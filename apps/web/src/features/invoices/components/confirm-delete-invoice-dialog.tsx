import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Invoice } from '../../../lib/finance/types';
import { useLastDefined } from './money-dialog';

interface ConfirmDeleteInvoiceDialogProps {
  invoice: Invoice | undefined;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (invoice: Invoice) => void;
}

/** '¿Estás seguro de que deseas eliminar la factura?' with Cerrar / Eliminar. */
export function ConfirmDeleteInvoiceDialog(props: ConfirmDeleteInvoiceDialogProps) {
  const { t } = useTranslation();
  const invoice = useLastDefined(props.invoice);
  return (
    <ConfirmDialog
      open={props.invoice !== undefined}
      title={t('invoices.remove.title')}
      confirmLabel={t('finance.delete')}
      cancelLabel={t('finance.close')}
      destructive
      busy={props.busy}
      onCancel={props.onCancel}
      onConfirm={() => props.invoice && props.onConfirm(props.invoice)}
    >
      <Typography sx={{ fontWeight: 600 }}>{invoice?.sInvoice}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('invoices.remove.text')}
      </Typography>
    </ConfirmDialog>
  );
}
