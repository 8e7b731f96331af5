import { INVOICE_STATUS_IDS } from '@app/domain';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import type { Invoice } from '../../../lib/finance/types';
import { loadFeatureTexts } from '../../../lib/i18n/feature-texts';
import { setLanguage } from '../../../lib/i18n/i18n';
import { jsonResponse } from '../../../test/render-app';
import { InvoicesTable } from './invoices-table';

function invoice(number: number, statusId: string = INVOICE_STATUS_IDS.TO_PAY): Invoice {
  return {
    sInvoiceId: `inv-${number}`,
    sInvoice: `F-${number}`,
    sPaymentRecipientId: 'sup-1',
    sName: 'Agrícola Los Altos',
    sAccountNumber: '012180000000000001',
    dPurchaseDate: '2026-10-15',
    iCreditPeriod: 45,
    dDueDate: '2026-11-29',
    dTotalAmount: 12345.67,
    dAssignedAmount: 0,
    dPaidAmount: 0,
    dTotalUsd: 658.44,
    dRateProtection: 18.75,
    dProfitPercentage: -1.5,
    dCurrencyGain: 12.34,
    sStatusId: statusId,
    created_at: '2026-10-15T10:00:00Z',
    rateOrder: null,
    bSupplierDeleted: false,
    paymentComplements: { iDue: 0, dDueAmount: 0, iMismatched: 0 },
  };
}

type Props = ComponentProps<typeof InvoicesTable>;

function renderTable(overrides: Partial<Props> = {}) {
  const props: Props = {
    rows: [invoice(1), invoice(2, INVOICE_STATUS_IDS.ASSIGNED)],
    loading: false,
    busy: false,
    selectedId: undefined,
    onSelect: vi.fn(),
    paginationModel: { page: 0, pageSize: 25 },
    onPaginationModelChange: vi.fn(),
    sortModel: undefined,
    onSortModelChange: vi.fn(),
    total: 10_000,
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    ...overrides,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <InvoicesTable {...props} />
    </AppProviders>,
  );
  const rerender = (next: Partial<Props>) =>
    view.rerender(
      <AppProviders queryClient={queryClient}>
        <InvoicesTable {...props} {...next} />
      </AppProviders>,
    );
  return { props, rerender };
}

const fetchMock = vi.fn<typeof fetch>();

beforeAll(() => loadFeatureTexts('finance', 'invoices'));
beforeEach(() => {
  // Today is before the rows' due date (Nov 29): only a row made overdue shows the badge.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T18:00:00Z'));
  // The status catalogue is not served: the table names statuses from the domain.
  fetchMock.mockImplementation(async () =>
    jsonResponse(404, { code: 'NOT_FOUND', message: 'The record was not found.' }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('InvoicesTable', () => {
  it('marks an unpaid invoice past its due date as overdue, and no other', () => {
    const late = { ...invoice(3), dDueDate: '2026-11-19' };
    const paidLate = { ...invoice(4, INVOICE_STATUS_IDS.PAID), dDueDate: '2026-11-19' };
    const dueToday = { ...invoice(5), dDueDate: '2026-11-20' };
    renderTable({ rows: [late, paidLate, dueToday] });
    const badge = within(screen.getByRole('row', { name: /F-3\b/ })).getByTestId('overdue-badge');
    expect(badge.textContent).toBe('Overdue');
    expect(
      within(screen.getByRole('row', { name: /F-4\b/ })).queryByTestId('overdue-badge'),
    ).toBeNull();
    expect(
      within(screen.getByRole('row', { name: /F-5\b/ })).queryByTestId('overdue-badge'),
    ).toBeNull();
  });

  it('shows each invoice with its formatted values, gain colours and actions', () => {
    renderTable();
    const row = screen.getByRole('row', { name: /F-1\b/ });
    for (const text of ['Agrícola Los Altos', 'Oct 15, 2026', 'Nov 29, 2026']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    // Dates name the month (abbreviated in the cell, in full in its title).
    expect(within(row).getByText('Nov 29, 2026').getAttribute('title')).toBe('November 29, 2026');
    // An invoice without a rate order has an empty auto-convert cell: nothing in it at all.
    const autoConvert = row.querySelector('[data-field="rateOrder"]')!;
    expect(autoConvert.textContent).toBe('');
    expect(autoConvert.childElementCount).toBe(0);
    expect(within(row).getByText('$12,345.67')).toBeTruthy();
    expect(within(row).getByText('-1.50%').className).toBe('signed-loss');
    expect(within(row).getByText('$12.34').className).toBe('signed-gain');
    expect(within(row).getByRole('button', { name: 'Edit invoice: F-1' })).toHaveProperty(
      'disabled',
      false,
    );
    // Only To pay invoices can be selected, edited or deleted.
    const assigned = screen.getByRole('row', { name: /F-2\b/ });
    expect(within(assigned).getByRole('checkbox')).toHaveProperty('disabled', true);
    expect(within(assigned).getByRole('button', { name: 'Delete item: F-2' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('sorts by a header: the callback gets the column and direction, the header aria-sort', () => {
    const { props, rerender } = renderTable();
    const dueDate = screen.getByRole('columnheader', { name: 'Due date' });
    expect(dueDate.getAttribute('aria-sort')).toBeNull();

    fireEvent.click(within(dueDate).getByRole('button'));
    expect(props.onSortModelChange).toHaveBeenLastCalledWith({ field: 'dDueDate', sort: 'asc' });
    rerender({ sortModel: { field: 'dDueDate', sort: 'asc' } });
    expect(dueDate.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(dueDate).getByRole('button'));
    expect(props.onSortModelChange).toHaveBeenLastCalledWith({ field: 'dDueDate', sort: 'desc' });
    rerender({ sortModel: { field: 'dDueDate', sort: 'desc' } });
    expect(dueDate.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(dueDate).getByRole('button'));
    expect(props.onSortModelChange).toHaveBeenLastCalledWith(undefined);
    expect(
      screen.getByRole('columnheader', { name: 'Actions' }).querySelector('button'),
    ).toBeNull();
  });

  it('shows the total of every page in the footer and pages on the server', () => {
    const { props } = renderTable();
    expect(screen.getByText('1–25 of 10,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(props.onPaginationModelChange).toHaveBeenCalledWith({ page: 1, pageSize: 25 });
  });

  it('speaks Spanish in the footer', () => {
    setLanguage('sp');
    renderTable({ paginationModel: { page: 1, pageSize: 25 } });
    expect(screen.getByText('26–50 de 10,000')).toBeTruthy();
    expect(screen.getByText('Filas por página:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ir a la página siguiente' })).toBeTruthy();
  });

  it('selects one row with its checkbox, and unselects it', () => {
    const { props, rerender } = renderTable();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select: F-1' }));
    expect(props.onSelect).toHaveBeenLastCalledWith('inv-1');

    rerender({ selectedId: 'inv-1' });
    const checkbox = screen.getByRole('checkbox', { name: 'Select: F-1' });
    expect(checkbox).toHaveProperty('checked', true);
    fireEvent.click(checkbox);
    expect(props.onSelect).toHaveBeenLastCalledWith(undefined);
  });

  it('shows skeleton rows while loading and a message when nothing matches', () => {
    const { rerender } = renderTable({ rows: [], loading: true, total: undefined });
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('No invoices match these filters.')).toBeNull();
    rerender({ rows: [], loading: false, total: 0 });
    expect(screen.getByText('No invoices match these filters.')).toBeTruthy();
  });

  it('names the month in Spanish too', async () => {
    await setLanguage('sp');
    try {
      renderTable();
      const row = screen.getByRole('row', { name: /F-1\b/ });
      // The cell's abbreviation as the locale writes it ('sep' or 'sept'), the title in full.
      const due = within(row).getByText(/^29 nov\.? 2026$/);
      expect(due.getAttribute('title')).toBe('29 de noviembre de 2026');
      expect(within(row).getByText(/^15 oct\.? 2026$/)).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  });
});
