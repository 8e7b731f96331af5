import { sql, type Kysely } from 'kysely';

/**
 * Approvals in levels: above the threshold one approver, as before; each further level
 * (`enterprises.approval_levels`, `[{ above_usd_cents, approvers }]`) asks more distinct
 * approvers above its amount. An approval keeps how many it needs, fixed when it is asked
 * for, and who has signed off so far (`signoffs`, `[{ user_id, name, at }]`), written under
 * the row's lock, so two sign-offs at once are counted both and one person never twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enterprises add column approval_levels jsonb not null default '[]'`.execute(
    db,
  );
  await sql`
    alter table approvals
      add column required_approvers smallint not null default 1,
      add column signoffs jsonb not null default '[]'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table approvals drop column required_approvers, drop column signoffs`.execute(db);
  await sql`alter table enterprises drop column approval_levels`.execute(db);
}
