import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { TeamRole } from '@app/domain';
import type { Trx } from '../db/database.js';
import { insertUser } from '../modules/auth/auth.repository.js';
import { DEMO_PASSWORD } from './demo-password.js';

/** The team of demo@demo.test's company: one user of each role but ADMIN. */
export const DEMO_TEAM: ReadonlyArray<{
  email: string;
  firstName: string;
  lastName: string;
  teamRole: TeamRole;
}> = [
  { email: 'preparer@demo.test', firstName: 'Pablo', lastName: 'Prieto', teamRole: 'PREPARER' },
  { email: 'approver@demo.test', firstName: 'Ana', lastName: 'Aguilar', teamRole: 'APPROVER' },
  { email: 'viewer@demo.test', firstName: 'Victor', lastName: 'Vega', teamRole: 'VIEWER' },
];

/** The demo approval threshold: money calls above 10,000 USD wait for a second person. */
export const DEMO_APPROVAL_THRESHOLD_USD_CENTS = 1_000_000n;

export async function seedDemoTeamMembers(
  trx: Trx,
  enterpriseId: string,
  passwordHash: string,
): Promise<void> {
  for (const member of DEMO_TEAM) {
    await insertUser(trx, {
      id: randomUUID(),
      enterpriseId,
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      phone: '+1 956 555 0101',
      passwordHash,
      role: 'customer',
      isManager: false,
      teamRole: member.teamRole,
    });
  }
}

/**
 * After the finance history: the company's threshold, then one payment by the PREPARER
 * through the API, which waits for an approval (the demo's pending approval).
 */
export async function seedDemoApprovals(app: FastifyInstance, enterpriseId: string): Promise<void> {
  const settings = await app.finance.approvals.settings(enterpriseId);
  await app.finance.approvals.updateSettings(enterpriseId, {
    thresholdUsdCents: DEMO_APPROVAL_THRESHOLD_USD_CENTS,
    expiryHours: settings.iApprovalExpiryHours,
    coolingOffHours: settings.iCoolingOffHours,
    levels: [],
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/en/auth/login',
    payload: { sEmail: 'preparer@demo.test', sPassword: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`Demo login failed: ${login.body}`);
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  const call = async (method: 'GET' | 'POST', path: string, payload?: object) => {
    const response = await app.inject({
      method,
      url: `/api/v1/en/${path}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 400) {
      throw new Error(
        `Demo data: ${method} ${path} answered ${response.statusCode} ${response.body}`,
      );
    }
    return response.json() as Record<string, unknown>;
  };
  const dashboard = await call('GET', 'dashboard');
  const suppliers = (await call('GET', 'payment-recipient/')) as {
    paymentRecipients: Array<{ sPaymentRecipientId: string }>;
  };
  const supplier = suppliers.paymentRecipients[0];
  if (!supplier) throw new Error('Demo data: no supplier to pay');
  await call('POST', 'payments/sendPayNow', {
    dAmount: 12_500,
    comment: 'Pago anticipado cosecha de aguacate',
    sPaymentRecipientId: supplier.sPaymentRecipientId,
    sExchangeRateReference: String(dashboard.exchangeRateTodayReference),
  });
}
