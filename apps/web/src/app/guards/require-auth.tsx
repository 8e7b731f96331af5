import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session-store';

/** Routes that need a logged-in user: without a token, go to /login and come back after. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location }} />;
  // The company requires a second factor this user has not set up: the security page first.
  if (session.user.bTotpSetupRequired && location.pathname !== '/security') {
    return <Navigate to="/security" replace />;
  }
  return <Outlet />;
}
