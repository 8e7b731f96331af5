import type { SessionUser } from '@app/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
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
let retried = false;

const deadJob = {
  sJobId: '42',
  sType: 'payouts.settle',
  sKey: 'every:payouts.settle',
  sState: 'dead',
  iAttempts: 10,
  iMaxAttempts: 10,
  sLastError: 'Error: connection refused',
  run_at: '2026-11-24T18:00:00.000Z',
  created_at: '2026-11-24T17:00:00.000Z',
  locked_at: null,
};
const queuedJob = {
  ...deadJob,
  sJobId: '43',
  sType: 'mail.send',
  sKey: 'every:mail.send',
  sState: 'queued',
  iAttempts: 0,
  sLastError: null,
};

function answer(url: string, init?: RequestInit): Response {
  if (url.includes('/ops/jobs/42/retry') && init?.method === 'POST') {
    retried = true;
    return jsonResponse(200, { sJobId: '42', sState: 'queued' });
  }
  if (url.includes('/ops/jobs')) {
    const jobs = retried
      ? [{ ...deadJob, sState: 'queued', iAttempts: 0 }, queuedJob]
      : [deadJob, queuedJob];
    return jsonResponse(200, {
      sRunner: 'graphile-worker',
      counts: { queued: retried ? 2 : 1, running: 0, failed: 0, dead: retried ? 0 : 1 },
      jobs,
    });
  }
  if (url.includes('/ops/enterprises')) return jsonResponse(200, { total: 0, enterprises: [] });
  if (url.includes('/auth/me')) {
    return jsonResponse(200, {
      user: operator,
      enterprise: { sEnterpriseId: 'e-house', sName: 'House', bVerified: true, sType: 'operator' },
    });
  }
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'The record was not found.' });
}

beforeEach(() => {
  retried = false;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('background jobs tab', () => {
  it('shows the jobs by state and retries a dead one after a confirmation', async () => {
    setSession({ token: 'tok', user: operator });
    fetchMock.mockImplementation(async (input, init) => answer(String(input), init));
    renderApp('/operator');

    fireEvent.click(await screen.findByRole('tab', { name: 'Background jobs' }));
    expect(await screen.findByText('payouts.settle')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dead (1)' })).toBeTruthy();
    expect(screen.getByText('Error: connection refused')).toBeTruthy();
    expect(screen.getByText('10 of 10')).toBeTruthy();
    // Only the dead job can be retried.
    expect(screen.getAllByRole('button', { name: /^Retry job/ })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Retry job payouts.settle now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry this job?' });
    expect(retried).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText('Job payouts.settle queued to run again.')).toBeTruthy();
    expect(retried).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dead (0)' })).toBeTruthy());
  }, 20_000);

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('sp');
    setSession({ token: 'tok', user: operator });
    fetchMock.mockImplementation(async (input, init) => answer(String(input), init));
    renderApp('/operator');

    fireEvent.click(await screen.findByRole('tab', { name: 'Tareas en segundo plano' }));
    expect(await screen.findByRole('button', { name: 'Muerta (1)' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Reintentar ahora la tarea payouts.settle' }),
    ).toBeTruthy();
  }, 20_000);
});
