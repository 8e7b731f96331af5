import { assertRole } from '../../plugins/session.js';
import type { Principal } from '../auth/auth.service.js';

/**
 * The check of the ADMIN-only routes of the audit trail and the second factor (the audit
 * log, the company's second-factor policy, resetting a member's second factor), besides the
 * route table's: 409 ROLE_REQUIRED, never 403 (the client's "session ended").
 */
export function assertCompanyAdmin(principal: Principal): void {
  assertRole(principal, ['ADMIN']);
}
