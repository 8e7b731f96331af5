import { sql, type Kysely } from 'kysely';

/**
 * Team controls (audit trail and second factor):
 * - `audit_log`: one row per write (sign-ins and failed sign-ins, every authenticated
 *   non-GET call, supplier and settings changes with before and after). Append-only like the
 *   journals: a trigger refuses UPDATE, DELETE and TRUNCATE on both engines.
 * - `users.totp_*`: the TOTP secret (encrypted with SECRETS_KEY, AES-256-GCM), a secret being
 *   set up and not yet confirmed, when it was enabled, and the last time step used (a code is
 *   accepted once).
 * - `user_recovery_codes`: ten single-use codes per user, stored as SHA-256 hashes.
 * - `enterprises.require_totp`: the company requires a second factor of every member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      enterprise_id uuid references enterprises(id),
      user_id uuid references users(id),
      at timestamptz not null,
      ip text,
      user_agent text,
      action text not null,
      entity text not null,
      before jsonb,
      after jsonb,
      outcome text not null,
      status integer not null
    )`.execute(db);
  await sql`create index audit_log_enterprise_at on audit_log (enterprise_id, at desc, id desc)`.execute(
    db,
  );
  await sql`create index audit_log_enterprise_user_at on audit_log (enterprise_id, user_id, at desc, id desc)`.execute(
    db,
  );
  await sql`
    create function audit_log_forbid_change() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log rows are append-only';
    end $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_forbid_change()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_forbid_change()`.execute(db);

  await sql`alter table users
    add column totp_secret text,
    add column totp_pending_secret text,
    add column totp_enabled_at timestamptz,
    add column totp_last_step bigint`.execute(db);
  await sql`
    create table user_recovery_codes (
      user_id uuid not null references users(id),
      code_hash text not null,
      created_at timestamptz not null,
      used_at timestamptz,
      primary key (user_id, code_hash)
    )`.execute(db);
  await sql`alter table enterprises add column require_totp boolean not null default false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enterprises drop column require_totp`.execute(db);
  await sql`drop table user_recovery_codes`.execute(db);
  await sql`alter table users
    drop column totp_secret,
    drop column totp_pending_secret,
    drop column totp_enabled_at,
    drop column totp_last_step`.execute(db);
  await sql`drop table audit_log`.execute(db);
  await sql`drop function audit_log_forbid_change`.execute(db);
}
