import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../app/app-routes';
import { type AppRoute, toRouteObjects } from '../app/lazy-routes';
import { AppProviders } from '../app/providers';
import { createRoutes } from '../app/router';

/** Renders the app's route table (or given routes) at `path`, with all providers. */
export function renderApp(path: string, routes?: AppRoute[]) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const shown = { pathname: path };
  function LocationProbe() {
    shown.pathname = useLocation().pathname;
    return null;
  }
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes routes={toRouteObjects(routes ?? createRoutes(queryClient))} />
      </MemoryRouter>
    </AppProviders>,
  );
  /** The path the router is at now (after any redirect). */
  const currentPath = () => shown.pathname;
  return { ...view, currentPath, queryClient };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
