import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFeatureTexts } from '../../../lib/i18n/feature-texts';
import { i18n } from '../../../lib/i18n/i18n';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { AddFundsDialog } from './add-funds-dialog';

const fetchMock = vi.fn<typeof fetch>();

const account = [
  { label: 'Beneficiary', value: 'Pesos & Produce Payments LLC' },
  { label: 'Bank', value: 'Lone Star Commerce Bank' },
  { label: 'Account number', value: '4100 2281 9375' },
  { label: 'ABA routing number', value: '114000093' },
  { label: 'SWIFT', value: 'LSCBUS44' },
  { label: 'Deposit reference (required)', value: 'PPL3F6XU34' },
];

function answerWith(spei: unknown) {
  return async (input: RequestInfo | URL) =>
    String(input).includes('/exchange-rate/addFounds')
      ? jsonResponse(200, { account, spei })
      : jsonResponse(404, { code: 'NOT_FOUND', message: 'The record was not found.' });
}

const route = [{ path: '/add-funds', element: <AddFundsDialog onClose={() => {}} /> }];

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  // The exchange page loads its texts with its code; the dialog alone needs them loaded.
  await loadFeatureTexts('exchange', 'finance');
});
afterEach(async () => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('add funds', () => {
  it("shows the company's own CLABE for pesos beside the USD wire details", async () => {
    fetchMock.mockImplementation(answerWith({ sClabe: '646180110400010000', sBankName: 'STP' }));
    renderApp('/add-funds', route);

    const spei = await screen.findByTestId('add-funds-spei');
    expect(within(spei).getByText('Pesos by SPEI')).toBeTruthy();
    expect(within(spei).getByText('646180110400010000')).toBeTruthy();
    expect(within(spei).getByRole('button', { name: 'Copy Your CLABE' })).toBeTruthy();
    expect(screen.getByText('PPL3F6XU34')).toBeTruthy();
  }, 20_000);

  it('shows only the wire details when the server gives no CLABE, in Spanish too', async () => {
    await i18n.changeLanguage('sp');
    fetchMock.mockImplementation(answerWith(null));
    renderApp('/add-funds', route);

    expect(await screen.findByText('PPL3F6XU34')).toBeTruthy();
    expect(screen.getByText('Agregar fondos')).toBeTruthy();
    expect(screen.queryByTestId('add-funds-spei')).toBeNull();
    expect(screen.queryByText('Pesos por SPEI')).toBeNull();
  }, 20_000);
});
