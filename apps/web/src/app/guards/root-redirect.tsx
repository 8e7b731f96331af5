import { Navigate } from 'react-router';
import { useSession } from '../../lib/session-store';

/** `/`: the finance dashboard for a logged-in user, the landing page for a visitor. */
export function RootRedirect() {
  const session = useSession();
  return <Navigate to={session ? '/exchange' : '/home'} replace />;
}
