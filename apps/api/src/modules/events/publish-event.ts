import { randomUUID } from 'node:crypto';
import type { EventType, TeamRole } from '@app/domain';
import type { Executor } from '../../db/database.js';
// eslint-disable-next-line no-restricted-imports -- an event's outbox rows are written in the publishing transaction of any module
import { insertOutboxEmail } from '../mail/mail.repository.js';
// eslint-disable-next-line no-restricted-imports -- as above: the deliveries commit or roll back with the event
import { insertWebhookDeliveries } from '../webhooks/webhooks.repository.js';
import { eventEmail } from './event-templates.js';
import { findEventRecipients, insertDomainEvent } from './events.repository.js';

export interface DomainEventInput {
  type: EventType;
  /** The company the event belongs to (its users are e-mailed, its endpoints called). */
  sEnterpriseId: string;
  /** What the webhook carries as `data` and the e-mail is written from (JSON values). */
  data: Record<string, unknown>;
  /** When it happened, by the app's clock (`this.now()` of the calling service). */
  at: Date;
  /** An event a sweep may find again (a forward's reminder) is published once per key. */
  dedupeKey?: string;
  /**
   * Whom the e-mail goes to, when not every active user: only these roles, and never the
   * user who caused the event (an approval request goes to those who can decide it).
   */
  emailTo?: { roles: readonly TeamRole[]; exceptUserId?: string };
}

/**
 * The one domain-event publisher. Called in the transaction that causes the event, it
 * writes, in that transaction (all or nothing with the cause):
 * - the event (`domain_events`), whose id is the webhooks' `webhook-id`;
 * - an e-mail in the outbox to each active user of the company (or of `emailTo`'s roles) who
 *   has not turned this kind off, in that user's language (sent by the `mail.send` job);
 * - a delivery to each of the company's webhook endpoints that picked this kind (sent and
 *   retried by the `webhooks.deliver` job).
 * Answers the event id, or null when `dedupeKey` was already published.
 */
export async function publishEvent(trx: Executor, event: DomainEventInput): Promise<string | null> {
  const eventId = randomUUID();
  const inserted = await insertDomainEvent(trx, {
    id: eventId,
    enterpriseId: event.sEnterpriseId,
    type: event.type,
    data: event.data,
    dedupeKey: event.dedupeKey ?? null,
    at: event.at,
  });
  if (!inserted) return null;
  const recipients = await findEventRecipients(trx, event.sEnterpriseId, event.emailTo);
  for (const recipient of recipients) {
    if (recipient.disabledEvents.includes(event.type)) continue;
    const email = eventEmail(event.type, event.data, recipient.language);
    await insertOutboxEmail(trx, {
      id: randomUUID(),
      toAddress: recipient.email,
      subject: email.subject,
      bodyText: email.text,
      language: recipient.language,
      priority: 'notification',
    });
  }
  await insertWebhookDeliveries(trx, {
    enterpriseId: event.sEnterpriseId,
    eventId,
    eventType: event.type,
    at: event.at,
  });
  return eventId;
}
