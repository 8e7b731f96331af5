import { INVOICE_STATUS_IDS } from '@app/domain';
import type { QueryClient } from '@tanstack/react-query';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  financeKeys,
  paymentRecipientsQueryOptions,
  statusCatalogQueryOptions,
} from '../../../lib/finance/queries';
import { refetchOnMountUnlessJustFetched } from '../../../lib/query-client';
import { apiPost, apiPut, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';
import type { Invoice, InvoiceList } from '../../../lib/finance/types';

/**
 * The filter of `POST invoices/invoices`; page and limit are 1-based server pages,
 * `bPendingAssignment` keeps To pay and Parcial invoices with MXN still to assign.
 */
export type InvoiceListFilter = ApiBody<'post', 'invoices/invoices'>;

/** The order of the list; without it the API lists newest first. */
export type InvoiceSort = Pick<InvoiceListFilter, 'sortBy' | 'sortDirection'>;

/** The API's largest page. */
export const INVOICE_PAGE_LIMIT = 1000;

export const invoiceKeys = {
  all: () => [...financeKeys.all, 'invoices'] as const,
  list: (filter: InvoiceListFilter) => [...invoiceKeys.all(), 'list', filter] as const,
  forwardRate: (date: string, reference: string) =>
    [...invoiceKeys.all(), 'forward-rate', date, reference] as const,
};

export function getInvoices(filter: InvoiceListFilter): Promise<InvoiceList> {
  return apiPost('invoices/invoices', { body: filter });
}

/**
 * Every invoice of the filter, in its order, in pages of 1,000 asked for in parallel: as
 * many as `expectedTotal` (what the table last counted) needs, then any more the first
 * answer's total shows. An invoice that moves from one page to the next while they load
 * (one added or removed meanwhile) is kept once.
 */
export async function getEveryInvoice(
  filter: Omit<InvoiceListFilter, 'page' | 'limit'>,
  expectedTotal = 0,
): Promise<Invoice[]> {
  const getPage = (page: number) => getInvoices({ ...filter, page, limit: INVOICE_PAGE_LIMIT });
  const pageNumbers = (from: number, total: number) =>
    Array.from(
      { length: Math.max(0, Math.ceil(total / INVOICE_PAGE_LIMIT) - from + 1) },
      (_, index) => from + index,
    );
  const asked = [1, ...pageNumbers(2, expectedTotal)];
  const pages = await Promise.all(asked.map(getPage));
  const more = pageNumbers(asked.length + 1, pages[0]?.total ?? 0);
  pages.push(...(await Promise.all(more.map(getPage))));
  const byId = new Map<string, Invoice>();
  for (const page of pages) {
    for (const invoice of page.invoices) {
      if (!byId.has(invoice.sInvoiceId)) byId.set(invoice.sInvoiceId, invoice);
    }
  }
  return [...byId.values()];
}

/** A page of invoices with today's quote; the page stays shown while the next one loads. */
export function invoicesQueryOptions(filter: InvoiceListFilter) {
  return queryOptions({
    queryKey: invoiceKeys.list(filter),
    queryFn: () => getInvoices(filter),
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessJustFetched,
    placeholderData: keepPreviousData,
  });
}

/** The list as /invoices first shows it: the To pay invoices, newest first, 25 a page. */
export const FIRST_INVOICES_VIEW = { sStatusId: INVOICE_STATUS_IDS.TO_PAY, pageSize: 25 };

/** What /invoices shows first, asked for by its route while the page's code loads. */
export function prefetchInvoicesPage(queryClient: QueryClient): Promise<unknown> {
  const { sStatusId, pageSize } = FIRST_INVOICES_VIEW;
  return Promise.all([
    queryClient.prefetchQuery(invoicesQueryOptions({ sStatusId, page: 1, limit: pageSize })),
    queryClient.prefetchQuery(statusCatalogQueryOptions()),
    queryClient.prefetchQuery(paymentRecipientsQueryOptions()),
  ]);
}

export function useInvoicesQuery(filter: InvoiceListFilter) {
  return useQuery(invoicesQueryOptions(filter));
}

/** The fields of the add and edit forms, as the API takes them. */
export type InvoiceBody = ApiBody<'post', 'invoices'>;

export function createInvoice(body: InvoiceBody): Promise<{ invoice: Invoice }> {
  return apiPost('invoices', { body });
}

export function updateInvoice(body: ApiBody<'put', 'invoices'>): Promise<{ invoice: Invoice }> {
  return apiPut('invoices', { body });
}

export function deleteInvoice(sInvoiceId: string): Promise<void> {
  return apiPut('invoices/delete', { body: { sInvoiceId } });
}

/**
 * Pays the whole invoice now from USD at the quote (POST payments/invoice); a payment held
 * for a second person answers the approval instead.
 */
export function payInvoice(
  body: ApiBody<'post', 'payments/invoice'>,
  idempotencyKey: string,
): Promise<ApiAnswer<'post', 'payments/invoice'>> {
  return apiPost('payments/invoice', { body, idempotencyKey });
}

export type ConvertInvoiceBody = ApiBody<'post', 'transactions/createTransactionFromInvoice'>;

/** Converts the invoice's MXN (forex now, or a forward) and assigns the invoice to it. */
export function convertInvoice(
  body: ConvertInvoiceBody,
  idempotencyKey: string,
): Promise<ApiAnswer<'post', 'transactions/createTransactionFromInvoice'>> {
  return apiPost('transactions/createTransactionFromInvoice', { body, idempotencyKey });
}

export type ForwardRate = ApiAnswer<'post', 'transactions/forwardRate'>['forwardRate'];

/** The forward rate for a date, priced from a live spot quote; the amount is fixed at 100. */
export async function getForwardRate(date: string, spotReference: string): Promise<ForwardRate> {
  const answer = await apiPost('transactions/forwardRate', {
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
