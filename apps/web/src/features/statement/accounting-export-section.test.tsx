import type { SessionUser } from '@app/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFeatureTexts } from '../../lib/i18n/feature-texts';
import { setLanguage } from '../../lib/i18n/i18n';
import { setSession } from '../../lib/session-store';
import { jsonResponse, renderApp } from '../../test/render-app';
import { AccountingExportSection } from './accounting-export-section';

// The browser's save dialog is not the test's: the file handed to it is.
const downloads = vi.hoisted(() => [] as string[]);
vi.mock('../../lib/files', () => ({
  downloadBlob: (_blob: Blob, fileName: string) => void downloads.push(fileName),
}));

const fetchMock = vi.fn<typeof fetch>();
const admin: SessionUser = {
  sUserId: 'u1',
  sFullName: 'Ana García',
  sEmail: 'ana@example.test',
  sEnterpriseId: 'e1',
  sRole: 'customer',
  isManager: true,
  sTeamRole: 'ADMIN',
};
const accounts = [
  { sKey: 'USD_BALANCE', sDefaultName: 'USD balance', sAccount: '1010 Operating USD' },
  { sKey: 'SUPPLIER_PAYABLES', sDefaultName: 'Supplier payables', sAccount: null },
];
const routes = [
  {
    path: '/statement',
    Component: () => <AccountingExportSection from="2026-11-01" to="2026-11-28" />,
  },
];

beforeAll(() => loadFeatureTexts('statement'));
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setLanguage('en');
});

describe('AccountingExportSection', () => {
  it.each([
    [
      'en',
      'Download journal',
      'Save accounts',
      'Supplier payables (each line names its supplier)',
      'Amounts',
      'Valued in USD (with FX gain/loss)',
    ],
    [
      'sp',
      'Descargar pólizas',
      'Guardar cuentas',
      'Cuentas por pagar a proveedores (cada línea nombra a su proveedor)',
      'Importes',
      'Valuados en USD (con utilidad/pérdida cambiaria)',
    ],
  ] as const)(
    'downloads the period and saves the account names (%s)',
    async (language, download, save, payables, amounts, valuedInUsd) => {
      setLanguage(language);
      setSession({ token: 't1', user: admin });
      const calls: { url: string; method: string; body?: string }[] = [];
      fetchMock.mockImplementation(async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
        calls.push({ url, method, ...(init?.body ? { body: String(init.body) } : {}) });
        if (url.includes('accounting-export?')) {
          return new Response('Date,Entry\r\n', { headers: { 'content-type': 'text/csv' } });
        }
        return jsonResponse(200, { accounts });
      });
      const user = userEvent.setup();
      renderApp('/statement', routes);
      expect(await screen.findByDisplayValue('1010 Operating USD')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: download }));
      await vi.waitFor(() =>
        expect(
          calls.some((call) =>
            call.url.includes('format=plain&valuation=currency&from=2026-11-01&to=2026-11-28'),
          ),
        ).toBe(true),
      );

      await vi.waitFor(() =>
        expect(downloads.at(-1)).toBe('journal-plain-2026-11-01-2026-11-28.csv'),
      );

      await user.click(screen.getByRole('combobox', { name: amounts }));
      await user.click(await screen.findByRole('option', { name: valuedInUsd }));
      await user.click(screen.getByRole('button', { name: download }));
      await vi.waitFor(() =>
        expect(downloads.at(-1)).toBe('journal-plain-usd-2026-11-01-2026-11-28.csv'),
      );
      expect(calls.some((call) => call.url.includes('valuation=usd'))).toBe(true);

      await user.type(screen.getByRole('textbox', { name: payables }), '2000 AP');
      await user.click(screen.getByRole('button', { name: save }));
      await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
      const put = calls.find((call) => call.method === 'PUT')!;
      expect(JSON.parse(put.body!)).toEqual({
        mapping: { USD_BALANCE: '1010 Operating USD', SUPPLIER_PAYABLES: '2000 AP' },
      });
    },
  );
});
