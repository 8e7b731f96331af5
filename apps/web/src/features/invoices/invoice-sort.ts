import type { GridSortModel } from '@mui/x-data-grid';
import type { InvoiceSort } from './api/invoices';
import { isInvoiceSortKey } from '@app/domain';

/**
 * The table's sort (one column at most) as the API's order. No sort, or a column the API
 * cannot order by, leaves the API's own order: newest first.
 */
export function toInvoiceSort(model: GridSortModel): InvoiceSort {
  const [first] = model;
  if (!first?.sort || !isInvoiceSortKey(first.field)) return {};
  return { sortBy: first.field, sortDirection: first.sort };
}
