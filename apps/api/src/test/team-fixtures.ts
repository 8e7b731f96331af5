import type { TeamRole } from '@app/domain';
import { expect } from 'vitest';
import type { Customer } from './finance-fixtures.js';
import { bearer, json, type TestApp } from './test-app.js';

let memberCounter = 0;

/**
 * A member of `admin`'s company with `role`, invited through the API and signed in with the
 * password chosen from the invitation e-mail. Answers a caller like `admin`.
 */
export async function addTeamMember(
  t: TestApp,
  admin: Customer,
  role: TeamRole,
): Promise<Customer> {
  memberCounter += 1;
  const email = `member.${Date.now()}.${memberCounter}@example.test`;
  const invited = await admin.call('POST', 'profile/users', {
    sName: role.charAt(0) + role.slice(1).toLowerCase(),
    sLastName: `Member ${memberCounter}`,
    sEmail: email,
    sTeamRole: role,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  expect(json<{ user: { sTeamRole: string } }>(invited).user.sTeamRole).toBe(role);
  // The invitation leaves through the outbox after its commit (usable in beforeAll too).
  for (let waited = 0; !t.emails.some((sent) => sent.to === email); waited += 50) {
    if (waited > 30_000) throw new Error(`No invitation e-mail reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const text = t.emails.find((sent) => sent.to === email)?.text ?? '';
  const token = /\/change-password\/([^/\s]+)\//.exec(text)?.[1];
  const password = 'Member-pass-123';
  const chosen = await t.app.inject({
    method: 'POST',
    url: `/api/v1/en/auth/change-password/${token}`,
    payload: { sPassword: password, sConfirmPassword: password },
  });
  expect(chosen.statusCode, chosen.body).toBe(204);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/en/auth/login',
    payload: { sEmail: email, sPassword: password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const answer = json<{ token: string; user: { sUserId: string; sTeamRole: string } }>(login);
  expect(answer.user.sTeamRole).toBe(role);
  return {
    token: answer.token,
    enterpriseId: admin.enterpriseId,
    userId: answer.user.sUserId,
    call: (method, path, body, options = {}) =>
      t.app.inject({
        method,
        url: `/api/v1/${options.lang ?? 'en'}/${path}`,
        headers: { ...bearer(answer.token), ...options.headers },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      }),
  };
}

/** Sets the company's approval threshold (USD, null: none) as its ADMIN. */
export async function setTeamSettings(
  admin: Customer,
  settings: {
    dApprovalThresholdUsd: number | null;
    iApprovalExpiryHours?: number;
    iCoolingOffHours?: number;
  },
): Promise<void> {
  const response = await admin.call('PUT', 'team/settings', {
    iApprovalExpiryHours: 72,
    iCoolingOffHours: 24,
    ...settings,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** How many approvals the company has, whatever their status. */
export async function approvalCount(t: TestApp, enterpriseId: string): Promise<number> {
  const row = await t.db
    .selectFrom('approvals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
