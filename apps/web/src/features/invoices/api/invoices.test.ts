import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render-app';
import { getEveryInvoice } from './invoices';

const fetchMock = vi.fn<typeof fetch>();

/** A server of `total` invoices named F-1 … F-total, in pages of the asked size. */
function serveInvoices(total: number) {
  fetchMock.mockImplementation(async (_input, init) => {
    const { page, limit } = JSON.parse(String(init?.body)) as { page: number; limit: number };
    const from = (page - 1) * limit + 1;
    const count = Math.max(0, Math.min(limit, total - from + 1));
    const invoices = Array.from({ length: count }, (_, index) => ({
      sInvoiceId: `id-${from + index}`,
      sInvoice: `F-${from + index}`,
    }));
    return jsonResponse(200, { invoices, total, totalProfit: 0 });
  });
}

const askedPages = () =>
  fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { page: number }).page);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('getEveryInvoice', () => {
  it('reads every page of 1,000 of the filter, in its order, once each', async () => {
    serveInvoices(2_345);
    const invoices = await getEveryInvoice(
      { sStatusId: 's1', sortBy: 'dDueDate', sortDirection: 'asc' },
      2_345,
    );
    expect(invoices.map((invoice) => invoice.sInvoice)).toEqual(
      Array.from({ length: 2_345 }, (_, index) => `F-${index + 1}`),
    );
    expect(askedPages().sort()).toEqual([1, 2, 3]);
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ sStatusId: 's1', sortBy: 'dDueDate', sortDirection: 'asc' });
    expect(body.limit).toBe(1000);
  });

  it('asks for the pages it did not expect once the first answer counts more', async () => {
    serveInvoices(2_001);
    const invoices = await getEveryInvoice({}, 500);
    expect(invoices).toHaveLength(2_001);
    expect(askedPages()).toEqual([1, 2, 3]);
  });
});
