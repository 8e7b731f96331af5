import type { SessionUser } from '@app/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session-store';
import { jsonResponse, renderApp } from '../../../test/render-app';

const operator: SessionUser = {
  sUserId: 'u-ops',
  sFullName: 'Omar Santos',
  sEmail: 'ops@example.com',
  sEnterpriseId: 'e-house',
  sRole: 'operator',
  isManager: true,
  sTeamRole: 'ADMIN',
};

const fetchMock = vi.fn<typeof fetch>();
const sent: unknown[] = [];

function answer(url: string, init?: RequestInit): Response {
  if (url.includes('/ops/spei/simulate-incoming') && init?.method === 'POST') {
    sent.push(JSON.parse(String(init.body)));
    return jsonResponse(200, {
      sClabe: '646180110400010000',
      sTrackingKey: 'LOC1795874613451123',
      dAmount: 2500.5,
      bCredited: true,
    });
  }
  if (url.includes('/ops/enterprises')) {
    return jsonResponse(200, {
      total: 1,
      enterprises: [
        {
          sEnterpriseId: 'e1',
          sName: 'Acme Imports LLC',
          sType: 'customer',
          bVerified: true,
          sDepositReference: 'PP-DEP-1',
          balances: { balanceUsd: 0, balanceMxn: 0, blockedUsd: 0 },
        },
      ],
    });
  }
  if (url.includes('/auth/me')) {
    return jsonResponse(200, {
      user: operator,
      enterprise: { sEnterpriseId: 'e-house', sName: 'House', bVerified: true, sType: 'operator' },
    });
  }
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'The record was not found.' });
}

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('simulated incoming SPEI (demo back office)', () => {
  it('refuses a bad amount, then sends the SPEI to the company and says where it went', async () => {
    setSession({ token: 'tok', user: operator });
    fetchMock.mockImplementation(async (input, init) => answer(String(input), init));
    renderApp('/operator?tab=deposits');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: 'Simulated incoming SPEI: Acme Imports LLC' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Simulated incoming SPEI to Acme Imports LLC',
    });
    const amount = within(dialog).getByRole('textbox', { name: /Amount \(MXN\)/ });
    await user.type(amount, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Send SPEI' }));
    expect(
      within(dialog).getByText('Enter an amount in pesos greater than 0, with at most 2 decimals.'),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '2,500.50');
    await user.click(within(dialog).getByRole('button', { name: 'Send SPEI' }));
    expect(
      await screen.findByText(
        /2,500\.50 MXN received by SPEI for Acme Imports LLC \(CLABE 646180110400010000\)/,
      ),
    ).toBeTruthy();
    expect(sent).toEqual([{ sEnterpriseId: 'e1', dAmount: '2500.50' }]);
  }, 60_000);
});
