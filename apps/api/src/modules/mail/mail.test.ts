import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/database.js';
import { createTestApp, signUp, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import {
  claimPendingEmails,
  EMAIL_PRIORITY,
  insertOutboxEmail,
  SENT_BODY,
} from './mail.repository.js';

let t: TestApp;

/** Notifications written as publishEvent writes them, `count` of them, oldest first. */
async function insertNotifications(
  to: (index: number) => string,
  count: number,
  language: 'en' | 'sp' = 'en',
  db: Executor = t.db,
): Promise<void> {
  const start = Date.now() - 3_600_000;
  await db
    .insertInto('outbox_emails')
    .values(
      Array.from({ length: count }, (_, index) => ({
        id: randomUUID(),
        to_address: to(index),
        subject: `Payment ${index + 1} completed`,
        body_text: `Your payment number ${index + 1} reached the supplier.`,
        language,
        priority: EMAIL_PRIORITY.notification,
        created_at: new Date(start + index),
        claimed_at: null,
        sent_at: null,
        last_error: null,
      })),
    )
    .execute();
}

describe(`the e-mail outbox on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('sends a password reset asked for behind 1,000 notifications with the next send', async () => {
    await insertNotifications((index) => `someone.${index}@example.test`, 1000);
    const account = await signUp(t.app);
    const recovery = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/password-recovery',
      payload: { sEmail: account.email },
    });
    expect(recovery.statusCode).toBe(202);
    // The app's own recovery job writes the reset e-mail and sends the outbox.
    await expect
      .poll(() => t.emails.findIndex((email) => email.to === account.email), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(0);
    // At most one send of notifications went before it (one that started before the request).
    expect(t.emails.findIndex((email) => email.to === account.email)).toBeLessThan(101);
    expect(t.emails.find((email) => email.to === account.email)?.text).toMatch(/change-password\//);
    const unsent = await t.db
      .selectFrom('outbox_emails')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(unsent.n)).toBeGreaterThanOrEqual(800);
  });

  it('claims security e-mails (reset, invitation, alerts) before older notifications', async () => {
    // In one transaction, so that the app's own sending job cannot take the rows meanwhile.
    const claimed = await t.db.transaction().execute(async (trx) => {
      await insertNotifications((index) => `someone.${index}@example.test`, 1000, 'en', trx);
      await insertOutboxEmail(trx, {
        id: randomUUID(),
        toAddress: 'ana@example.test',
        subject: 'Reset your password',
        bodyText: 'https://example.test/change-password/x/',
      });
      const now = new Date();
      return claimPendingEmails(trx, now, new Date(now.getTime() - 300_000), 3);
    });
    expect(claimed.map((email) => [email.toAddress, email.priority])).toEqual([
      ['ana@example.test', 'security'],
      ['someone.0@example.test', 'notification'],
      ['someone.1@example.test', 'notification'],
    ]);
  });

  it('claims by the pending index, in its order, without sorting', async () => {
    await insertNotifications((index) => `someone.${index}@example.test`, 1000);
    await sql`analyze outbox_emails`.execute(t.db);
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select id from outbox_emails
      where sent_at is null and attempts < 10
        and (claimed_at is null or claimed_at < now())
      order by priority, created_at limit 100 for update skip locked
    `.execute(t.db);
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('outbox_emails_pending_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });

  it('sends one digest per person for the notifications of one send, in their language', async () => {
    // Written together, so that a send of the app's own job sees all of them or none.
    await t.db.transaction().execute(async (trx) => {
      await insertNotifications(() => 'maria@example.test', 7, 'sp', trx);
      await insertNotifications(() => 'john@example.test', 1, 'en', trx);
      await t.app.mail.enqueue(trx, {
        to: 'maria@example.test',
        subject: 'Reset your password',
        text: 'a link',
      });
    });
    await t.app.mail.flush();

    const sent = t.emails.filter((email) => /@example\.test$/.test(email.to));
    expect(sent.map((email) => [email.to, email.subject])).toEqual([
      ['maria@example.test', 'Reset your password'],
      ['maria@example.test', '7 notificaciones de Pesos & Produce'],
      ['john@example.test', 'Payment 1 completed'],
    ]);
    const digest = sent[1]! as (typeof sent)[number] & { language?: string };
    expect(digest.language).toBe('sp');
    expect(digest.text).toMatch(/^Tienes 7 notificaciones:/);
    for (let number = 1; number <= 7; number += 1) {
      expect(digest.text).toContain(`${number}. Payment ${number} completed`);
      expect(digest.text).toContain(`Your payment number ${number} reached the supplier.`);
    }
    const rows = await t.db.selectFrom('outbox_emails').select(['sent_at', 'body_text']).execute();
    expect(rows).toHaveLength(9);
    expect(rows.every((row) => row.sent_at !== null && row.body_text === SENT_BODY)).toBe(true);
  });
});
