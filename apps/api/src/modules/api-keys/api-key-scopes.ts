import type { ApiKeyScope } from '@app/domain';
import { READS_BY_POST } from '../audit/reads-by-post.js';

/**
 * The scope a key needs for a route (method and path without `/api/v1/{lang}`, as in
 * route-roles.ts), or undefined when no key may call it: sign-in and account calls, the team,
 * approvals (a key never decides), the company's security, the keys themselves, the back
 * office and the marketplace.
 */
export function scopeForRoute(method: string, path: string): ApiKeyScope | undefined {
  const verb = method.toUpperCase();
  const segment = path.split('/')[1] ?? '';
  if (segment === 'webhooks') return 'webhooks';
  if (verb === 'GET' || verb === 'HEAD' || READS_BY_POST.has(`${verb} ${path}`)) {
    return READ_SEGMENTS.has(segment) ? 'read' : undefined;
  }
  if (segment === 'invoices' && !path.includes('rate-order')) return 'invoices';
  if (segment === 'payments' || segment === 'transactions') return 'payments';
  return undefined;
}

/** The finance areas a `read` key sees. */
const READ_SEGMENTS: ReadonlySet<string> = new Set([
  'dashboard',
  'exchange-rate',
  'rates',
  'funds',
  'payment-recipient',
  'invoices',
  'transactions',
  'payments',
  'statement',
  'accounting-export',
]);
