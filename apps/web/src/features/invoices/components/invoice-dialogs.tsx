import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DialogLoading } from '../../../components/dialog-loading';
import { isHeldForApproval } from '../../../lib/api/held-for-approval';
import type { Invoice, PaymentRecipient } from '../../../lib/finance/types';
import { showSuccessToast } from '../../../lib/toast';
import {
  loadBatchPay,
  loadCfdiImport,
  loadConversionType,
  loadForex,
  loadForward,
  loadInvoiceForm,
  loadPayInvoice,
  loadRateOrder,
  type DialogState,
} from './invoice-dialog-loaders';
import type { SpotQuote } from './money-dialog';

const InvoiceFormDialog = lazy(async () => ({
  default: (await loadInvoiceForm()).InvoiceFormDialog,
}));
const CfdiImportDialog = lazy(async () => ({ default: (await loadCfdiImport()).CfdiImportDialog }));
const BatchPayInvoicesDialog = lazy(async () => ({
  default: (await loadBatchPay()).BatchPayInvoicesDialog,
}));
const PayInvoiceDialog = lazy(async () => ({ default: (await loadPayInvoice()).PayInvoiceDialog }));
const ConversionTypeDialog = lazy(async () => ({
  default: (await loadConversionType()).ConversionTypeDialog,
}));
const ForexDialog = lazy(async () => ({ default: (await loadForex()).ForexDialog }));
const ForwardDialog = lazy(async () => ({ default: (await loadForward()).ForwardDialog }));
const RateOrderDialog = lazy(async () => ({ default: (await loadRateOrder()).RateOrderDialog }));
const ConfirmDeleteInvoiceDialog = lazy(async () => ({
  default: (await import('./confirm-delete-invoice-dialog')).ConfirmDeleteInvoiceDialog,
}));

/**
 * The invoices page's open dialog: pay, convert (the chooser, then forex or forward), a rate
 * order, add or edit, CFDI import, batch pay, delete. Each closes through the page's
 * callbacks, which reload the list.
 */
export function InvoiceDialogs({
  dialog,
  setDialog,
  quote,
  suppliers,
  cancel,
  done,
  failed,
  reload,
  clearSelection,
  deleting,
  confirmDelete,
}: {
  dialog: DialogState;
  setDialog: (dialog: DialogState | undefined) => void;
  quote: SpotQuote;
  suppliers: PaymentRecipient[];
  cancel: () => void;
  done: (message: string) => void;
  failed: (error: unknown) => void;
  reload: () => void;
  clearSelection: () => void;
  deleting: boolean;
  confirmDelete: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const moneyProps = { quote, onCancel: cancel, onDone: done, onFailed: failed };
  return (
    <Suspense fallback={<DialogLoading />}>
      {dialog.kind === 'pay' && <PayInvoiceDialog invoice={dialog.invoice} {...moneyProps} />}
      {dialog.kind === 'chooser' && (
        <ConversionTypeDialog
          open
          onCancel={cancel}
          onContinue={(choice) => setDialog({ kind: choice, invoice: dialog.invoice })}
        />
      )}
      {dialog.kind === 'forex' && <ForexDialog invoice={dialog.invoice} {...moneyProps} />}
      {dialog.kind === 'forward' && <ForwardDialog invoice={dialog.invoice} {...moneyProps} />}
      {dialog.kind === 'rateOrder' && (
        <RateOrderDialog
          invoice={dialog.invoice}
          marketRate={quote.rate}
          onCancel={cancel}
          onDone={done}
          onFailed={failed}
        />
      )}
      {(dialog.kind === 'create' || dialog.kind === 'edit') && (
        <InvoiceFormDialog
          target={dialog.kind === 'create' ? 'create' : dialog.invoice}
          suppliers={suppliers}
          onCancel={cancel}
          onSaved={() => {
            setDialog(undefined);
            clearSelection();
            reload();
          }}
        />
      )}
      {dialog.kind === 'cfdi' && (
        <CfdiImportDialog
          open
          onClose={cancel}
          onImported={() => {
            setDialog(undefined);
            reload();
          }}
        />
      )}
      {dialog.kind === 'batch' && (
        <BatchPayInvoicesDialog
          open
          quote={quote}
          onCancel={cancel}
          onFailed={failed}
          onPaid={(answer) => {
            setDialog(undefined);
            reload();
            if (isHeldForApproval(answer)) {
              showSuccessToast(t('team.heldForApproval'));
              return;
            }
            const { batch } = answer;
            const sent = batch.items.filter((item) => item.sStatus === 'SENT').length;
            showSuccessToast(
              t('payables.batch.done', { sent: String(sent), count: batch.items.length }),
            );
            void navigate(`/payments/batches/${batch.sBatchId}`);
          }}
        />
      )}
      {dialog.kind === 'delete' && (
        <ConfirmDeleteInvoiceDialog
          invoice={dialog.invoice}
          busy={deleting}
          onCancel={cancel}
          onConfirm={confirmDelete}
        />
      )}
    </Suspense>
  );
}
