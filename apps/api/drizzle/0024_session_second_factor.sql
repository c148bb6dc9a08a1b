-- Whether a sign-in (better-auth session) completed a second factor: ID tokens say `mfa: true` only for those. A
-- session made before this column cannot tell, so it counts as without one: an admin whose organisation requires
-- two-factor sign-in signs in again with a code.
ALTER TABLE "auth_sessions" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;
