import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { type EmailOutboxRow, emailOutbox } from '../src/db/schema/email';

/**
 * The dev outbox (email_outbox) as tests read it: without SMTP_URL every email Argo sends lands there. Messages are
 * written before the request that sends them answers; the short retry only covers a send still finishing.
 */
export async function readLatestEmail(
  db: Database,
  email: string,
  reason?: string,
): Promise<EmailOutboxRow | null> {
  const where = reason
    ? and(eq(emailOutbox.to, email.toLowerCase()), eq(emailOutbox.reason, reason))
    : eq(emailOutbox.to, email.toLowerCase());
  for (let attempt = 0; ; attempt++) {
    const [row] = await db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    if (row || attempt >= 10) return row ?? null;
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** Every outbox message to `email`, oldest first. */
export async function readEmails(db: Database, email: string): Promise<EmailOutboxRow[]> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email.toLowerCase()))
    .orderBy(desc(emailOutbox.createdAt));
  return rows.reverse();
}

/** The 6-digit code of the newest message to `email` (optionally of one `reason`); throws when there is none. */
export async function readLatestCode(db: Database, email: string, reason?: string): Promise<string> {
  const message = await readLatestEmail(db, email, reason);
  const code = message ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined;
  if (!code) throw new Error(`no code emailed to ${email}${reason ? ` (${reason})` : ''}`);
  return code;
}

/** The temporary password of the newest invitation to `email`; throws when there is none. */
export async function readTemporaryPassword(db: Database, email: string): Promise<string> {
  const message = await readLatestEmail(db, email, 'invitation');
  const password = message ? /temporary password:\s+(\S+)/.exec(message.text)?.[1] : undefined;
  if (!password) throw new Error(`no temporary password emailed to ${email}`);
  return password;
}
