import type { TeamRole } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from './session-store';

/**
 * The signed-in user's role in their company. The server checks every call
 * (409 ROLE_REQUIRED); the screens use this only to hide or disable what the role cannot do.
 * A session stored before roles existed falls back to the admin flag.
 */
export function useTeamRole(): TeamRole | undefined {
  const user = useSession()?.user;
  if (!user) return undefined;
  return user.sTeamRole ?? (user.isManager ? 'ADMIN' : 'PREPARER');
}

/** Whether the user may change anything (a VIEWER reads only). */
export function useCanWrite(): boolean {
  return useTeamRole() !== 'VIEWER';
}

/** Whether the user decides other users' approvals. */
export function useCanDecide(): boolean {
  const role = useTeamRole();
  return role === 'ADMIN' || role === 'APPROVER';
}

/**
 * What an action needs: any change (not a VIEWER), an ADMIN or APPROVER (rate orders, which
 * convert later with no second look), or an ADMIN (company settings, members, webhooks).
 */
export type WriteNeed = 'write' | 'decide' | 'admin';

/**
 * Why the signed-in user cannot use an action that needs `need`, in their language, or
 * undefined when they can. Pass it to `<WithReason reason={…}>` around the action's button,
 * or hide the action when it is undefined-or-not.
 */
export function useWriteGuard(need: WriteNeed = 'write'): string | undefined {
  const { t } = useTranslation();
  const role = useTeamRole();
  if (role === undefined) return undefined;
  if (role === 'VIEWER') return t('team.viewerReason');
  if (need === 'admin' && role !== 'ADMIN') return t('team.adminReason');
  if (need === 'decide' && role !== 'ADMIN' && role !== 'APPROVER') return t('team.deciderReason');
  return undefined;
}
