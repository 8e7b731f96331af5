import { sql, type Kysely } from 'kysely';

/**
 * Integrators' API keys: a company's ERP or script calls the API without a person's password.
 * Only the SHA-256 of the secret is kept (the secret is 32 random bytes: a slow hash adds
 * nothing), with its first characters to tell keys apart. Every request reads the row, so a
 * revocation holds at once on every replica. `created_by` is the admin who made it; approvals
 * a key's call waits for name that person as the maker. The audit trail says which key
 * made each call (`audit_log.api_key_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_keys (
      id uuid primary key,
      enterprise_id uuid not null references enterprises(id),
      created_by uuid not null references users(id),
      name text not null,
      scopes jsonb not null,
      prefix text not null,
      secret_hash text not null unique,
      expires_at timestamptz not null,
      created_at timestamptz not null,
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index api_keys_enterprise on api_keys (enterprise_id, created_at)`.execute(db);
  await sql`alter table audit_log add column api_key_id uuid references api_keys(id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log drop column api_key_id`.execute(db);
  await sql`drop table api_keys`.execute(db);
}
