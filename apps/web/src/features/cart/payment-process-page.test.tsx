import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { financeKeys } from '../../lib/finance/queries';
import { loadFeatureTexts } from '../../lib/i18n/feature-texts';
import { setLanguage } from '../../lib/i18n/i18n';
import { clearSession, setSession } from '../../lib/session-store';
import { ana } from '../../test/fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';
import { PaymentProcessPage } from './payment-process-page';

const fetchMock = vi.fn<typeof fetch>();
const routes = [{ path: '/payment-process', Component: PaymentProcessPage }];

const cart = {
  sProviderId: 'v1',
  sProviderName: 'Huerta Los Reyes',
  aProducts: [
    {
      sProductId: 'a1',
      sName: 'Hass avocado',
      dQuantity: 40,
      dPallets: 1,
      dBoxesPerPallet: 60,
      dPricePerBox: 25,
      dTotal: 1000,
      iStock: 500,
      iMinBoxes: 10,
      bChanged: false,
      sChange: null,
    },
  ],
  dTotal: 1000,
  dPallets: 1,
  bChanged: false,
};
const warehouse = {
  sWarehouseId: 'w1',
  sName: 'Chicago DC',
  sAddress: '2401 S Ashland Ave',
  sCountry: 'United States',
  sState: 'Illinois',
  sCity: 'Chicago',
  sPostalCode: '60608',
  sPhone: '+1 312 555 0100',
  sEmail: 'dock@example.test',
  sManager: 'Pat Doe',
  dLatitude: null,
  dLongitude: null,
  sComments: null,
  created_at: '2026-11-01T00:00:00.000Z',
};
const quotes = [
  { rate: 18.25, reference: 'q-1' },
  { rate: 18.4, reference: 'q-2' },
];

/**
 * The checkout's server: the first purchase meets an expired quote (the review stayed open too
 * long) and the next dashboard read brings a new rate; later purchases are placed.
 */
function serve(
  sent: Array<{ sExchangeRateReference: string; dExchangeRate: number }>,
  live: { quote: (typeof quotes)[number] } = { quote: quotes[0]! },
) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url.includes('/shopping-cart')) {
      return jsonResponse(200, { results: [cart], bChanged: false, sMessage: null });
    }
    if (url.includes('/warehouses')) {
      return jsonResponse(200, { warehouses: [warehouse], total: 1, page: 1, limit: 100 });
    }
    if (url.includes('/dashboard')) {
      return jsonResponse(200, {
        sUserName: 'Ana López',
        exchangeRateToday: live.quote.rate,
        exchangeRateTodayReference: live.quote.reference,
        quoteExpiresAt: new Date(Date.now() + 600_000).toISOString(),
        balances: { balanceUsd: { balance: 50_000 }, balanceMxn: { balance: 0 } },
        unassignedInvoices: 0,
        transactionsAvailable: 0,
        forwardsActive: 0,
        dBlockedUsd: 0,
      });
    }
    if (url.includes('/orders/checkout/preview')) {
      const rate = body['dExchangeRate'] as number;
      return jsonResponse(200, {
        preview: {
          dGoods: 1000,
          fees: [],
          dTotal: 1000,
          dTotalMxn: Math.round(1000 * rate * 100) / 100,
          dExchangeRate: rate,
          iPallets: 1,
          iTransports: 1,
          iDistanceKm: 0,
        },
      });
    }
    if (url.includes('/orders/checkout')) {
      sent.push(body as (typeof sent)[number]);
      if (sent.length === 1) {
        live.quote = quotes[1]!;
        return jsonResponse(409, {
          code: 'QUOTE_EXPIRED',
          message: 'The exchange rate expired.',
          field: 'sExchangeRateReference',
        });
      }
      return jsonResponse(201, { order: { sOrderId: 'o1' } });
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'The record was not found.' });
  };
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  setSession({ token: 'tok-1', user: ana });
  await loadFeatureTexts('cart', 'finance', 'money');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  clearSession();
  setLanguage('en');
});

describe('checkout review', () => {
  it.each([
    ['en', 'Confirm purchase', 'Accept the new rate', '18,250.00 MXN', '18,400.00 MXN'],
    ['sp', 'Confirmar compra', 'Aceptar el nuevo tipo de cambio', '18,250.00 MXN', '18,400.00 MXN'],
  ] as const)(
    'shows the old and the new rate and pesos when the quote changes, and buys only after a fresh click (%s)',
    async (language, confirmName, acceptName, mxnBefore, mxnAfter) => {
      setLanguage(language);
      const sent: Array<{ sExchangeRateReference: string; dExchangeRate: number }> = [];
      fetchMock.mockImplementation(serve(sent));
      const user = userEvent.setup();
      renderApp('/payment-process?vendor=v1', routes);

      const buy = await screen.findByRole('button', {
        name: language === 'en' ? 'Buy' : 'Comprar',
      });
      await waitFor(() => expect(buy).toHaveProperty('disabled', false));
      await user.click(buy);
      const dialog = await screen.findByRole('dialog', { name: confirmName });
      const confirm = within(dialog).getByRole('button', { name: confirmName });
      await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
      await user.click(confirm);

      const notice = await within(dialog).findByTestId('quote-changed');
      expect(notice.textContent).toContain('18.2500');
      expect(notice.textContent).toContain('18.4000');
      expect(notice.textContent).toContain(mxnBefore);
      expect(notice.textContent).toContain(mxnAfter);
      expect(confirm).toHaveProperty('disabled', true);
      expect(sent).toHaveLength(1);

      await user.click(within(notice).getByRole('button', { name: acceptName }));
      expect(within(dialog).queryByTestId('quote-changed')).toBeNull();
      await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
      await user.click(confirm);
      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]).toMatchObject({ sExchangeRateReference: 'q-2', dExchangeRate: 18.4 });
    },
    30_000,
  );

  it('announces a quote refreshed while the review is open, before anything is sent', async () => {
    const sent: Array<{ sExchangeRateReference: string; dExchangeRate: number }> = [];
    const live = { quote: quotes[0]! };
    fetchMock.mockImplementation(serve(sent, live));
    const user = userEvent.setup();
    const { queryClient } = renderApp('/payment-process?vendor=v1', routes);
    const buy = await screen.findByRole('button', { name: 'Buy' });
    await waitFor(() => expect(buy).toHaveProperty('disabled', false));
    await user.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm purchase' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));

    // The quote's countdown ran out and the dashboard was read again at another rate.
    live.quote = quotes[1]!;
    await queryClient.invalidateQueries({ queryKey: financeKeys.dashboard() });
    const notice = await within(dialog).findByTestId('quote-changed');
    expect(notice.textContent).toContain('18,250.00 MXN');
    expect(notice.textContent).toContain('18,400.00 MXN');
    expect(confirm).toHaveProperty('disabled', true);
    expect(sent).toEqual([]);
  }, 30_000);
});
