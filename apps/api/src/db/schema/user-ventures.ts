import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { ventures } from './ventures';

/* A module of its own: in users.ts or ventures.ts it would make the two import each other. */

/** Ventures a member is assigned to (admins see every venture of their account). */
export const userVentures = pgTable(
  'user_ventures',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ventureId: uuid('venture_id')
      .notNull()
      .references(() => ventures.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ventureId] }),
    index('user_ventures_venture_idx').on(t.ventureId),
  ],
);
