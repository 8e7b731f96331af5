import { startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import type { RouteHandle } from './lazy-routes';
import { RouteErrorPage } from './routes/route-error-page';
import { RouteFallback } from './routes/route-fallback';

function handlesOf(routes: RouteObject[], location: ReturnType<typeof useLocation>) {
  return (matchRoutes(routes, location) ?? []).flatMap((match) =>
    match.route.handle ? [match.route.handle as RouteHandle] : [],
  );
}

/**
 * Renders the route a location matches. At each navigation the code (and first data) of
 * every matched route starts loading at once, before any of them renders, so a shell and
 * its page arrive together rather than one after the other. The first page shows a spinner
 * until its code is in and then renders in one transition (its own lazy parts, such as a
 * table, still come after it); later pages stay on screen while the next one loads (React
 * Router navigates in a transition), with a progress bar (`RootLayout`). A page whose code
 * fails to load (e.g. its chunk after a deploy) shows an error with a reload button.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const started = useRef<string>(undefined);
  if (started.current !== location.key) {
    started.current = location.key;
    for (const handle of handlesOf(routes, location)) handle.start();
  }
  const [firstPageReady, setFirstPageReady] = useState(() =>
    handlesOf(routes, location).every((handle) => handle.isLoaded()),
  );
  useEffect(() => {
    if (firstPageReady) return;
    let live = true;
    const reveal = () => {
      if (live) startTransition(() => setFirstPageReady(true));
    };
    // A failed chunk is revealed too: its route throws, and the error page shows.
    Promise.all(handlesOf(routes, location).map((handle) => handle.ready())).then(reveal, reveal);
    return () => {
      live = false;
    };
    // The first location only: later ones are navigations.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const element = useRoutes(routes, location);
  return (
    <ErrorBoundary FallbackComponent={RouteErrorPage} resetKeys={[location.pathname]}>
      <Suspense fallback={<RouteFallback />}>
        {firstPageReady ? element : <RouteFallback />}
      </Suspense>
    </ErrorBoundary>
  );
}
