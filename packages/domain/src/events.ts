/**
 * What happens to a company that it can be told about: by e-mail (each user turns kinds
 * off) and by webhooks (each endpoint takes the kinds it picked).
 */
export const EVENT_TYPES = [
  'payment.completed',
  'payment.returned',
  'deposit.credited',
  'forward.due',
  'approval.requested',
  'rate_order.filled',
  'order.status_changed',
  'order.payout_sent',
  'dispute.opened',
  'dispute.resolved',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}
