import type { SessionUser } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../lib/format';
import { getSession, setSession } from '../../lib/session-store';
import { jsonResponse, renderApp } from '../../test/render-app';

const grower: SessionUser = {
  sUserId: 'u1',
  sFullName: 'Rosa Campos',
  sEmail: 'rosa@example.mx',
  sEnterpriseId: 'e1',
  sRole: 'vendor',
  isManager: true,
  sTeamRole: 'ADMIN',
};

const rosa = {
  sUserId: 'u1',
  sName: 'Rosa',
  sLastName: 'Campos',
  sEmail: 'rosa@example.mx',
  sPhone: null,
  sJobTitle: null,
  sRole: 'vendor',
  isManager: true,
  sTeamRole: 'ADMIN',
  bActive: true,
  created_at: '2026-01-02T00:00:00.000Z',
};

const emptyBank = {
  sBank_name: null,
  sAccount_number: null,
  sRouting_number: null,
  clabe: null,
  sBank_mxn_account: null,
  dPayoutsHeldUntil: null,
};

type Handler = (init: RequestInit | undefined) => Response;

const fetchMock = vi.fn<typeof fetch>();
let handlers: Record<string, Handler>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  handlers = {
    'GET auth/me': () => {
      const user = getSession()?.user ?? grower;
      return jsonResponse(200, {
        user,
        enterprise: { sEnterpriseId: 'e1', sName: 'Huertas', bVerified: false, sType: user.sRole },
      });
    },
    'GET profile/me': () => jsonResponse(200, { user: rosa }),
    'GET profile/bank': () => jsonResponse(200, { bank: emptyBank }),
    'GET profile/users?page=1&limit=50': () =>
      jsonResponse(200, { users: [rosa], total: 1, page: 1, limit: 50 }),
  };
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input).replace(/^\/api\/v1\/(en|sp)\//, '');
    const handler = handlers[`${init?.method ?? 'GET'} ${path}`];
    return handler ? handler(init) : jsonResponse(404, { code: 'NOT_FOUND', message: path });
  });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function calls(method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && String(input).endsWith(path),
  );
}

describe('profile page', () => {
  it('shows a grower seven tabs and a buyer five; other numbers go to the first', async () => {
    setSession({ token: 't1', user: grower });
    const first = renderApp('/profile/tab/0');
    const tabs = await screen.findByRole('tablist', { name: 'Profile sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'User data',
      'Enterprise data',
      'Sub-users',
      'Bank registration',
      'Articles',
      'Notifications',
      'Webhooks',
    ]);
    first.unmount();

    setSession({ token: 't2', user: { ...grower, sRole: 'customer' } });
    const second = renderApp('/profile/tab/4');
    await waitFor(() => expect(second.currentPath()).toBe('/profile/tab/0'));
    const buyerTabs = await screen.findByRole('tablist', { name: 'Profile sections' });
    expect(within(buyerTabs).getAllByRole('tab')).toHaveLength(5);
  });

  it('checks the CLABE check digit before sending and shows the server refusal on the field', async () => {
    setSession({ token: 't1', user: grower });
    handlers['PUT profile/bank'] = () =>
      jsonResponse(400, {
        code: 'INVALID_INPUT',
        message: 'The request has invalid or missing data.',
        field: 'clabe',
      });
    const user = userEvent.setup();
    renderApp('/profile/tab/3');

    const clabe = await screen.findByRole('textbox', { name: 'CLABE' });
    await user.type(clabe, '012180026050783859');
    await user.type(screen.getByRole('textbox', { name: 'Bank name (MXN)' }), 'BBVA MEXICO');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This CLABE is not valid: its check digit does not match.'),
    ).toBeTruthy();
    expect(calls('PUT', 'profile/bank')).toHaveLength(0);

    await user.clear(clabe);
    await user.type(clabe, '012180026050783858');
    expect(await screen.findByText('Bank of this CLABE: BBVA MEXICO')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The server did not accept this CLABE: check the 18 digits.'),
    ).toBeTruthy();
    const [[, init]] = calls('PUT', 'profile/bank') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      sBank_name: null,
      sAccount_number: null,
      sRouting_number: null,
      clabe: '012180026050783858',
      sBank_mxn_account: 'BBVA MEXICO',
    });
  }, 20_000); // typing 18 digits twice is slow on a busy machine

  it('asks for the password in a dialog before changing the CLABE, then shows the payouts held', async () => {
    setSession({ token: 't1', user: grower });
    const registered = {
      ...emptyBank,
      clabe: '012180026050783858',
      sBank_mxn_account: 'BBVA MEXICO',
    };
    handlers['GET profile/bank'] = () => jsonResponse(200, { bank: registered });
    const sent: Array<Record<string, unknown>> = [];
    handlers['PUT profile/bank'] = (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push(body);
      if (body['sPassword'] === undefined) {
        return jsonResponse(401, {
          code: 'PASSWORD_REQUIRED',
          message: 'Enter your password again to confirm this change.',
          field: 'sPassword',
        });
      }
      if (body['sPassword'] !== 'right-pass') {
        return jsonResponse(401, {
          code: 'PASSWORD_INVALID',
          message: 'The password is not correct.',
          field: 'sPassword',
        });
      }
      return jsonResponse(200, {
        bank: {
          ...registered,
          clabe: '014180605078385123',
          sBank_mxn_account: 'SANTANDER',
          dPayoutsHeldUntil: '2026-11-29T10:00:00.000Z',
        },
      });
    };
    const user = userEvent.setup();
    renderApp('/profile/tab/3');
    // A busy machine renders the tab slowly.
    const slow = { timeout: 15_000 };
    const clabe = await screen.findByRole('textbox', { name: 'CLABE' }, slow);
    expect(screen.queryByTestId('bank-pending-change')).toBeNull();
    await user.clear(clabe);
    await user.click(clabe);
    await user.paste('014180605078385123');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' }, slow);
    const password = within(dialog).getByLabelText(/Password/);
    await user.type(password, 'wrong-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The password is not correct.', {}, slow)).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'right-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByTestId('bank-pending-change', {}, slow)).toBeTruthy();
    expect(screen.getByTestId('bank-pending-change').textContent).toMatch(/held until .*2026/);
    expect(sent.map((body) => body['sPassword'])).toEqual([undefined, 'wrong-pass', 'right-pass']);
    expect(sent[2]).toMatchObject({ clabe: '014180605078385123' });
  }, 60_000);

  it('says so when the server refuses to deactivate the signed-in manager', async () => {
    setSession({ token: 't1', user: grower });
    handlers['PUT profile/users/u1'] = () =>
      jsonResponse(409, {
        code: 'INVALID_STATE',
        message: 'This operation is not allowed in the current state.',
        field: 'bActive',
      });
    const user = userEvent.setup();
    renderApp('/profile/tab/2');

    await user.click(await screen.findByRole('button', { name: 'Deactivate Rosa Campos' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('You cannot deactivate your own account.')).toBeTruthy();
    const [[, init]] = calls('PUT', 'profile/users/u1') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ bActive: false });
  });

  it("lets an admin set the company's time zone, and the screens follow its clock at once", async () => {
    setSession({ token: 't1', user: { ...grower, sTimeZone: 'America/Mexico_City' } });
    const enterprise = {
      sEnterpriseId: 'e1',
      sName: 'Huertas',
      bVerified: false,
      sLegalAddress: null,
      sPacaLicense: null,
      sBlueBookNumber: null,
      sTaxId: null,
      sDescription: null,
      sType: 'vendor',
      sTimeZone: 'America/Mexico_City',
    };
    let sent: Record<string, unknown> | undefined;
    handlers['GET customers/enterprises/e1'] = () => jsonResponse(200, { results: enterprise });
    handlers['PUT profile/enterprise'] = (init) => {
      sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return jsonResponse(200, { enterprise: { ...enterprise, sTimeZone: sent['sTimeZone'] } });
    };
    const user = userEvent.setup();
    renderApp('/profile/tab/1');
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect((zone as HTMLInputElement).value).toBe('America/Mexico_City');

    await user.clear(zone);
    await user.type(zone, 'America/New_Y');
    await user.click(await screen.findByRole('option', { name: 'America/New_York' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent?.['sTimeZone']).toBe('America/New_York'));
    await waitFor(() => expect(getSession()?.user.sTimeZone).toBe('America/New_York'));
    expect(formatTime(new Date('2026-11-21T21:04:05Z'), 'en')).toMatch(/^4:04:05\sPM EST$/);
  });
});
