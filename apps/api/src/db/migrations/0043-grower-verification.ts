import { sql, type Kysely } from 'kysely';

/**
 * The back office's last verification decision on a company: when and why it verified it or
 * withdrew its verification. The grower reads the reason on its own pages; the audit log keeps
 * every decision, this only the last one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enterprises add column verification_reason text`.execute(db);
  await sql`alter table enterprises add column verification_changed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enterprises drop column verification_changed_at`.execute(db);
  await sql`alter table enterprises drop column verification_reason`.execute(db);
}
