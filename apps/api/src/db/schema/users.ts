import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAtColumn, idColumn, timestamptz } from './columns';

export const userRole = pgEnum('user_role', ['admin', 'member']);
export const userStatus = pgEnum('user_status', ['active', 'invited', 'disabled']);

/**
 * Argo users, and the invitations to become one. `email` is always stored lower-case (the app
 * lower-cases; the check constraint catches a path that forgets). `idp_subject` is the identity provider's `sub`,
 * null while the row is an invitation nobody accepted yet.
 *
 * One email is one user per account, and one joined user (idp_subject set) across Argo; pending invitations to
 * the same address from several accounts may coexist (an invitation must not find out that the
 * address is registered elsewhere, so it cannot be refused for it). `joins_on_sign_in`: the invitation made the
 * person's sign-in (built-in provider, temporary password), so signing in with it accepts the invitation; any
 * other invitation is accepted or declined by the person. `invited_by_id` names the inviter to the person.
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** The user's job title as they give it ("Head of Sales"); '' when not given. Signs their outreach. */
    title: text('title').notNull().default(''),
    role: userRole('role').notNull().default('member'),
    status: userStatus('status').notNull().default('active'),
    idpSubject: text('idp_subject').unique(),
    joinsOnSignIn: boolean('joins_on_sign_in').notNull().default(false),
    invitedById: uuid('invited_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamptz('last_seen_at'),
  },
  (t) => [
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('users_account_email_unique').on(t.accountId, t.email),
    uniqueIndex('users_member_email_unique').on(t.email).where(sql`${t.idpSubject} is not null`),
    index('users_account_role_idx').on(t.accountId, t.role),
    index('users_account_email_idx').on(t.accountId, sql`lower(${t.email})`),
    // Admin user search is ILIKE '%q%' on email and name.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export type UserRole = (typeof userRole.enumValues)[number];
export type UserStatus = (typeof userStatus.enumValues)[number];
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
