import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { jsonResponse, renderApp } from '../../test/render-app';
import { ApprovalsPage } from './approvals-page';

const fetchMock = vi.fn<typeof fetch>();
const routes = [{ path: '/approvals', Component: ApprovalsPage }];

/** An approved pay-now the finishing job could not run (the server words the reason). */
function failedApproval(reason: string) {
  return {
    sApprovalId: '0b7c3e52-8a8e-4f2b-9d55-0d6e4c1f7a10',
    sKind: 'PAY_NOW',
    sStatus: 'FAILED',
    dAmountUsd: 900,
    sSummary: 'Agrícola del Valle',
    request: {},
    requestedBy: { sUserId: 'u1', sFullName: 'Ana García' },
    requested_at: '2026-11-28T10:00:00.000Z',
    expiresAt: '2026-12-01T10:00:00.000Z',
    decidedBy: { sUserId: 'u2', sFullName: 'Luis Pérez' },
    decided_at: '2026-11-28T10:05:00.000Z',
    sReason: null,
    sFailureCode: 'INSUFFICIENT_FUNDS',
    sFailureReason: reason,
    result: null,
    bMine: false,
    iApproversRequired: 1,
    approvedBy: [],
    oDetails: {
      sWhat: 'Send USD to a supplier now',
      bMovesMoney: true,
      aPayees: [{ sName: 'Agrícola del Valle', sClabe: '********9719' }],
      aInvoices: [],
      dAmountUsd: 6000,
      dAmountMxn: 109500,
      dExchangeRate: 18.25,
      sConcept: 'Fresas',
      aLines: [],
      aChanges: [],
    },
  };
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setLanguage('en');
});

describe('ApprovalsPage', () => {
  it.each([
    ['en', 'All', 'Failed', 'Your USD balance does not cover this payment.'],
    ['sp', 'Todas', 'Fallida', 'Tu saldo en USD no alcanza para este pago.'],
  ] as const)(
    'shows a failed approval with why it did not run (%s)',
    async (language, all, status, reason) => {
      setLanguage(language);
      fetchMock.mockImplementation(async (input) => {
        const url = String(input instanceof Request ? input.url : input);
        const approvals = url.includes('status=PENDING') ? [] : [failedApproval(reason)];
        return jsonResponse(200, {
          approvals,
          total: approvals.length,
          iPending: 0,
          page: 1,
          limit: 50,
        });
      });
      const user = userEvent.setup();
      renderApp('/approvals', routes);

      await user.click(await screen.findByRole('button', { name: all }));

      expect(await screen.findByText(reason)).toBeTruthy();
      expect(screen.getByText(status)).toBeTruthy();
    },
  );
});
