import type { SessionUser } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../lib/session-store';
import { jsonResponse, renderApp } from '../../test/render-app';

const operator: SessionUser = {
  sUserId: 'u-ops',
  sFullName: 'Omar Santos',
  sEmail: 'ops@example.com',
  sEnterpriseId: 'e-house',
  sRole: 'operator',
  isManager: true,
  sTeamRole: 'ADMIN',
};
const customer: SessionUser = { ...operator, sUserId: 'u-1', sRole: 'customer' };

const fetchMock = vi.fn<typeof fetch>();

function answer(url: string, user: SessionUser): Response {
  if (url.includes('/verified')) {
    return jsonResponse(409, {
      code: 'VERIFICATION_INCOMPLETE',
      message: 'This grower cannot be verified yet: its bank data (CLABE) is missing.',
      field: 'clabe',
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
          balances: { balanceUsd: 1234.5, balanceMxn: 0, blockedUsd: 61.73 },
        },
      ],
    });
  }
  if (url.includes('/auth/me')) {
    return jsonResponse(200, {
      user,
      enterprise: { sEnterpriseId: 'e-house', sName: 'House', bVerified: true, sType: 'operator' },
    });
  }
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'The record was not found.' });
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('back office page', () => {
  it('sends an operator from / to /operator, with its menu entry and the enterprises', async () => {
    setSession({ token: 'tok', user: operator });
    fetchMock.mockImplementation(async (input) => answer(String(input), operator));
    const { currentPath } = renderApp('/');

    await waitFor(() => expect(currentPath()).toBe('/operator'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back office' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'Back office' })).toBeTruthy();
    expect(await screen.findByText('Acme Imports LLC')).toBeTruthy();
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('$61.73')).toBeTruthy();
    // No customer money screens in the operator's menu.
    expect(within(menu).queryByRole('link', { name: 'Account statement' })).toBeNull();
    // The verified flag is set here; wires are credited on the deposits tab.
    expect(
      screen.getByRole('button', { name: 'Withdraw the verification of Acme Imports LLC' }),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Deposits' }));
    expect(
      await screen.findByRole('button', { name: 'Credit deposit: Acme Imports LLC' }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Disputes' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Held order funds' })).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/ops/enterprises'));
    expect(String(call?.[0])).toContain('/api/v1/en/ops/enterprises?page=1&limit=25');
  }, 20_000); // the whole app, its router and the lazy back-office page: 4-5 s alone, more on a busy machine

  it('asks a reason to withdraw a verification and shows a refusal in the dialog', async () => {
    setSession({ token: 'tok', user: operator });
    fetchMock.mockImplementation(async (input) => answer(String(input), operator));
    renderApp('/operator');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Withdraw the verification of Acme Imports LLC' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Withdraw the verification of Acme Imports LLC',
    });
    // No reason: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw verification' }));
    expect(within(dialog).getByText('Write the reason for this decision.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/verified'))).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'PACA suspended');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw verification' }));
    expect(
      await within(dialog).findByText(
        'This grower cannot be verified yet: its bank data (CLABE) is missing.',
      ),
    ).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/verified'));
    expect(String(call?.[0])).toContain('/api/v1/en/ops/enterprises/e1/verified');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      bVerified: false,
      sReason: 'PACA suspended',
    });
  }, 20_000);

  it('tells anyone else that the page is for the back office, without asking the API', async () => {
    setSession({ token: 'tok', user: customer });
    fetchMock.mockImplementation(async (input) => answer(String(input), customer));
    renderApp('/operator');

    expect(await screen.findByText('This page is for the back office')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).queryByRole('link', { name: 'Back office' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/ops/'))).toBe(false);
  });
});
