import { jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from './columns';
import { sessions } from './sessions';
import { users } from './users';

/**
 * A user's own view of a session's results: the columns shown, the filters and the sort, so
 * a 100,000-row session opens the way the analyst left it. One per user and session; the shape is the contract's
 * saved-view type, validated on the way in, so the column is typed loosely here.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    view: jsonb('view').$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sessionId] })],
);
