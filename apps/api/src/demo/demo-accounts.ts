import { randomUUID } from 'node:crypto';
import type { EnterpriseType, Role } from '@app/domain';
import type { Trx } from '../db/database.js';
import { insertEnterprise, insertUser } from '../modules/auth/auth.repository.js';
import { seedDemoTeamMembers } from './demo-team.js';

export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  firstName: string;
  lastName: string;
  enterpriseName: string;
  type: EnterpriseType;
  role: Role;
}> = [
  {
    email: 'demo@demo.test',
    firstName: 'Diana',
    lastName: 'Morales',
    enterpriseName: 'Demo Produce Imports LLC',
    type: 'customer',
    role: 'customer',
  },
  {
    email: 'other@demo.test',
    firstName: 'Oscar',
    lastName: 'Reed',
    enterpriseName: 'Other Foods Inc',
    type: 'customer',
    role: 'customer',
  },
  {
    email: 'vendor@demo.test',
    firstName: 'Valeria',
    lastName: 'Campos',
    enterpriseName: 'Agrícola Demo SPR de RL',
    type: 'vendor',
    role: 'vendor',
  },
  {
    email: 'vendor2@demo.test',
    firstName: 'Beatriz',
    lastName: 'Ruiz',
    enterpriseName: 'Berries del Bajío SA de CV',
    type: 'vendor',
    role: 'vendor',
  },
  {
    email: 'ops@demo.test',
    firstName: 'Omar',
    lastName: 'Santos',
    enterpriseName: 'Back Office',
    type: 'operator',
    role: 'operator',
  },
];

export interface SeededAccount {
  email: string;
  userId: string;
  enterpriseId: string;
}

export async function seedDemoAccounts(
  trx: Trx,
  passwordHash: string,
): Promise<Record<string, SeededAccount>> {
  const seeded: Record<string, SeededAccount> = {};
  for (const account of DEMO_ACCOUNTS) {
    const enterpriseId = randomUUID();
    const userId = randomUUID();
    await insertEnterprise(trx, {
      id: enterpriseId,
      name: account.enterpriseName,
      type: account.type,
      verified: true,
    });
    await insertUser(trx, {
      id: userId,
      enterpriseId,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      phone: '+1 956 555 0100',
      passwordHash,
      role: account.role,
      isManager: true,
    });
    seeded[account.email] = { email: account.email, userId, enterpriseId };
    if (account.email === 'demo@demo.test') {
      await seedDemoTeamMembers(trx, enterpriseId, passwordHash);
    }
  }
  return seeded;
}
