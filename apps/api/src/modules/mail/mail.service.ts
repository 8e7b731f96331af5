import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/database.js';
import {
  claimPendingEmails,
  insertOutboxEmail,
  markEmailsFailed,
  markEmailsSent,
  type EmailPriority,
  type OutboxEmail,
} from './mail.repository.js';

export interface MailTransport {
  send(email: { to: string; subject: string; text: string; language?: string }): Promise<void>;
}

/** The app's languages as BCP 47 tags (`sp` is Spanish: `es`). */
function contentLanguage(language: string | undefined): string | undefined {
  if (language === 'sp') return 'es';
  if (language === 'en') return 'en';
  return undefined;
}

/**
 * Without an SMTP server the e-mail is printed to the log: the development mailbox. Links
 * in e-mails (password reset, invitation) reach the log only then, and start-up says so.
 */
export function createMailTransport(
  options: { smtpUrl?: string | undefined; from: string },
  log: FastifyBaseLogger,
): MailTransport {
  const { smtpUrl } = options;
  if (smtpUrl) {
    log.info(
      { smtp: new URL(smtpUrl).host },
      'E-mails go out through SMTP; links are never written to the log',
    );
    // Loaded with the first e-mail, not at start-up (it is a large module).
    let transporter: Promise<{ sendMail(mail: object): Promise<unknown> }> | undefined;
    return {
      async send(email) {
        transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        const { language, ...message } = email;
        const tag = contentLanguage(language);
        await (
          await transporter
        ).sendMail({
          from: options.from,
          ...message,
          ...(tag ? { headers: { 'Content-Language': tag } } : {}),
        });
      },
    };
  }
  log.warn(
    'No SMTP_URL: e-mails, password reset and invitation links included, are written to this log. Set SMTP_URL in production.',
  );
  return {
    async send(email) {
      log.info(
        { mail: { to: email.to, subject: email.subject } },
        `E-mail (no SMTP configured), to ${email.to}: ${email.subject}\n${email.text}`,
      );
    },
  };
}

/** How many outbox rows one send claims (a digest carries many rows in one e-mail). */
const SEND_BATCH = 100;

const DIGEST_TEXT = {
  en: {
    subject: (count: number) => `${count} notifications from Pesos & Produce`,
    intro: (count: number) => `You have ${count} notifications:`,
  },
  sp: {
    subject: (count: number) => `${count} notificaciones de Pesos & Produce`,
    intro: (count: number) => `Tienes ${count} notificaciones:`,
  },
} as const;

/** One e-mail to send: a row as written, or a digest of one person's notifications. */
interface Outgoing {
  ids: string[];
  to: string;
  subject: string;
  text: string;
  language: string | null | undefined;
}

/**
 * The claimed rows as e-mails to send, in the claim's order (security first): each security
 * e-mail alone; the notifications of one person (and language) in one digest listing each
 * one's subject and text, or alone when there is only one.
 */
export function outgoingEmails(rows: OutboxEmail[]): Outgoing[] {
  const outgoing: Outgoing[] = [];
  const notifications = new Map<string, OutboxEmail[]>();
  for (const row of rows) {
    if (row.priority !== 'notification') {
      outgoing.push({
        ids: [row.id],
        to: row.toAddress,
        subject: row.subject,
        text: row.bodyText,
        language: row.language,
      });
      continue;
    }
    const key = `${row.toAddress}\n${row.language ?? ''}`;
    const group = notifications.get(key);
    if (group) group.push(row);
    else notifications.set(key, [row]);
  }
  for (const group of notifications.values()) {
    const [first] = group;
    if (!first) continue;
    if (group.length === 1) {
      outgoing.push({
        ids: [first.id],
        to: first.toAddress,
        subject: first.subject,
        text: first.bodyText,
        language: first.language,
      });
      continue;
    }
    const texts =
      first.language === 'sp'
        ? [DIGEST_TEXT.sp]
        : first.language === 'en'
          ? [DIGEST_TEXT.en]
          : [DIGEST_TEXT.en, DIGEST_TEXT.sp];
    outgoing.push({
      ids: group.map((row) => row.id),
      to: first.toAddress,
      subject: texts.map((text) => text.subject(group.length)).join(' / '),
      text: [
        texts.map((text) => text.intro(group.length)).join(' / '),
        ...group.flatMap((row, index) => ['', `${index + 1}. ${row.subject}`, '', row.bodyText]),
      ].join('\n'),
      language: first.language,
    });
  }
  return outgoing;
}

/**
 * E-mails are written to an outbox in the transaction that causes them, then delivered
 * after commit; a failed delivery is retried by the periodic flush. Security e-mails go
 * first; one person's notifications of one send go as one digest.
 */
export class MailService {
  private flushing: Promise<void> | undefined;
  private flushingAgain: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  /** `priority`: `security` (the default) or `notification`; see EMAIL_PRIORITY. */
  async enqueue(
    executor: Executor,
    email: { to: string; subject: string; text: string; priority?: EmailPriority },
  ): Promise<void> {
    await insertOutboxEmail(executor, {
      id: randomUUID(),
      toAddress: email.to,
      subject: email.subject,
      bodyText: email.text,
      ...(email.priority ? { priority: email.priority } : {}),
    });
  }

  /**
   * Delivers pending e-mails, including every row committed before the call: a call made
   * while a run is under way (which may have claimed before the caller's rows were written,
   * such as a reset link just enqueued) gets one more run after it, shared by every call made
   * meanwhile.
   */
  flush(): Promise<void> {
    if (!this.flushing) {
      this.flushing = this.deliverPending().finally(() => {
        this.flushing = undefined;
      });
      return this.flushing;
    }
    this.flushingAgain ??= this.flushing
      .catch(() => {})
      .then(() => {
        this.flushingAgain = undefined;
        return this.flush();
      });
    return this.flushingAgain;
  }

  private async deliverPending(): Promise<void> {
    const now = this.now();
    const staleBefore = new Date(now.getTime() - 5 * 60_000);
    const rows = await claimPendingEmails(this.db, now, staleBefore, SEND_BATCH);
    for (const email of outgoingEmails(rows)) {
      try {
        await this.transport.send({
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.language ? { language: email.language } : {}),
        });
        await markEmailsSent(this.db, email.ids, this.now());
      } catch (error) {
        this.log.warn({ err: error, emailIds: email.ids }, 'E-mail delivery failed; will retry');
        await markEmailsFailed(this.db, email.ids, String(error));
      }
    }
  }
}
