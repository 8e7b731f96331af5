import { describe, expect, it } from 'vitest';
import { toInvoiceSort } from './invoice-sort';

describe('toInvoiceSort', () => {
  it('asks the API for the column and direction the table sorts by', () => {
    expect(toInvoiceSort([{ field: 'dDueDate', sort: 'asc' }])).toEqual({
      sortBy: 'dDueDate',
      sortDirection: 'asc',
    });
    expect(toInvoiceSort([{ field: 'dTotalAmount', sort: 'desc' }])).toEqual({
      sortBy: 'dTotalAmount',
      sortDirection: 'desc',
    });
  });

  it("leaves the API's newest-first order without a sort or for a column it cannot sort", () => {
    expect(toInvoiceSort([])).toEqual({});
    expect(toInvoiceSort([{ field: 'dDueDate', sort: null }])).toEqual({});
    expect(toInvoiceSort([{ field: 'actions', sort: 'asc' }])).toEqual({});
  });
});
