import { sql, type Kysely } from 'kysely';

/**
 * Safe by default:
 * - password recovery requests, one row per request whether the address has an account or
 *   not, so both take the same path; they throttle recovery per address across replicas and
 *   are turned into reset e-mails after the answer;
 * - failed logins counted per account and address together (progressive delays).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_recovery_requests')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('processed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('password_recovery_requests_email_idx')
    .on('password_recovery_requests')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('password_recovery_requests_pending_idx')
    .on('password_recovery_requests')
    .column('created_at')
    .where(sql.ref('processed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('login_failures_email_ip_idx')
    .on('login_failures')
    .columns(['email', 'ip', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_failures_email_ip_idx').execute();
  await db.schema.dropTable('password_recovery_requests').execute();
}
