import type { InvoiceSort } from './api/invoices';
import { isInvoiceSortKey } from '@app/domain';

/** The table's order: one column and its direction; undefined is no sort. */
export interface InvoiceTableSort {
  field: string;
  sort: 'asc' | 'desc';
}

/**
 * The table's sort as the API's order. No sort, or a column the API cannot order by,
 * leaves the API's own order: newest first.
 */
export function toInvoiceSort(sort: InvoiceTableSort | undefined): InvoiceSort {
  if (!sort || !isInvoiceSortKey(sort.field)) return {};
  return { sortBy: sort.field, sortDirection: sort.sort };
}

/**
 * The sort after a click on a column's header, as the DataGrid had it: a new column sorts
 * ascending, then the same column descending, then no sort.
 */
export function nextInvoiceSort(
  current: InvoiceTableSort | undefined,
  field: string,
): InvoiceTableSort | undefined {
  if (current?.field !== field) return { field, sort: 'asc' };
  return current.sort === 'asc' ? { field, sort: 'desc' } : undefined;
}
