import { Outlet } from 'react-router';
import { useSession } from '../../lib/session-store';
import { AdminRequiredPage } from '../routes/admin-required-page';

/** Marketplace account routes: the company's administrator (isManager) only. */
export function RequireManager() {
  const session = useSession();
  return session?.user.isManager ? <Outlet /> : <AdminRequiredPage />;
}
