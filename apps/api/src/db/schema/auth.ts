import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Tables of the built-in identity provider (better-auth). Property names are the provider's field names;
// column names are ours. Argo's own users table links to authUsers through users.idp_subject = authUsers.id.
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** twoFactor plugin: the user has a second factor (TOTP and/or email code) on. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /** Argo: an invited user signed in with a temporary password and must choose their own (/password/set). */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /**
     * Argo: this sign-in completed a second factor (an authenticator, emailed or backup code), so its ID tokens
     * say `mfa: true` while the user has two-factor on (second-factor.ts).
     */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_accounts_user_id_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

export const authJwks = pgTable('auth_jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  alg: text('alg'),
  crv: text('crv'),
});

/** twoFactor plugin: the TOTP secret and backup codes (both encrypted with the auth secret) of a user. */
export const authTwoFactors = pgTable(
  'auth_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('auth_two_factors_user_id_idx').on(t.userId)],
);

/** passkey plugin: one WebAuthn credential of a user. */
export const authPasskeys = pgTable(
  'auth_passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).defaultNow(),
    aaguid: text('aaguid'),
  },
  (t) => [
    index('auth_passkeys_user_id_idx').on(t.userId),
    index('auth_passkeys_credential_id_idx').on(t.credentialID),
  ],
);

/**
 * Argo: TOTP codes already accepted, per user, so a code cannot be used twice within its validity window (the
 * provider accepts the previous, current and next 30 s step). Rows older than a few minutes are deleted.
 */
export const authTotpUsedCodes = pgTable(
  'auth_totp_used_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/**
 * Argo: failed sign-in attempts (and code requests) per key — `account:<email>`, `ip:<address>`,
 * `send:<email>` — shared by every API process. Rows older than SIGN_IN_WINDOW_MINUTES no longer count.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_attempts_key_created_at_idx').on(t.key, t.createdAt)],
);

/** Secrets Argo generates itself on first start when none is configured, shared by every process. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const authSchema = {
  user: authUsers,
  session: authSessions,
  account: authAccounts,
  verification: authVerifications,
  jwks: authJwks,
  twoFactor: authTwoFactors,
  passkey: authPasskeys,
};
