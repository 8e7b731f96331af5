import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useWriteGuard } from '../../lib/team-role';
import { WithReason } from '../../components/with-reason';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ExportButton } from '../../components/export-button';
import { PageFrame } from '../../components/page-frame';
import { SpreadRow } from '../../components/spread-row';
import type { ExcelColumn } from '../../lib/excel';
import { usePaymentRecipientsQuery } from '../../lib/finance/queries';
import type { PaymentRecipient } from '../../lib/finance/types';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import { useComplementsDueQuery, useSupplierMutations } from './api/suppliers';
import { SupplierFormDialog } from './components/supplier-form-dialog';
import { SuppliersTable } from './components/suppliers-table';
import { PendingSuppliers } from './components/pending-suppliers';
import { filterSuppliers } from './supplier-form';
import { LoadError } from '../../components/load-error';
import { SearchField } from '../../components/search-field';

type DialogState =
  | { kind: 'closed' }
  | { kind: 'create' }
  | { kind: 'edit'; supplier: PaymentRecipient }
  | { kind: 'delete'; supplier: PaymentRecipient };

/** /suppliers, 'Proveedores': the payees of the finance side (spec doc 2 §2). */
export function SuppliersPage() {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const suppliers = usePaymentRecipientsQuery();
  // The invoices of PPD CFDIs with payments whose payment complement is still due, by supplier.
  const complementInvoices = useComplementsDueQuery();
  const complementsDue = useMemo(() => {
    const due = new Map<string, { count: number; amount: number }>();
    for (const invoice of complementInvoices.data?.invoices ?? []) {
      const current = due.get(invoice.sPaymentRecipientId) ?? { count: 0, amount: 0 };
      due.set(invoice.sPaymentRecipientId, {
        count: current.count + invoice.paymentComplements.iDue,
        // Display only: the sum of amounts the API rounded to the cent.
        amount: Math.round((current.amount + invoice.paymentComplements.dDueAmount) * 100) / 100,
      });
    }
    return due;
  }, [complementInvoices.data]);
  const { remove } = useSupplierMutations();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });

  const allRows = suppliers.data;
  const rows = useMemo(
    () => filterSuppliers(allRows ?? [], deferredSearch),
    [allRows, deferredSearch],
  );

  const exportColumns = useMemo<ExcelColumn<PaymentRecipient>[]>(
    () => [
      { header: t('suppliers.columns.name'), value: (row) => row.sName },
      { header: t('suppliers.columns.email'), value: (row) => row.sEmail },
      { header: t('suppliers.columns.bankName'), value: (row) => row.sBankName },
      { header: t('suppliers.columns.clabe'), value: (row) => row.sAccountNumber },
      { header: t('suppliers.columns.taxId'), value: (row) => row.sTaxId },
    ],
    [t],
  );

  const onEdit = useCallback(
    (supplier: PaymentRecipient) => setDialog({ kind: 'edit', supplier }),
    [],
  );
  const onDelete = useCallback(
    (supplier: PaymentRecipient) => setDialog({ kind: 'delete', supplier }),
    [],
  );
  const close = () => setDialog({ kind: 'closed' });

  const confirmDelete = async (supplier: PaymentRecipient) => {
    try {
      await remove.mutateAsync(supplier.sPaymentRecipientId);
      showSuccessToast(t('suppliers.remove.done'));
      close();
    } catch (error) {
      showErrorToast(error);
    }
  };

  const emptyText =
    (allRows?.length ?? 0) === 0 ? t('suppliers.noSuppliers') : t('suppliers.noMatches');

  return (
    <PageFrame
      title={t('suppliers.title')}
      subtitle={t('suppliers.subtitle')}
      actions={
        <WithReason reason={writeBlocked}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            {t('suppliers.addSupplier')}
          </Button>
        </WithReason>
      }
    >
      <SpreadRow sx={{ mb: 2 }}>
        <SearchField
          label={t('suppliers.search')}
          value={search}
          onChange={setSearch}
          sx={{ width: { xs: '100%', sm: 340 } }}
        />
        <ExportButton
          fileName={t('suppliers.exportFileName')}
          columns={exportColumns}
          rows={rows}
          disabled={suppliers.isPending}
        />
      </SpreadRow>

      {suppliers.isError && (
        <LoadError
          message={t('suppliers.loadFailed')}
          retryLabel={t('suppliers.retry')}
          onRetry={() => void suppliers.refetch()}
          sx={{ mb: 2 }}
        />
      )}

      <PendingSuppliers />

      <SuppliersTable
        rows={rows}
        loading={suppliers.isPending}
        emptyText={emptyText}
        busy={remove.isPending}
        complementsDue={complementsDue}
        onEdit={onEdit}
        onDelete={onDelete}
      />

      <SupplierFormDialog
        open={dialog.kind === 'create' || dialog.kind === 'edit'}
        supplier={dialog.kind === 'edit' ? dialog.supplier : undefined}
        onClose={close}
      />

      <ConfirmDialog
        open={dialog.kind === 'delete'}
        title={t('suppliers.remove.title')}
        confirmLabel={t('finance.delete')}
        cancelLabel={t('finance.close')}
        destructive
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() => {
          if (dialog.kind === 'delete') void confirmDelete(dialog.supplier);
        }}
      >
        <Typography>{dialog.kind === 'delete' ? dialog.supplier.sName : null}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('suppliers.remove.text')}
        </Typography>
      </ConfirmDialog>
    </PageFrame>
  );
}
