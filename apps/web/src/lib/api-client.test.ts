import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';
import { setLanguage } from './i18n/i18n';
import { acknowledgeSessionEnded, isSessionEnded, subscribeSessionEnded } from './session-ended';
import { clearSession, setSession } from './session-store';
import { ana } from '../test/fixtures';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setLanguage('en');
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    acknowledgeSessionEnded();
    clearSession();
  });

  it('calls /api/v1/{lang}/ with the bearer token and a JSON body', async () => {
    setSession({ token: 'tok-123', user: ana });
    setLanguage('sp');
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));

    const result = await apiRequest<{ ok: boolean }>('auth/login', {
      method: 'POST',
      body: { sEmail: 'ana@example.com' },
    });

    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/sp/auth/login');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"sEmail":"ana@example.com"}');
  });

  it('sends no Authorization header without a session', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest('auth/password-recovery', { method: 'POST' })).resolves.toBe(undefined);
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('turns a 403 into the session-ended event and an ApiError', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSessionEnded(listener);
    fetchMock.mockResolvedValue(
      jsonResponse(403, { code: 'SESSION_EXPIRED', message: 'Your session has ended.' }),
    );

    const error = await apiRequest('dashboard').catch((caught: unknown) => caught);

    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(isSessionEnded()).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'SESSION_EXPIRED', status: 403 });
  });

  it('does not raise session ended for other errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Wrong e-mail or password.' }),
    );
    await expect(apiRequest('auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
      status: 401,
      message: 'Wrong e-mail or password.',
    });
    expect(isSessionEnded()).toBe(false);
  });

  it('keeps the field the server names', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, { code: 'EMAIL_TAKEN', message: 'Taken.', field: 'sEmail' }),
    );
    await expect(apiRequest('auth/signup/customer', { method: 'POST' })).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
      field: 'sEmail',
    });
  });

  it('reports a network failure clearly', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('auth/me')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });

  it('reports an error answer that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('auth/me')).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
      status: 502,
    });
  });
});
