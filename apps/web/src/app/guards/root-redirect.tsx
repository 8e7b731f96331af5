import { Navigate } from 'react-router';
import { useSession } from '../../lib/session-store';

/** `/`: the dashboard for a logged-in user (operators: the back office), else the landing page. */
export function RootRedirect() {
  const session = useSession();
  return (
    <Navigate
      to={!session ? '/home' : session.user.sRole === 'operator' ? '/operator' : '/exchange'}
      replace
    />
  );
}
