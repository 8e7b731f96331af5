import { makeClabe, type SessionUser } from '@app/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session-store';
import { jsonResponse, renderApp } from '../../../test/render-app';

const grower: SessionUser = {
  sUserId: 'u1',
  sFullName: 'Rosa Campos',
  sEmail: 'rosa@example.mx',
  sEnterpriseId: 'e1',
  sRole: 'vendor',
  isManager: true,
  sTeamRole: 'ADMIN',
};

const enterprise = {
  sEnterpriseId: 'e1',
  sName: 'Huertas',
  bVerified: false,
  sLegalAddress: null,
  sPacaLicense: '20241187',
  sBlueBookNumber: null,
  sTaxId: 'HRE120315AB1',
  sDescription: null,
  sType: 'vendor',
};

const REASON = 'PACA licence suspended by the USDA.';
const fetchMock = vi.fn<typeof fetch>();

/** The answers of a grower with everything registered whose verification was withdrawn. */
function answer(path: string): Response {
  if (path.startsWith('auth/me')) return jsonResponse(200, { user: grower, enterprise });
  if (path.startsWith('customers/enterprises/e1'))
    return jsonResponse(200, { results: enterprise });
  if (path.startsWith('profile/bank')) {
    return jsonResponse(200, {
      bank: {
        sBank_name: null,
        sAccount_number: null,
        sRouting_number: null,
        clabe: makeClabe('012', '180', '00118359712'),
        sBank_mxn_account: 'BBVA MEXICO',
        dPayoutsHeldUntil: null,
      },
    });
  }
  if (path.startsWith('vendor/articles')) {
    return jsonResponse(200, {
      articles: [{ bActive: true, aImages: [{ sImageId: 'i1', sUrl: '/x.png' }] }],
      total: 1,
      page: 1,
      limit: 100,
    });
  }
  if (path.startsWith('vendor/verification')) {
    return jsonResponse(200, {
      bVerified: false,
      bListed: false,
      aMissing: [],
      sReason: REASON,
      changed_at: '2026-11-28T10:00:00.000Z',
    });
  }
  return jsonResponse(404, { code: 'NOT_FOUND', message: path });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) =>
    answer(String(input).replace(/^\/api\/v1\/(en|sp)\//, '')),
  );
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('grower checklist card', () => {
  it("shows a grower whose verification was withdrawn the back office's reason", async () => {
    setSession({ token: 'tok', user: grower });
    renderApp('/home');
    const card = await screen.findByRole('region', { name: 'Get ready to sell' });
    expect(await within(card).findByText(/4 of 5 done/)).toBeTruthy();
    expect(within(card).getByTestId('verification-status').textContent).toBe(
      `Your verification was withdrawn, so buyers do not see your articles: ${REASON}`,
    );
    // The back office's step has no link: the grower cannot do it itself.
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Preview your storefront']);
  }, 20_000);
});
