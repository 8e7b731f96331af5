import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiGet,
  apiPost,
  apiPut,
  type ApiAnswer,
  type ApiBody,
} from '../../../lib/api/typed-client';
import { financeKeys } from '../../../lib/finance/queries';
import type { HeldForApproval } from '../../../lib/api/held-for-approval';
import type { PaymentRecipient } from '../../../lib/finance/types';

/** The body of POST/PUT payment-recipient/: the entity type is always COMPANY (spec §9). */
export type SupplierBody = ApiBody<'post', 'payment-recipient'>;

/** A new supplier or a new bank account waiting for an approval (no money moves for it). */
export type PendingSupplier = ApiAnswer<'get', 'payment-recipient'>['aPendingApproval'][number];

/**
 * The supplier changes waiting for an approval. Under the supplier list's key, so that
 * whatever reloads the list (a save, a delete) reloads these too.
 */
export function usePendingSuppliersQuery() {
  return useQuery({
    queryKey: [...financeKeys.paymentRecipients(), 'pending'],
    queryFn: async () =>
      (await apiGet('payment-recipient', { query: { limit: 1 } })).aPendingApproval,
    meta: { errorToast: false },
  });
}

/**
 * The supplier, or (a bank change needing a second person) the approval it waits for.
 * `stepUpCode`: the fresh second-factor code the server asks for new bank data.
 */
export function createSupplier({
  body,
  stepUpCode,
}: {
  body: SupplierBody;
  stepUpCode?: string | undefined;
}): Promise<{ paymentRecipient: PaymentRecipient } | HeldForApproval> {
  return apiPost('payment-recipient', { body, ...(stepUpCode ? { stepUpCode } : {}) });
}

export function updateSupplier({
  body,
  stepUpCode,
}: {
  body: SupplierBody & { sPaymentRecipientId: string };
  stepUpCode?: string | undefined;
}): Promise<{ paymentRecipient: PaymentRecipient } | HeldForApproval> {
  return apiPut('payment-recipient', { body, ...(stepUpCode ? { stepUpCode } : {}) });
}

export function deleteSupplier(sPaymentRecipientId: string): Promise<void> {
  return apiPut('payment-recipient/delete', { body: { sPaymentRecipientId } });
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

/**
 * The invoices of PPD CFDIs with payments whose payment complement is still due (at most a
 * page of 1,000), under the invoices' key so an invoice change refreshes it.
 */
export function useComplementsDueQuery() {
  const filter = { bComplementDue: true, limit: 1000 };
  return useQuery({
    queryKey: [...financeKeys.all, 'invoices', 'list', filter],
    queryFn: () => apiPost('invoices/invoices', { body: filter }),
  });
}
