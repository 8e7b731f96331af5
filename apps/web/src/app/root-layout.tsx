import { lazy, Suspense, useEffect, useState } from 'react';
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

/** A thin bar while the next page's code loads (not the first page's: a spinner shows then). */
function NavigationProgress() {
  const loading = usePageLoading();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(true);
    return whenIdle(() => void loadLinearProgress().catch(() => undefined));
  }, []);
  if (!loading || !shown) return null;
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
