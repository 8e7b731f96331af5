import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { financeKeys } from '../../../lib/finance/queries';
import type { PaymentRecipient } from '../../../lib/finance/types';

/** The body of POST/PUT payment-recipient/: the entity type is always COMPANY (spec §9). */
export interface SupplierBody {
  sName: string;
  sEmail: string;
  sBankName: string;
  sAccountNumber: string;
  sTaxId: string;
  sEntityBusiness: 'COMPANY';
}

export function createSupplier(
  body: SupplierBody,
): Promise<{ paymentRecipient: PaymentRecipient }> {
  return apiRequest('payment-recipient/', { method: 'POST', body });
}

export function updateSupplier(
  body: SupplierBody & { sPaymentRecipientId: string },
): Promise<{ paymentRecipient: PaymentRecipient }> {
  return apiRequest('payment-recipient/', { method: 'PUT', body });
}

export function deleteSupplier(sPaymentRecipientId: string): Promise<void> {
  return apiRequest('payment-recipient/delete', {
    method: 'PUT',
    body: { sPaymentRecipientId },
  });
}

/**
 * Create, edit and delete. Each reloads every finance read (the supplier list, and the
 * invoice screens that show supplier names). Errors are shown by the form or the dialog.
 */
export function useSupplierMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: financeKeys.all });
  const meta = { errorToast: false };
  return {
    create: useMutation({ mutationFn: createSupplier, onSuccess, meta }),
    update: useMutation({ mutationFn: updateSupplier, onSuccess, meta }),
    remove: useMutation({ mutationFn: deleteSupplier, onSuccess, meta }),
  };
}
