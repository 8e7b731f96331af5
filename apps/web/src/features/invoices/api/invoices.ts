import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { financeKeys, postMoney } from '../../../lib/finance/queries';
import type { Invoice, InvoiceList, Payment, Transaction } from '../../../lib/finance/types';

/** The filter of `POST invoices/invoices`; page and limit are 1-based server pages. */
export interface InvoiceListFilter {
  sPaymentRecipientId?: string;
  sStatusId?: string;
  page?: number;
  limit?: number;
}

export const invoiceKeys = {
  all: () => [...financeKeys.all, 'invoices'] as const,
  list: (filter: InvoiceListFilter) => [...invoiceKeys.all(), 'list', filter] as const,
  forwardRate: (date: string, reference: string) =>
    [...invoiceKeys.all(), 'forward-rate', date, reference] as const,
};

export function getInvoices(filter: InvoiceListFilter): Promise<InvoiceList> {
  return apiRequest<InvoiceList>('invoices/invoices', { method: 'POST', body: filter });
}

/** A page of invoices with today's quote; the page stays shown while the next one loads. */
export function invoicesQueryOptions(filter: InvoiceListFilter) {
  return queryOptions({
    queryKey: invoiceKeys.list(filter),
    queryFn: () => getInvoices(filter),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useInvoicesQuery(filter: InvoiceListFilter) {
  return useQuery(invoicesQueryOptions(filter));
}

/** The fields of the add and edit forms, as the API takes them. */
export interface InvoiceBody {
  sInvoice: string;
  sPaymentRecipientId: string;
  dPurchaseDate: string;
  dTotalAmount: number;
  iCreditPeriod: number;
  dRateProtection: number;
}

export function createInvoice(body: InvoiceBody): Promise<{ invoice: Invoice }> {
  return apiRequest('invoices/', { method: 'POST', body });
}

export function updateInvoice(
  body: InvoiceBody & { sInvoiceId: string },
): Promise<{ invoice: Invoice }> {
  return apiRequest('invoices/', { method: 'PUT', body });
}

export function deleteInvoice(sInvoiceId: string): Promise<void> {
  return apiRequest('invoices/delete', { method: 'PUT', body: { sInvoiceId } });
}

/** Pays the whole invoice now from USD at the quote (POST payments/invoice). */
export function payInvoice(
  body: { sInvoiceId: string; sExchangeRateReference: string },
  idempotencyKey: string,
): Promise<{ payment: Payment }> {
  return postMoney('payments/invoice', body, idempotencyKey);
}

export interface ConvertInvoiceBody {
  sInvoiceId: string;
  sTransactionType: string;
  dExchangeRate: number;
  referenceExchangeRate: string;
  bExternal: false;
  dForwardTransactionDate?: string;
}

/** Converts the invoice's MXN (forex now, or a forward) and assigns the invoice to it. */
export function convertInvoice(
  body: ConvertInvoiceBody,
  idempotencyKey: string,
): Promise<{ transaction: Transaction }> {
  return postMoney('transactions/createTransactionFromInvoice', body, idempotencyKey);
}

export interface ForwardRate {
  rate: number;
  uuid: string;
  expiresAt: string;
}

/** The forward rate for a date, priced from a live spot quote; the amount is fixed at 100. */
export async function getForwardRate(date: string, spotReference: string): Promise<ForwardRate> {
  const answer = await apiRequest<{ forwardRate: ForwardRate }>('transactions/forwardRate', {
    method: 'POST',
    body: {
      dDateForward: date,
      dAmount: 100,
      referenceExchangeRate: spotReference,
      bExternal: false,
    },
  });
  return answer.forwardRate;
}

/** Asked again whenever the date or the spot quote changes. */
export function useForwardRateQuery(date: string | undefined, spotReference: string | undefined) {
  return useQuery({
    queryKey: invoiceKeys.forwardRate(date ?? '', spotReference ?? ''),
    queryFn: () => getForwardRate(date ?? '', spotReference ?? ''),
    enabled: Boolean(date && spotReference),
    staleTime: Infinity,
    gcTime: 0,
    meta: { errorToast: false },
  });
}

/** Add, edit and delete. Errors are shown by the form or the dialog that asked. */
export function useInvoiceMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: financeKeys.all });
  const meta = { errorToast: false };
  return {
    create: useMutation({ mutationFn: createInvoice, onSuccess, meta }),
    update: useMutation({ mutationFn: updateInvoice, onSuccess, meta }),
    remove: useMutation({ mutationFn: deleteInvoice, onSuccess, meta }),
  };
}
