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
});
