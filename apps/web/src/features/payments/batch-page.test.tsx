import type { SessionUser } from '@app/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { setSession } from '../../lib/session-store';
import { jsonResponse, renderApp } from '../../test/render-app';

const customer: SessionUser = {
  sUserId: 'u-1',
  sFullName: 'Dana Buyer',
  sEmail: 'dana@example.com',
  sEnterpriseId: 'e-1',
  sRole: 'customer',
  isManager: true,
  sTeamRole: 'ADMIN',
};

/** A batch whose second line failed: no payment, only what it asked for. */
const batch = {
  sBatchId: 'b-1',
  created_at: '2026-11-21T18:00:00.000Z',
  dExchangeRate: 18.0585,
  dTotalMxn: 0,
  dTotalUsd: 0,
  items: [
    {
      sStatus: 'FAILED',
      code: 'SUPPLIER_DELETED',
      asked: {
        sInvoiceName: 'F2-BORDER-000123',
        sPayeeName: 'Agrícola del Valle',
        dAmountMxn: 12500,
        dAmountUsd: 692.2,
        sConcept: null,
      },
    },
    {
      sStatus: 'NOT_ATTEMPTED',
      code: 'INSUFFICIENT_FUNDS',
      asked: {
        sInvoiceName: null,
        sPayeeName: 'Berries del Bajío',
        dAmountMxn: 3000,
        dAmountUsd: 166.13,
        sConcept: 'Anticipo',
      },
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();

function answer(url: string): Response {
  if (url.includes('/payments/batches/b-1')) return jsonResponse(200, { batch });
  if (url.includes('/auth/me')) {
    return jsonResponse(200, {
      user: customer,
      enterprise: {
        sEnterpriseId: 'e-1',
        sName: 'Dana Imports',
        bVerified: true,
        sType: 'customer',
      },
    });
  }
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'The record was not found.' });
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(async () => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('batch page', () => {
  it.each([
    ['en', 'Invoice F2-BORDER-000123'],
    ['sp', 'Factura F2-BORDER-000123'],
  ] as const)(
    'shows each failed line’s invoice, payee, amounts and reason (%s)',
    async (language, invoice) => {
      await i18n.changeLanguage(language);
      setSession({ token: 'tok', user: customer });
      fetchMock.mockImplementation(async (input) => answer(String(input)));
      renderApp('/payments/batches/b-1');

      const rows = await screen.findAllByTestId('batch-item');
      expect(rows).toHaveLength(2);
      const failed = within(rows[0]!);
      expect(failed.getByText('Agrícola del Valle')).toBeTruthy();
      expect(failed.getByText(invoice)).toBeTruthy();
      expect(failed.getByText('$12,500.00')).toBeTruthy();
      expect(failed.getByText('$692.20')).toBeTruthy();
      const notAttempted = within(rows[1]!);
      expect(notAttempted.getByText('Berries del Bajío')).toBeTruthy();
      expect(notAttempted.getByText('Anticipo')).toBeTruthy();
      expect(notAttempted.getByText('$3,000.00')).toBeTruthy();
    },
    20_000,
  );
});
