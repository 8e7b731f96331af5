import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/database.js';
import {
  claimPendingEmails,
  insertOutboxEmail,
  markEmailFailed,
  markEmailSent,
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

/**
 * E-mails are written to an outbox in the transaction that causes them, then delivered
 * after commit; a failed delivery is retried by the periodic flush.
 */
export class MailService {
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  async enqueue(
    executor: Executor,
    email: { to: string; subject: string; text: string },
  ): Promise<void> {
    await insertOutboxEmail(executor, {
      id: randomUUID(),
      toAddress: email.to,
      subject: email.subject,
      bodyText: email.text,
    });
  }

  /** Delivers pending e-mails; concurrent calls share one run. */
  flush(): Promise<void> {
    this.flushing ??= this.deliverPending().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async deliverPending(): Promise<void> {
    const now = this.now();
    const staleBefore = new Date(now.getTime() - 5 * 60_000);
    const emails = await claimPendingEmails(this.db, now, staleBefore, 20);
    for (const email of emails) {
      try {
        await this.transport.send({
          to: email.toAddress,
          subject: email.subject,
          text: email.bodyText,
          ...(email.language ? { language: email.language } : {}),
        });
        await markEmailSent(this.db, email.id, this.now());
      } catch (error) {
        this.log.warn({ err: error, emailId: email.id }, 'E-mail delivery failed; will retry');
        await markEmailFailed(this.db, email.id, String(error));
      }
    }
  }
}
