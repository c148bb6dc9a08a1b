import { lt } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/email';

const OUTBOX_KEEP_MS = 7 * 24 * 60 * 60_000;

/** One plain-text message. `reason` is a short tag saying why it was sent (logged, and kept in the outbox). */
interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  reason: string;
}

/** What the mailer logs with: pino and Fastify's logger both fit. */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Mailer {
  /** `smtp` when SMTP_URL is set, else `outbox` (the server log and the email_outbox table). */
  readonly transport: 'smtp' | 'outbox';
  /** Sends the message and resolves once the SMTP server took it (or the outbox holds it). Throws on failure. */
  send(message: EmailMessage): Promise<void>;
  /**
   * For messages sent while answering a request whose answer must not depend on whether an email went out (sign-up,
   * password reset): over SMTP the send runs in the background (errors are logged), so the response time says
   * nothing; the outbox is written before it resolves, so tests find the message at once.
   */
  sendSoon(message: EmailMessage): Promise<void>;
}

/** Email through SMTP when `SMTP_URL` is set; otherwise to the log and the `email_outbox` table (development, tests). */
export function createMailer({ config, db, log }: { config: Config; db: Database; log: MailLog }): Mailer {
  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport(config.SMTP_URL);
    const send = async (message: EmailMessage) => {
      await smtp.sendMail({
        from: config.EMAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      log.info({ to: message.to, reason: message.reason }, 'email sent');
    };
    return {
      transport: 'smtp',
      send,
      async sendSoon(message) {
        void send(message).catch((err) =>
          log.error({ err, to: message.to, reason: message.reason }, 'email could not be sent'),
        );
      },
    };
  }

  const send = async (message: EmailMessage) => {
    log.info(
      { to: message.to, subject: message.subject, reason: message.reason, text: message.text },
      'email (no SMTP_URL set: kept in the dev outbox instead of sending)',
    );
    await db.insert(emailOutbox).values({
      to: message.to.toLowerCase(),
      subject: message.subject,
      text: message.text,
      reason: message.reason,
    });
    // Now and then, forget messages older than a week: the outbox is for reading codes, not an archive.
    if (Math.random() < 0.01) {
      await db.delete(emailOutbox).where(lt(emailOutbox.createdAt, new Date(Date.now() - OUTBOX_KEEP_MS)));
    }
  };
  return { transport: 'outbox', send, sendSoon: send };
}
