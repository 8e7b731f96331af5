import { Outlet } from 'react-router';
import { useSession } from '../../lib/session-store';
import { AdminRequiredPage } from '../routes/admin-required-page';

/** The company's administrator (isManager) only: the audit log. */
export function RequireManager() {
  const session = useSession();
  return session?.user.isManager ? <Outlet /> : <AdminRequiredPage />;
}
