import { Suspense, useRef } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import type { RouteHandle } from './lazy-routes';
import { RouteErrorPage } from './routes/route-error-page';
import { RouteFallback } from './routes/route-fallback';

/**
 * Renders the route a location matches. At each navigation the code (and first data) of
 * every matched route starts loading at once, before any of them renders, so a shell and
 * its page arrive together rather than one after the other. The previous page stays on
 * screen while they load (React Router navigates in a transition), with a progress bar
 * (`RootLayout`); the first page shows a spinner instead. A page whose code fails to load
 * (e.g. its chunk after a deploy) shows an error with a reload button.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const started = useRef<string>(undefined);
  if (started.current !== location.key) {
    started.current = location.key;
    for (const match of matchRoutes(routes, location) ?? []) {
      (match.route.handle as RouteHandle | undefined)?.start();
    }
  }
  const element = useRoutes(routes, location);
  return (
    <ErrorBoundary FallbackComponent={RouteErrorPage} resetKeys={[location.pathname]}>
      <Suspense fallback={<RouteFallback />}>{element}</Suspense>
    </ErrorBoundary>
  );
}
