import type { FastifyInstance } from 'fastify';

/** What the API needs to know about a signed-in person, from a verified ID token. */
export interface IdTokenClaims {
  /** The provider's stable subject id (better-auth user id, or Cognito `sub`). */
  sub: string;
  email: string;
  name: string | null;
  /** The provider says the email is verified. Only then is an invited user linked by email. */
  emailVerified?: boolean;
  /** The provider's sign-in session behind the token (built-in: better-auth session id, claim `sid`). The API
   *  refuses the token as soon as that session is gone (sign-out everywhere, revoked, user disabled/deleted). */
  sessionId?: string;
  /** Whether the user has a second factor on (built-in: claim `mfa`); undefined when the provider does not say. */
  mfa?: boolean;
  /** The user signed in with a temporary password and must set their own first (built-in: claim `must_change_password`). */
  mustChangePassword?: boolean;
}

/** A person an admin invited (POST /users/invite). */
export interface Invitation {
  email: string;
  name: string | null;
  accountName: string;
  /** Who invited them, as shown in the email ("Ada Lovelace (ada@example.com)"). */
  invitedBy: string;
  /**
   * The address's owner already joined another organisation. The admin is not told: the owner
   * is, by email, and their sign-in is left exactly as it is.
   */
  memberElsewhere: boolean;
}

/** What `inviteUser` did. */
export interface InvitationSent {
  /**
   * The invitation made (or took over) the person's sign-in and emailed its temporary password: signing in with it
   * accepts the invitation. False when the person keeps a sign-in of their own and accepts in Argo, or was
   * not given one.
   */
  madeSignIn: boolean;
}

/** Thrown by `inviteUser` when the sign-in was made but the invitation email could not go out. */
export class InvitationNotSentError extends Error {
  constructor(cause: unknown) {
    super('the invitation email could not be sent', { cause });
    this.name = 'InvitationNotSentError';
  }
}

/**
 * A pluggable identity provider: the built-in one (better-auth) or AWS Cognito.
 * The API only ever verifies ID tokens; sign-in itself happens between the browser and the provider.
 */
export interface IdentityProvider {
  kind: 'builtin' | 'cognito';
  /** The claims of a valid, unexpired token of this provider; null for anything else. Never throws. */
  verifyIdToken(token: string): Promise<IdTokenClaims | null>;
  /** Routes the provider serves itself (the built-in provider's /api/auth/*). */
  registerRoutes?(app: FastifyInstance): void;
  /**
   * Gives an invited person a way to sign in and tells them by email (built-in: a sign-in user with a temporary
   * password that must be changed; again for a re-invite, with a fresh password). Optional: without it (Cognito)
   * the person registers in the pool themselves and accepts the invitation after signing in.
   */
  inviteUser?(invitation: Invitation): Promise<InvitationSent>;
}
