/**
 * What an integrator's API key may do. `read`: look (every GET of the company's data but its
 * security: audit log, keys, webhooks); `invoices`: register and edit supplier invoices;
 * `payments`: pay suppliers and convert (held for a person's approval above the company's
 * threshold, or always when it has none); `webhooks`: manage the webhook endpoints.
 */
export const API_KEY_SCOPES = ['read', 'invoices', 'payments', 'webhooks'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The secret's visible start: `ppk_` then base64url. */
export const API_KEY_PREFIX = 'ppk_';
