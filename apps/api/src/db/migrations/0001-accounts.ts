import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('enterprises')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) =>
      col.notNull().check(sql`type in ('customer', 'vendor', 'operator')`),
    )
    .addColumn('verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('legal_address', 'text')
    .addColumn('paca_license', 'text')
    .addColumn('blue_book_number', 'text')
    .addColumn('tax_id', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('enterprise_id', 'uuid', (col) => col.notNull().references('enterprises.id'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('job_title', 'text')
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) =>
      col.notNull().check(sql`role in ('customer', 'vendor', 'operator')`),
    )
    .addColumn('is_manager', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // E-mails are stored lower-cased; the unique index makes signup races safe.
  await db.schema.createIndex('users_email_key').on('users').column('email').unique().execute();
  await db.schema.createIndex('users_enterprise_idx').on('users').column('enterprise_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_email_idx')
    .on('login_failures')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_failures_ip_idx')
    .on('login_failures')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox_emails')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body_text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_emails_pending_idx')
    .on('outbox_emails')
    .column('created_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'outbox_emails',
    'login_failures',
    'password_resets',
    'sessions',
    'users',
    'enterprises',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
