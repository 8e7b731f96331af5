import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { financeKeys, postMoney } from '../../../lib/finance/queries';
import type { Invoice, Transaction } from '../../../lib/finance/types';

/** GET transactions/getForwardsActive */
export interface ActiveForwards {
  forwards: Transaction[];
  totalProfit: number;
  balance: { balanceUsd: { balance: number } };
  dBlockedUsd: number;
}

/** GET transactions/ */
export interface AvailableConversions {
  transactions: Transaction[];
  totalProfit: number;
  balance: { balanceMxn: { balance: number } };
}

/** GET transactions/history */
export interface ConversionHistory {
  transactions: Transaction[];
  totalProfit: number;
}

export const conversionKeys = {
  all: ['conversions'] as const,
  forwards: () => [...conversionKeys.all, 'forwards'] as const,
  available: () => [...conversionKeys.all, 'available'] as const,
  history: () => [...conversionKeys.all, 'history'] as const,
  detail: (transactionId: string) => [...conversionKeys.all, 'detail', transactionId] as const,
  supplierInvoices: (supplierId: string, rate: number) =>
    [...conversionKeys.all, 'supplier-invoices', supplierId, rate] as const,
};

export function activeForwardsQueryOptions() {
  return queryOptions({
    queryKey: conversionKeys.forwards(),
    queryFn: () => apiRequest<ActiveForwards>('transactions/getForwardsActive'),
  });
}

export function useActiveForwardsQuery() {
  return useQuery(activeForwardsQueryOptions());
}

export function availableConversionsQueryOptions() {
  return queryOptions({
    queryKey: conversionKeys.available(),
    queryFn: () => apiRequest<AvailableConversions>('transactions/'),
  });
}

export function useAvailableConversionsQuery() {
  return useQuery(availableConversionsQueryOptions());
}

export function conversionHistoryQueryOptions() {
  return queryOptions({
    queryKey: conversionKeys.history(),
    queryFn: () => apiRequest<ConversionHistory>('transactions/history'),
  });
}

export function useConversionHistoryQuery() {
  return useQuery(conversionHistoryQueryOptions());
}

/** One conversion with its invoices and the payments made from it. */
export async function getConversionDetail(transactionId: string): Promise<Transaction> {
  const answer = await apiRequest<{ transactions: Transaction[] }>('transactions/detail', {
    method: 'POST',
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
        await apiRequest<{ invoices: Invoice[] }>('invoices/supplier', {
          method: 'POST',
          body: { sPaymentRecipientId: supplierId, dExchangeRate: rate },
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
      postMoney<{ transaction: Transaction }>(
        'transactions/closeForward',
        { sTransactionId: input.transactionId },
        input.idempotencyKey,
      ),
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
      postMoney<{ transaction: Transaction }>(
        'transactions/invoice',
        invoiceLineBody(input),
        input.idempotencyKey,
      ),
    onSettled: invalidate,
  });
}

/** POST transactions/deleteInvoice: takes the unpaid MXN of an invoice off the conversion. */
export function useDetachInvoiceMutation() {
  const invalidate = useInvalidateConversions();
  return useMutation({
    mutationFn: (input: InvoiceLineInput) =>
      postMoney<{ transaction: Transaction }>(
        'transactions/deleteInvoice',
        invoiceLineBody(input),
        input.idempotencyKey,
      ),
    onSettled: invalidate,
  });
}

export interface AttachedInvoiceUpdate {
  sInvoiceId: string;
  sTransactionId: string;
  exchangeRate: number;
  sInvoice: string;
  sPaymentRecipientId: string;
  dPurchaseDate: string;
  dTotalAmount: number;
  iCreditPeriod: number;
  dRateProtection: number;
}

/** PUT invoices/conversion: edits an invoice attached to a conversion. */
export function useUpdateAttachedInvoiceMutation() {
  const invalidate = useInvalidateConversions();
  return useMutation({
    mutationFn: (body: AttachedInvoiceUpdate) =>
      apiRequest<{ invoice: Invoice }>('invoices/conversion', { method: 'PUT', body }),
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
      postMoney<{ payment: unknown }>(
        'payments/',
        {
          sTransactionId: input.transactionId,
          sPaymentRecipientId: input.supplierId,
          isMxn: true,
          dAmount: input.amountMxn,
          comment: input.comment,
        },
        input.idempotencyKey,
      ),
    onSettled: () =>
      Promise.all([
        invalidate(),
        queryClient.invalidateQueries({ queryKey: financeKeys.paymentRecipients() }),
      ]),
  });
}
