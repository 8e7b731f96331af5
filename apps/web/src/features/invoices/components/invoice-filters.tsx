import { maskAccount } from '@app/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { PaymentRecipient } from '../../../lib/finance/types';

export interface StatusOption {
  sStatusId: string;
  sName: string;
}

/** The table's two filters: one supplier (any by default) and one status. */
export function InvoiceFilters({
  supplierOptions,
  supplierId,
  suppliersLoading,
  onSupplierChange,
  statusOptions,
  statusId,
  statusesLoading,
  onStatusChange,
}: {
  supplierOptions: PaymentRecipient[];
  supplierId: string | undefined;
  suppliersLoading: boolean;
  onSupplierChange: (supplierId: string | undefined) => void;
  statusOptions: StatusOption[];
  statusId: string | undefined;
  statusesLoading: boolean;
  onStatusChange: (statusId: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Autocomplete<PaymentRecipient>
        options={supplierOptions}
        value={supplierOptions.find((s) => s.sPaymentRecipientId === supplierId) ?? null}
        onChange={(_event, supplier) => onSupplierChange(supplier?.sPaymentRecipientId)}
        getOptionLabel={(s) => `${s.sName} ${maskAccount(s.sAccountNumber)}`}
        isOptionEqualToValue={(a, b) => a.sPaymentRecipientId === b.sPaymentRecipientId}
        loading={suppliersLoading}
        size="small"
        sx={{ width: { xs: '100%', sm: 300 } }}
        renderInput={(params) => (
          <TextField {...params} label={t('invoices.supplierFilter')} margin="none" />
        )}
      />
      <Autocomplete
        options={statusOptions}
        value={statusOptions.find((s) => s.sStatusId === statusId) ?? null}
        onChange={(_event, status) => onStatusChange(status?.sStatusId)}
        getOptionLabel={(s) => s.sName}
        isOptionEqualToValue={(a, b) => a.sStatusId === b.sStatusId}
        loading={statusesLoading}
        size="small"
        sx={{ width: { xs: '100%', sm: 240 } }}
        renderInput={(params) => (
          <TextField {...params} label={t('invoices.statusFilter')} margin="none" />
        )}
      />
    </>
  );
}
