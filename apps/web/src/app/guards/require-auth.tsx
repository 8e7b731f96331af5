import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session-store';

/** Routes that need a logged-in user: without a token, go to /login and come back after. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
