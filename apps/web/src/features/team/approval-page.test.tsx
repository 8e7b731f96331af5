import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { jsonResponse, renderApp } from '../../test/render-app';
import { ApprovalPage } from './approval-page';

const fetchMock = vi.fn<typeof fetch>();
const routes = [{ path: '/approvals/:approvalId', Component: ApprovalPage }];
const approvalId = '0b7c3e52-8a8e-4f2b-9d55-0d6e4c1f7a10';

/** A payment above the second level: two approvers needed, one has approved. */
const halfApproved = {
  sApprovalId: approvalId,
  sKind: 'PAY_NOW',
  sStatus: 'PENDING',
  dAmountUsd: 6000,
  sSummary: 'Agrícola del Valle',
  request: {},
  requestedBy: { sUserId: 'u1', sFullName: 'Ana García' },
  requested_at: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-12-01T10:00:00.000Z',
  decidedBy: null,
  decided_at: null,
  sReason: null,
  sFailureCode: null,
  sFailureReason: null,
  result: null,
  bMine: false,
  iApproversRequired: 2,
  approvedBy: [{ sUserId: 'u2', sFullName: 'Luis Pérez', dAt: '2026-11-28T10:05:00.000Z' }],
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

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setLanguage('en');
});

describe('ApprovalPage', () => {
  it.each([
    ['en', 'Approved by', 'One more approver needed (of 2).'],
    ['sp', 'Aprobada por', 'Falta un aprobador más (de 2).'],
  ] as const)(
    'shows who approved and how many are still needed (%s)',
    async (language, label, needed) => {
      setLanguage(language);
      fetchMock.mockImplementation(async () => jsonResponse(200, { approval: halfApproved }));
      renderApp(`/approvals/${approvalId}`, routes);
      expect(await screen.findByText(label)).toBeTruthy();
      expect(screen.getByText(/Luis Pérez/)).toBeTruthy();
      expect(screen.getByText(needed)).toBeTruthy();
    },
  );

  it('reads a batch as its lines, and a supplier change as what changes, never ids or field names', async () => {
    const batch = {
      ...halfApproved,
      sKind: 'BATCH',
      sSummary: '2',
      request: { sExchangeRateReference: 'q-1', items: [{ sInvoiceId: 'inv-uuid' }] },
      oDetails: {
        ...halfApproved.oDetails,
        sWhat: 'Pay a batch of suppliers',
        aInvoices: ['F2-BO-1001'],
        aLines: [
          {
            sPayee: 'Agrícola del Valle',
            sClabe: '********9719',
            sInvoice: 'F2-BO-1001',
            dAmountUsd: 100,
            dAmountMxn: 1825,
          },
        ],
      },
    };
    fetchMock.mockImplementation(async () => jsonResponse(200, { approval: batch }));
    const { unmount } = renderApp(`/approvals/${approvalId}`, routes);
    const lines = await screen.findByRole('table', { name: 'Lines of the batch' });
    expect(lines.textContent).toContain('F2-BO-1001');
    expect(lines.textContent).toContain('1,825.00');
    expect(screen.getByTestId('approval-detail').textContent).not.toMatch(
      /sInvoiceId|inv-uuid|sExchangeRateReference/,
    );
    unmount();

    setLanguage('sp');
    const change = {
      ...halfApproved,
      sKind: 'SUPPLIER_UPDATE',
      oDetails: {
        ...halfApproved.oDetails,
        sWhat: 'La cuenta bancaria nueva de un proveedor',
        bMovesMoney: false,
        dExchangeRate: null,
        aChanges: [{ sField: 'Banco', sFrom: 'BBVA MEXICO', sTo: 'BANORTE' }],
      },
    };
    fetchMock.mockImplementation(async () => jsonResponse(200, { approval: change }));
    renderApp(`/approvals/${approvalId}`, routes);
    const changes = await screen.findByRole('table', { name: 'Cambios al proveedor' });
    expect(changes.textContent).toContain('BANORTE');
    expect(screen.getByText(/No se mueve dinero/)).toBeTruthy();
    expect(screen.queryByText(/Monto \(MXN\)/)).toBeNull();
  });
});
