import type { SessionUser } from '@app/domain';

/** A buyer company's administrator, signed in: the user of the web unit tests. */
export const ana: SessionUser = {
  sUserId: 'u1',
  sFullName: 'Ana López',
  sEmail: 'ana@example.com',
  sEnterpriseId: 'e1',
  sRole: 'customer',
  isManager: true,
  sTeamRole: 'ADMIN',
};
