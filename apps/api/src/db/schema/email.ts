import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';

/**
 * Emails Argo would have sent, when no SMTP server is configured (SMTP_URL unset): the development outbox. Tests
 * read confirmation codes and temporary passwords from here.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** Why it was sent, as a short tag (`confirm-sign-up`, `invitation`, …). */
    reason: text('reason').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('email_outbox_to_created_at_idx').on(t.to, t.createdAt)],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
