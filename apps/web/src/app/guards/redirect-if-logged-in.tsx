import { Navigate, Outlet, useLocation } from 'react-router';
import { homePathFor, useSession } from '../../lib/session-store';

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

/** The page the user was sent away from by RequireAuth, if any. */
function returnPath(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return null;
  if (from.pathname === '/login') return null;
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${from.pathname}${search}${hash}`;
}

/**
 * /login for a logged-in user: back to where they were going, else their home
 * (customers and operators: /exchange; vendors: /home). This also completes a login.
 */
export function RedirectIfLoggedIn() {
  const session = useSession();
  const location = useLocation();
  if (session) {
    return <Navigate to={returnPath(location.state) ?? homePathFor(session.user)} replace />;
  }
  return <Outlet />;
}
