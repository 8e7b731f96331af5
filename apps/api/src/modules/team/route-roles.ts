import { TEAM_ROLES, type TeamRole } from '@app/domain';

/**
 * Who may call each route, by the caller's role in their company. This is the
 * one route table of roles: the session plugin puts `requireRole` on every route from it,
 * the README's table says the same in words, and the role × endpoint matrix test walks
 * every route of the app against it.
 *
 * Keys are method and path without `/api/v1/{lang}`, as in openapi-routes.ts. A route not
 * listed follows the default: reading (GET) is for every role, writing for every role but
 * VIEWER. Routes of the wrong company kind (a buyer calling a vendor route, anyone but the
 * back office calling ops/…) stay 404, decided before the role.
 */
export const EVERY_ROLE: readonly TeamRole[] = TEAM_ROLES;
/** Every role that writes: a PREPARER's money calls wait for an approval. */
export const WRITERS: readonly TeamRole[] = ['ADMIN', 'APPROVER', 'PREPARER'];
/** Who approves or rejects another user's request. */
export const DECIDERS: readonly TeamRole[] = ['ADMIN', 'APPROVER'];
export const ADMINS: readonly TeamRole[] = ['ADMIN'];

export const ROUTE_ROLES: Record<string, readonly TeamRole[]> = {
  // Writes nothing, or only the caller's own session, own details or a price.
  'POST /auth/logout': EVERY_ROLE,
  'PUT /profile/me': EVERY_ROLE,
  'POST /exchange-rate/addFounds': EVERY_ROLE,
  'POST /invoices/invoices': EVERY_ROLE,
  'POST /invoices/id': EVERY_ROLE,
  'POST /invoices/supplier': EVERY_ROLE,
  'POST /invoices/cfdi/parse': EVERY_ROLE,
  'POST /transactions/id': EVERY_ROLE,
  'POST /transactions/detail': EVERY_ROLE,
  'POST /transactions/forwardRate': EVERY_ROLE,
  'POST /payments/paymentReceipt': EVERY_ROLE,
  'POST /orders/checkout/preview': EVERY_ROLE,
  'PUT /customers/{userId}/shopping-cart': EVERY_ROLE,
  // The company and its team.
  'PUT /profile/enterprise': ADMINS,
  'POST /profile/users': ADMINS,
  'PUT /profile/users/{userId}': ADMINS,
  'PUT /profile/bank': ADMINS,
  'PUT /team/settings': ADMINS,
  'PUT /accounting-export/accounts': ADMINS,
  // The caller's own second factor and notifications.
  'POST /auth/2fa/setup': EVERY_ROLE,
  'POST /auth/2fa/enable': EVERY_ROLE,
  'POST /auth/2fa/disable': EVERY_ROLE,
  'POST /auth/2fa/recovery-codes': EVERY_ROLE,
  'PUT /profile/notifications': EVERY_ROLE,
  // The company's security, audit trail and integrations.
  'GET /audit-log': ADMINS,
  'PUT /settings/security': ADMINS,
  'POST /profile/users/{userId}/2fa/reset': ADMINS,
  'GET /api-keys': ADMINS,
  'POST /api-keys': ADMINS,
  'DELETE /api-keys/{apiKeyId}': ADMINS,
  'GET /webhooks/endpoints': ADMINS,
  'POST /webhooks/endpoints': ADMINS,
  'PUT /webhooks/endpoints/{endpointId}': ADMINS,
  'DELETE /webhooks/endpoints/{endpointId}': ADMINS,
  'POST /webhooks/endpoints/{endpointId}/rotate-secret': ADMINS,
  'GET /webhooks/endpoints/{endpointId}/deliveries': ADMINS,
  'POST /webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/replay': ADMINS,
  // A rate order converts later, unattended (above the threshold its fill waits for an
  // approval): only those who may approve set one.
  'POST /invoices/{id}/rate-order': DECIDERS,
  'DELETE /invoices/{id}/rate-order': DECIDERS,
  // A second person's decision.
  'POST /approvals/{approvalId}/quote': DECIDERS,
  'POST /approvals/{approvalId}/approve': DECIDERS,
  'POST /approvals/{approvalId}/reject': DECIDERS,
};

/** `/api/v1/:lang/payments/:id` → `/payments/{id}`; undefined outside the API prefix. */
export function routeKeyPath(url: string): string | undefined {
  const prefix = '/api/v1/:lang';
  if (!url.startsWith(prefix)) return undefined;
  return url.slice(prefix.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The roles that may call a route (method and API path as in ROUTE_ROLES). */
export function rolesForRoute(method: string, path: string): readonly TeamRole[] {
  const listed = ROUTE_ROLES[`${method.toUpperCase()} ${path}`];
  if (listed) return listed;
  return method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD' ? EVERY_ROLE : WRITERS;
}
