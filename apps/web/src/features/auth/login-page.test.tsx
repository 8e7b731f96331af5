import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFeatureTexts } from '../../lib/i18n/feature-texts';
import { setLanguage } from '../../lib/i18n/i18n';
import { jsonResponse, renderApp } from '../../test/render-app';
import { LoginPage } from './login-page';

const fetchMock = vi.fn<typeof fetch>();
const routes = [{ path: '/login', Component: LoginPage }];

// The route loads the page's texts with its code; here the page is rendered directly.
beforeAll(() => loadFeatureTexts('auth'));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function emailField(name = 'E-mail') {
  return screen.getByRole('textbox', { name }) as HTMLInputElement;
}

describe('LoginPage', () => {
  it('shows a required-field error on the e-mail field and sends nothing', async () => {
    const user = userEvent.setup();
    renderApp('/login', routes);

    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const email = emailField();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
    const helper = document.getElementById(email.getAttribute('aria-describedby')!);
    expect(helper?.textContent).toBe('This field is required.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains a malformed e-mail', async () => {
    const user = userEvent.setup();
    renderApp('/login', routes);

    await user.type(emailField(), 'ana-at-example');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows field errors in Spanish when the language is sp', async () => {
    setLanguage('sp');
    const user = userEvent.setup();
    renderApp('/login', routes);

    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(emailField('Correo electrónico').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('El campo es obligatorio')).toHaveLength(2);
  });

  it('puts a server error that names a field on that field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        code: 'INVALID_INPUT',
        message: 'This e-mail domain does not accept mail.',
        field: 'sEmail',
      }),
    );
    const user = userEvent.setup();
    renderApp('/login', routes);

    await user.type(emailField(), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('This e-mail domain does not accept mail.')).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/en/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      sEmail: 'ana@example.com',
      sPassword: 'secret-password',
    });
  });
});
