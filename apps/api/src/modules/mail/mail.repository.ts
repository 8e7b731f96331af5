import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * The order the outbox sends in: security e-mails (password reset, invitation, alerts about
 * the account or its suppliers' bank details) before notifications. A writer that does not
 * say gets SECURITY: sent sooner than needed is harmless, a reset held behind a thousand
 * notifications is not.
 */
export const EMAIL_PRIORITY = { security: 0, notification: 1 } as const;
export type EmailPriority = keyof typeof EMAIL_PRIORITY;

export interface OutboxEmail {
  id: string;
  toAddress: string;
  subject: string;
  bodyText: string;
  /** The language it is written in: `en` or `sp` (sent as Content-Language). */
  language?: string | null;
  /** SECURITY unless said: see EMAIL_PRIORITY. */
  priority?: EmailPriority;
}

export async function insertOutboxEmail(db: Executor, email: OutboxEmail): Promise<void> {
  await db
    .insertInto('outbox_emails')
    .values({
      id: email.id,
      to_address: email.toAddress,
      subject: email.subject,
      body_text: email.bodyText,
      language: email.language ?? null,
      priority: EMAIL_PRIORITY[email.priority ?? 'security'],
      claimed_at: null,
      sent_at: null,
      last_error: null,
    })
    .execute();
}

/**
 * Claims up to `limit` unsent e-mails, security ones first, then oldest first (the pending
 * index's order). A claim older than `staleBefore` is taken again, so a replica that died
 * while sending does not strand its e-mails.
 */
export async function claimPendingEmails(
  db: Executor,
  now: Date,
  staleBefore: Date,
  limit: number,
): Promise<OutboxEmail[]> {
  const rows = await db
    .updateTable('outbox_emails')
    .set((eb) => ({ claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where(
      'id',
      'in',
      db
        .selectFrom('outbox_emails')
        .select('id')
        .where('sent_at', 'is', null)
        .where('attempts', '<', 10)
        .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
        .orderBy('priority')
        .orderBy('created_at')
        .limit(limit)
        .modifyEnd(sql`for update skip locked`),
    )
    .returning(['id', 'to_address', 'subject', 'body_text', 'language', 'priority', 'created_at'])
    .execute();
  // UPDATE … RETURNING does not keep the subquery's order.
  rows.sort((a, b) => a.priority - b.priority || a.created_at.getTime() - b.created_at.getTime());
  return rows.map((row) => ({
    id: row.id,
    toAddress: row.to_address,
    subject: row.subject,
    bodyText: row.body_text,
    language: row.language,
    priority: row.priority === EMAIL_PRIORITY.notification ? 'notification' : 'security',
  }));
}

/** What a sent e-mail's body becomes: links in it (reset, invitation) cannot be read back. */
export const SENT_BODY = '[sent; the body is not kept]';

/** Marks e-mails sent: one, or the notifications a digest carried. */
export async function markEmailsSent(db: Executor, ids: string[], now: Date): Promise<void> {
  await db
    .updateTable('outbox_emails')
    .set({ sent_at: now, body_text: SENT_BODY })
    .where('id', 'in', ids)
    .execute();
}

export async function markEmailsFailed(db: Executor, ids: string[], error: string): Promise<void> {
  await db
    .updateTable('outbox_emails')
    .set({ claimed_at: null, last_error: error.slice(0, 500) })
    .where('id', 'in', ids)
    .execute();
}
