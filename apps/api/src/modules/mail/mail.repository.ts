import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export interface OutboxEmail {
  id: string;
  toAddress: string;
  subject: string;
  bodyText: string;
  /** The language it is written in: `en` or `sp` (sent as Content-Language). */
  language?: string | null;
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
      claimed_at: null,
      sent_at: null,
      last_error: null,
    })
    .execute();
}

/**
 * Claims up to `limit` unsent e-mails. A claim older than `staleBefore` is taken again,
 * so a replica that died while sending does not strand its e-mails.
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
        .orderBy('created_at')
        .limit(limit)
        .modifyEnd(sql`for update skip locked`),
    )
    .returning(['id', 'to_address', 'subject', 'body_text', 'language'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    toAddress: row.to_address,
    subject: row.subject,
    bodyText: row.body_text,
    language: row.language,
  }));
}

/** What a sent e-mail's body becomes: links in it (reset, invitation) cannot be read back. */
export const SENT_BODY = '[sent; the body is not kept]';

export async function markEmailSent(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .updateTable('outbox_emails')
    .set({ sent_at: now, body_text: SENT_BODY })
    .where('id', '=', id)
    .execute();
}

export async function markEmailFailed(db: Executor, id: string, error: string): Promise<void> {
  await db
    .updateTable('outbox_emails')
    .set({ claimed_at: null, last_error: error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}
