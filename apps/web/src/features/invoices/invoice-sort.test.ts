import { describe, expect, it } from 'vitest';
import { nextInvoiceSort, toInvoiceSort } from './invoice-sort';

describe('toInvoiceSort', () => {
  it('asks the API for the column and direction the table sorts by', () => {
    expect(toInvoiceSort({ field: 'dDueDate', sort: 'asc' })).toEqual({
      sortBy: 'dDueDate',
      sortDirection: 'asc',
    });
    expect(toInvoiceSort({ field: 'dTotalAmount', sort: 'desc' })).toEqual({
      sortBy: 'dTotalAmount',
      sortDirection: 'desc',
    });
  });

  it("leaves the API's newest-first order without a sort or for a column it cannot sort", () => {
    expect(toInvoiceSort(undefined)).toEqual({});
    expect(toInvoiceSort({ field: 'actions', sort: 'asc' })).toEqual({});
  });
});

describe('nextInvoiceSort', () => {
  it('cycles a column ascending, descending, then no sort; another column starts ascending', () => {
    const asc = nextInvoiceSort(undefined, 'dDueDate');
    expect(asc).toEqual({ field: 'dDueDate', sort: 'asc' });
    const desc = nextInvoiceSort(asc, 'dDueDate');
    expect(desc).toEqual({ field: 'dDueDate', sort: 'desc' });
    expect(nextInvoiceSort(desc, 'dDueDate')).toBeUndefined();
    expect(nextInvoiceSort(desc, 'sName')).toEqual({ field: 'sName', sort: 'asc' });
  });
});
