import pg from 'pg';
import { inject } from 'vitest';

/*
 * The app's dev outbox (table email_outbox, written when no SMTP server is configured): the journeys read the
 * codes, links and temporary passwords a person would find in their mailbox.
 */

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Why it was sent: confirm-sign-up, password-reset, invitation, mfa-code, … */
  reason: string;
}

let pool: pg.Pool | null = null;
function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  return pool;
}

/** For afterAll of a file that read the outbox. */
export async function closeOutbox(): Promise<void> {
  await pool?.end();
  pool = null;
}

/** The database's clock now: pass it to waitForEmail to find only what is sent after this moment. */
export async function outboxNow(): Promise<Date> {
  const result = await db().query<{ now: Date }>('select clock_timestamp() as now');
  const now = result.rows[0]?.now;
  if (!now) throw new Error('the database did not say what time it is');
  return now;
}

/** Waits (up to 15 s) for the newest email to `to` with `reason` sent after `since`. */
export async function waitForEmail(
  to: string,
  reason: string,
  since: Date,
  timeoutMs = 15_000,
): Promise<Email> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await db().query<Email>(
      `select "to", subject, text, reason from email_outbox
       where "to" = $1 and reason = $2 and created_at > $3 order by created_at desc limit 1`,
      [to.toLowerCase(), reason, since],
    );
    const email = result.rows[0];
    if (email) return email;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`No "${reason}" email to ${to} arrived in the outbox within ${timeoutMs / 1000} s`);
}

/** Every email sent to `to` after `since`, oldest first (to check what was, and was not, sent). */
export async function emailsSince(to: string, since: Date): Promise<Email[]> {
  const result = await db().query<Email>(
    `select "to", subject, text, reason from email_outbox where "to" = $1 and created_at > $2 order by created_at`,
    [to.toLowerCase(), since],
  );
  return result.rows;
}

/** The 6-digit code of a code email ("Your Argo … code is: 123456"). */
export function codeIn(email: Email): string {
  const code = /code is:\s*(\d{6})/.exec(email.text)?.[1];
  if (!code) throw new Error(`No code in the email "${email.subject}":\n${email.text}`);
  return code;
}

/** The first link of an email to the app at `baseUrl`. */
export function linkIn(email: Email, baseUrl: string): string {
  const link = email.text.split(/\s+/).find((word) => word.startsWith(`${baseUrl}/`));
  if (!link) throw new Error(`No link to ${baseUrl} in the email "${email.subject}":\n${email.text}`);
  return link;
}

/** The temporary password of an invitation email. */
export function temporaryPasswordIn(email: Email): string {
  const password = /temporary password:\s*(\S+)/.exec(email.text)?.[1];
  if (!password) throw new Error(`No temporary password in the email "${email.subject}":\n${email.text}`);
  return password;
}
