import { sql, type Kysely } from 'kysely';

/**
 * `outbox_emails.priority`: 0 for what a person is waiting on or must know at once (password
 * reset, invitation, security alerts), 1 for notifications. The outbox sends by priority, then
 * oldest first, so a reset link asked for behind a thousand notifications goes out with the
 * next send instead of half an hour later (`mail.repository.ts`). Rows written before this
 * migration, and by any writer that does not say, are 0: a row sent sooner than it needed is
 * harmless, a security e-mail held behind notifications is not.
 * The pending index becomes (priority, created_at) for that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_emails add column priority smallint not null default 0`.execute(db);
  await sql`drop index outbox_emails_pending_idx`.execute(db);
  await sql`
    create index outbox_emails_pending_idx on outbox_emails (priority, created_at)
    where sent_at is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_emails_pending_idx`.execute(db);
  await sql`alter table outbox_emails drop column priority`.execute(db);
  await sql`
    create index outbox_emails_pending_idx on outbox_emails (created_at) where sent_at is null
  `.execute(db);
}
