/**
 * The spec's lookups that are POSTs but write nothing (keys as in route-roles.ts). They are
 * reads, so they are not in the trail of writes; the invoice list is the screen's busiest
 * call, and an entry for each page cost a committed insert per list.
 */
export const READS_BY_POST: ReadonlySet<string> = new Set([
  'POST /invoices/invoices',
  'POST /invoices/id',
  'POST /invoices/supplier',
  'POST /transactions/id',
  'POST /transactions/detail',
  'POST /payments/paymentReceipt',
]);
