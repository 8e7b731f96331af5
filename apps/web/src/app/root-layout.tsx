import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useRefreshSessionUser } from '../features/auth/api/me';
import { watchSessionKillFlag } from '../lib/session-ended';
import { SessionEndedHost } from './session-ended-host';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** A thin bar while the next page's code loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <LinearProgress
      aria-hidden="true"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }}
    />
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
