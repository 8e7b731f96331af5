import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiGet,
  apiPost,
  apiPut,
  type ApiAnswer,
  type ApiBody,
} from '../../../lib/api/typed-client';
import { activeForwardsKey, activeForwardsQueryOptions } from '../../../lib/finance/forwards';
import { financeKeys } from '../../../lib/finance/queries';
import type { Transaction } from '../../../lib/finance/types';

/** GET transactions/getForwardsActive */
export type ActiveForwards = ApiAnswer<'get', 'transactions/getForwardsActive'>;

/** GET transactions/ */
export type AvailableConversions = ApiAnswer<'get', 'transactions'>;

/** GET transactions/history */
export type ConversionHistory = ApiAnswer<'get', 'transactions/history'>;

export const conversionKeys = {
  all: ['conversions'] as const,
  forwards: () => activeForwardsKey,
  available: () => [...conversionKeys.all, 'available'] as const,
  history: () => [...conversionKeys.all, 'history'] as const,
  detail: (transactionId: string) => [...conversionKeys.all, 'detail', transactionId] as const,
  supplierInvoices: (supplierId: string, rate: number) =>
    [...conversionKeys.all, 'supplier-invoices', supplierId, rate] as const,
};

export function useActiveForwardsQuery() {
  return useQuery(activeForwardsQueryOptions());
}

export function availableConversionsQueryOptions() {
  return queryOptions({
    queryKey: conversionKeys.available(),
    queryFn: () => apiGet('transactions'),
  });
}

export function useAvailableConversionsQuery() {
  return useQuery(availableConversionsQueryOptions());
}

export function conversionHistoryQueryOptions() {
  return queryOptions({
    queryKey: conversionKeys.history(),
    queryFn: () => apiGet('transactions/history'),
  });
}

export function useConversionHistoryQuery() {
  return useQuery(conversionHistoryQueryOptions());
}

/** One conversion with its invoices and the payments made from it. */
export async function getConversionDetail(transactionId: string): Promise<Transaction> {
  const answer = await apiPost('transactions/detail', {
    body: { sTransactionId: transactionId },
  });
  const [transaction] = answer.transactions;
  if (!transaction) throw new Error('The conversion detail is empty');
  return transaction;
}

export function useConversionDetailQuery(transactionId: string | null) {
  return useQuery({
    queryKey: conversionKeys.detail(transactionId ?? ''),
    queryFn: () => getConversionDetail(transactionId ?? ''),
    enabled: transactionId !== null,
  });
}

/** A supplier's invoices that still have MXN to assign, valued at the conversion's rate. */
export function useSupplierInvoicesQuery(supplierId: string | null, rate: number) {
  return useQuery({
    queryKey: conversionKeys.supplierInvoices(supplierId ?? '', rate),
    queryFn: async () =>
      (
        await apiPost('invoices/supplier', {
          body: { sPaymentRecipientId: supplierId ?? '', dExchangeRate: rate },
        })
      ).invoices,
    enabled: supplierId !== null,
  });
}

/** Everything a change of a conversion can move: the three lists, details, the balances. */
function useInvalidateConversions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conversionKeys.all }),
      queryClient.invalidateQueries({ queryKey: financeKeys.dashboard() }),
    ]);
}

/** POST transactions/closeForward: settles a matured forward (money: Idempotency-Key). */
export function useCloseForwardMutation() {
  const invalidate = useInvalidateConversions();
  return useMutation({
    mutationFn: (input: { transactionId: string; idempotencyKey: string }) =>
      apiPost('transactions/closeForward', {
        body: { sTransactionId: input.transactionId },
        idempotencyKey: input.idempotencyKey,
      }),
    onSettled: invalidate,
  });
}

interface InvoiceLineInput {
  transactionId: string;
  invoiceId: string;
  amountMxn: number;
  idempotencyKey: string;
}

function invoiceLineBody(input: InvoiceLineInput) {
  return {
    sTransactionId: input.transactionId,
    invoices: [{ sInvoiceId: input.invoiceId, dAmount: input.amountMxn }],
  };
}

/** POST transactions/invoice: assigns MXN of an invoice to the conversion. */
export function useAttachInvoiceMutation() {
  const invalidate = useInvalidateConversions();
  return useMutation({
    mutationFn: (input: InvoiceLineInput) =>
      apiPost('transactions/invoice', {
        body: invoiceLineBody(input),
        idempotencyKey: input.idempotencyKey,
      }),
    onSettled: invalidate,
  });
}

/** POST transactions/deleteInvoice: takes the unpaid MXN of an invoice off the conversion. */
export function useDetachInvoiceMutation() {
  const invalidate = useInvalidateConversions();
  return useMutation({
    mutationFn: (input: InvoiceLineInput) =>
      apiPost('transactions/deleteInvoice', {
        body: invoiceLineBody(input),
        idempotencyKey: input.idempotencyKey,
      }),
    onSettled: invalidate,
  });
}

export type AttachedInvoiceUpdate = ApiBody<'put', 'invoices/conversion'>;

/** PUT invoices/conversion: edits an invoice attached to a conversion. */
export function useUpdateAttachedInvoiceMutation() {
  const invalidate = useInvalidateConversions();
  return useMutation({
    mutationFn: (body: AttachedInvoiceUpdate) => apiPut('invoices/conversion', { body }),
    onSettled: invalidate,
  });
}

export interface ConversionPaymentInput {
  transactionId: string;
  supplierId: string;
  amountMxn: number;
  comment: string;
  idempotencyKey: string;
}

/** POST payments/: pays a supplier in MXN out of a settled conversion (money). */
export function usePayFromConversionMutation() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateConversions();
  return useMutation({
    mutationFn: (input: ConversionPaymentInput) =>
      apiPost('payments', {
        body: {
          sTransactionId: input.transactionId,
          sPaymentRecipientId: input.supplierId,
          isMxn: true,
          dAmount: input.amountMxn,
          comment: input.comment,
        },
        idempotencyKey: input.idempotencyKey,
      }),
    onSettled: () =>
      Promise.all([
        invalidate(),
        queryClient.invalidateQueries({ queryKey: financeKeys.paymentRecipients() }),
      ]),
  });
}
