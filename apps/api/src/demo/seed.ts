import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { PasswordHasher } from '../modules/auth/password-hasher.js';
import { seedDemoAccounts } from './demo-accounts.js';
import { DEMO_PASSWORD } from './demo-password.js';
import { SENT_BODY } from '../modules/mail/mail.repository.js';

/** Arbitrary constant for the advisory lock that keeps two starting replicas from both seeding. */
const SEED_LOCK_ID = 727_001;

/**
 * Loads the demo data into an empty database (no users yet). Each feature adds its own
 * seed step here, after the accounts.
 */
export async function seedDemoDataIfEmpty(db: Db, hasher: PasswordHasher): Promise<boolean> {
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`.execute(trx);
    const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (anyUser) return false;
    await seedDemoAccounts(trx, passwordHash);
    return true;
  });
}

export async function enterpriseIdOfUser(db: Db, email: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('enterprise_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.enterprise_id;
}

/**
 * The demo history's e-mails (deposits, payments, orders) go to `@demo.test` addresses, which
 * do not exist: they are marked sent without being sent, so a first start neither prints each
 * one to the log nor hands them to an SMTP server. Answers how many there were.
 */
export async function settleDemoEmails(db: Db, now: Date): Promise<number> {
  const settled = await db
    .updateTable('outbox_emails')
    .set({ sent_at: now, body_text: SENT_BODY })
    .where('sent_at', 'is', null)
    .where('to_address', 'like', '%@demo.test')
    .executeTakeFirst();
  return Number(settled.numUpdatedRows);
}

/** One line saying what the demo data holds and how to sign in, instead of its e-mails. */
export async function demoDataSummary(
  db: Db,
  options: { url: string; emails: number },
): Promise<string> {
  const count = async (
    table: 'enterprises' | 'users' | 'invoices' | 'payments' | 'articles' | 'orders',
  ) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const [companies, users, invoices, payments, articles, orders] = await Promise.all(
    (['enterprises', 'users', 'invoices', 'payments', 'articles', 'orders'] as const).map(count),
  );
  return (
    `Demo data: ${companies} companies, ${users} users, ${invoices} invoices, ${payments} ` +
    `payments, ${articles} articles, ${orders} orders (${options.emails} demo e-mails kept ` +
    `in the outbox, not sent). Sign in at ${options.url} as demo@demo.test, other@demo.test, ` +
    `vendor@demo.test or ops@demo.test, password ${DEMO_PASSWORD}. Its passwords are ` +
    'published: never use the demo data in production.'
  );
}
