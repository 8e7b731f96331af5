import type { SessionUser } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KILL_STORAGE_KEY } from '../lib/session-ended';
import { setSession } from '../lib/session-store';
import { ana } from '../test/fixtures';
import { jsonResponse, renderApp } from '../test/render-app';

const fetchMock = vi.fn<typeof fetch>();

function meAnswer(user: SessionUser) {
  return jsonResponse(200, {
    user,
    enterprise: { sEnterpriseId: 'e1', sName: 'Acme', bVerified: true, sType: user.sRole },
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('route guards', () => {
  it('sends a visitor without a token from a dashboard route to /login', async () => {
    const { currentPath } = renderApp('/exchange');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(currentPath()).toBe('/login');
    expect(screen.queryByTestId('greeting')).toBeNull();
  });

  it('sends a visitor from an admin route to /login too', async () => {
    const { currentPath } = renderApp('/warehouse');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(currentPath()).toBe('/login');
  });

  it('returns to the page asked for after logging in', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/auth/login')
        ? jsonResponse(200, { token: 'tok-1', user: ana })
        : meAnswer(ana),
    );
    const user = userEvent.setup();
    const { currentPath } = renderApp('/suppliers');

    await user.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Suppliers' })).toBeTruthy();
    expect(currentPath()).toBe('/suppliers');
    expect(screen.getByTestId('greeting').textContent).toBe('Hello, Ana López');
  });

  it('shows the dashboard shell with greeting and clock to a logged-in user', async () => {
    setSession({ token: 'tok-1', user: ana });
    fetchMock.mockResolvedValue(meAnswer(ana));
    // /test (income history) is the growers' income page now; a buyer is told so.
    renderApp('/test');

    expect(await screen.findByRole('heading', { level: 1, name: 'Income history' })).toBeTruthy();
    expect(screen.getByTestId('greeting').textContent).toBe('Hello, Ana López');
    expect(screen.getByTestId('clock').textContent).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    expect(screen.getByText('The income history is for growers.')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'Account statement' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: /Income history/ })).toBeNull();
  });

  it('opens the phone menu from the header button, and a link in it closes it', async () => {
    setSession({ token: 'tok-1', user: ana });
    fetchMock.mockResolvedValue(meAnswer(ana));
    const user = userEvent.setup();
    const { currentPath } = renderApp('/test');
    await screen.findByRole('heading', { level: 1, name: 'Income history' });
    // Only the docked menu is there until the phone menu is asked for.
    expect(screen.getAllByRole('navigation', { name: 'Dashboard menu' })).toHaveLength(1);

    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const drawer = await screen.findByRole('presentation');
    const phoneMenu = within(drawer).getByRole('navigation', { name: 'Dashboard menu' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The button's aria-controls names the menu it opens.
    expect(
      document.getElementById(button.getAttribute('aria-controls') ?? '')?.contains(phoneMenu),
    ).toBe(true);

    await user.click(within(phoneMenu).getByRole('link', { name: 'Account statement' }));
    await waitFor(() => expect(currentPath()).toBe('/statement'));
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
  });

  it('switches the language from the header, everywhere, and remembers it', async () => {
    setSession({ token: 'tok-1', user: ana });
    fetchMock.mockResolvedValue(meAnswer(ana));
    const user = userEvent.setup();
    renderApp('/test');

    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await user.click(screen.getByRole('option', { name: 'Español' }));

    expect(await screen.findByRole('link', { name: 'Seguimiento de facturas' })).toBeTruthy();
    expect(screen.getByTestId('greeting').textContent).toBe('Hola, Ana López');
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    expect(screen.getByText('El historial de ingresos es para productores.')).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('sp');
    expect(document.documentElement.lang).toBe('es');
  });

  it('tells a user who is not the administrator that the page needs one', async () => {
    const member = { ...ana, isManager: false };
    setSession({ token: 'tok-2', user: member });
    fetchMock.mockResolvedValue(meAnswer(member));
    const { currentPath } = renderApp('/audit-log');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Administrator account needed' }),
    ).toBeTruthy();
    expect(currentPath()).toBe('/audit-log');
  });

  it('sends a logged-in customer who opens /login to /exchange, and a vendor to /home', async () => {
    setSession({ token: 'tok-1', user: ana });
    fetchMock.mockResolvedValue(meAnswer(ana));
    const first = renderApp('/login');
    await waitFor(() => expect(first.currentPath()).toBe('/exchange'));
    first.unmount();

    const vendor = { ...ana, sRole: 'vendor' as const };
    setSession({ token: 'tok-3', user: vendor });
    fetchMock.mockResolvedValue(meAnswer(vendor));
    const second = renderApp('/login');
    await waitFor(() => expect(second.currentPath()).toBe('/home'));
  });

  it('shows the landing page for an unknown path and keeps the URL', async () => {
    const { currentPath } = renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Fresh Mexican produce/ }),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Sign up' })).toBeTruthy();
    expect(currentPath()).toBe('/no/such/page');
  });

  it('sends / to /home for a visitor and to /exchange for a logged-in user', async () => {
    const visitor = renderApp('/');
    await waitFor(() => expect(visitor.currentPath()).toBe('/home'));
    visitor.unmount();

    setSession({ token: 'tok-1', user: ana });
    fetchMock.mockResolvedValue(meAnswer(ana));
    const member = renderApp('/');
    await waitFor(() => expect(member.currentPath()).toBe('/exchange'));
  });
});

describe('session ended', () => {
  it('opens on a 403 and OK clears the session but keeps the language', async () => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('somethingElse', '1');
    setSession({ token: 'expired', user: ana });
    fetchMock.mockResolvedValue(
      jsonResponse(403, { code: 'SESSION_EXPIRED', message: 'Your session has ended.' }),
    );
    const user = userEvent.setup();
    const { currentPath } = renderApp('/exchange');

    const dialog = await screen.findByRole('dialog', { name: 'Session ended' });
    expect(within(dialog).getByText('Your session has ended due to inactivity.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Session ended' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(currentPath()).toBe('/login'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('session')).toBeNull();
    expect(localStorage.getItem('somethingElse')).toBeNull();
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('opens when the session-kill flag is set at start', async () => {
    localStorage.setItem(SESSION_KILL_STORAGE_KEY, '1');
    renderApp('/home');
    expect(await screen.findByRole('dialog', { name: 'Session ended' })).toBeTruthy();
  });
});
