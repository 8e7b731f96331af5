import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useRefreshSessionUser } from '../features/auth/api/me';
import { watchSessionKillFlag } from '../lib/session-ended';
import { whenIdle } from '../lib/when-idle';
import { usePageLoading } from './page-loads';
import { SessionEndedHost } from './session-ended-host';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

// The bar is only wanted from the first navigation on: its code comes once the first page has
// settled, not with it.
const loadLinearProgress = () => import('@mui/material/LinearProgress');
const LinearProgress = lazy(loadLinearProgress);

/**
 * A thin bar while the next page's code loads. (The first page's code is in before this
 * layout renders: `AppRoutes` shows a spinner until then.)
 */
function NavigationProgress() {
  const loading = usePageLoading();
  useEffect(() => whenIdle(() => void loadLinearProgress().catch(() => undefined)), []);
  if (!loading) return null;
  return (
    <Suspense fallback={null}>
      <LinearProgress
        aria-hidden="true"
        sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }}
      />
    </Suspense>
  );
}

/** Above every route: session refresh, session-end handling, scroll reset. */
export function RootLayout() {
  useRefreshSessionUser();
  useEffect(() => watchSessionKillFlag(), []);
  return (
    <>
      <ScrollToTop />
      <NavigationProgress />
      <Outlet />
      <SessionEndedHost />
    </>
  );
}
