import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { Link, Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../lib/session-store';
import { ana } from '../test/fixtures';
import { renderApp } from '../test/render-app';

/** A component whose code arrives when the test says so. */
function deferredComponent() {
  let deliver: (component: ComponentType) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<ComponentType>((resolve) => {
        deliver = resolve;
      }),
  );
  return { load, deliver: (component: ComponentType) => deliver(component) };
}

function Shell() {
  return (
    <>
      <p>The shell</p>
      <Outlet />
    </>
  );
}

describe('the route renderer', () => {
  it('starts the code of a shell and its page together, with a spinner until both are in', async () => {
    const shell = deferredComponent();
    const page = deferredComponent();
    const prefetch = vi.fn();
    renderApp('/figures', [
      {
        lazyComponent: shell.load,
        children: [{ path: 'figures', lazyComponent: page.load, prefetch }],
      },
    ]);

    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    // Neither waits for the other: the page's code is asked for before the shell's arrives.
    expect(shell.load).toHaveBeenCalledTimes(1);
    expect(page.load).toHaveBeenCalledTimes(1);
    // No session, no data asked for.
    expect(prefetch).not.toHaveBeenCalled();

    page.deliver(() => <h1>Figures</h1>);
    shell.deliver(Shell);
    expect(await screen.findByRole('heading', { name: 'Figures' })).toBeTruthy();
    expect(screen.getByText('The shell')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("asks for a page's data as its code loads when there is a session", async () => {
    setSession({ token: 'tok-1', user: ana });
    const page = deferredComponent();
    const prefetch = vi.fn();
    renderApp('/figures', [{ path: 'figures', lazyComponent: page.load, prefetch }]);

    await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'Figures' })).toBeNull();
    page.deliver(() => <h1>Figures</h1>);
    expect(await screen.findByRole('heading', { name: 'Figures' })).toBeTruthy();
  });

  it('keeps the page on screen while the next one loads, then shows it', async () => {
    const next = deferredComponent();
    const user = userEvent.setup();
    const { currentPath } = renderApp('/', [
      { path: '/', element: <Link to="/next">Go on</Link> },
      { path: 'next', lazyComponent: next.load },
    ]);

    await user.click(await screen.findByRole('link', { name: 'Go on' }));
    await waitFor(() => expect(next.load).toHaveBeenCalledTimes(1));
    // The navigation waits for the code in a transition: no spinner replaces the page.
    expect(screen.getByRole('link', { name: 'Go on' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Loading…' })).toBeNull();

    next.deliver(() => <h1>Next page</h1>);
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeTruthy();
    expect(currentPath()).toBe('/next');
  });

  it('says a page could not load and offers a reload, instead of a blank screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/broken', [
      {
        path: 'broken',
        lazyComponent: () =>
          Promise.reject(new Error('Failed to fetch dynamically imported module')),
      },
    ]);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });
});
