import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { jsonResponse, renderApp } from '../../test/render-app';
import { ApiKeysSection } from './api-keys-section';

const fetchMock = vi.fn<typeof fetch>();
const routes = [{ path: '/team/settings', Component: ApiKeysSection }];

const listed = {
  sApiKeyId: '6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
  sName: 'Nightly ERP sync',
  aScopes: ['read', 'invoices'],
  sPrefix: 'ppk_AbC123',
  dExpiresAt: '2027-02-26T10:00:00.000Z',
  dCreatedAt: '2026-11-28T10:00:00.000Z',
  dLastUsedAt: null,
  dRevokedAt: null,
  sCreatedBy: 'Ana García',
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setLanguage('en');
});

describe('ApiKeysSection', () => {
  it.each([
    ['en', 'Nightly ERP sync', 'New API key', 'Create key', 'Your new API key'],
    ['sp', 'Nightly ERP sync', 'Nueva clave de API', 'Crear clave', 'Tu nueva clave de API'],
  ] as const)(
    'lists keys and shows a new key once (%s)',
    async (language, name, add, create, shown) => {
      setLanguage(language);
      const posted: unknown[] = [];
      fetchMock.mockImplementation(async (input, init) => {
        const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
        if (method === 'POST') {
          const body = input instanceof Request ? await input.text() : String(init?.body);
          posted.push(JSON.parse(body));
          return jsonResponse(201, {
            apiKey: { ...listed, sName: 'Payments', sSecret: 'ppk_secret-shown-once' },
          });
        }
        return jsonResponse(200, { apiKeys: [listed] });
      });
      const user = userEvent.setup();
      renderApp('/team/settings', routes);
      const table = await screen.findByRole('table');
      expect(within(table).getByText(name)).toBeTruthy();
      expect(within(table).getByText('ppk_AbC123…')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: add }));
      const dialog = await screen.findByRole('dialog');
      // Nothing is sent without a name.
      await user.click(within(dialog).getByRole('button', { name: create }));
      expect(posted).toEqual([]);
      await user.type(within(dialog).getAllByRole('textbox')[0]!, 'Payments');
      await user.click(within(dialog).getByRole('button', { name: create }));
      expect(await screen.findByRole('dialog', { name: shown })).toBeTruthy();
      expect(screen.getByDisplayValue('ppk_secret-shown-once')).toBeTruthy();
      expect(posted).toEqual([expect.objectContaining({ sName: 'Payments', aScopes: ['read'] })]);
    },
  );
});
