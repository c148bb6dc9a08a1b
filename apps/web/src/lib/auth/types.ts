/*
 * The sign-in step machine (ARCHITECTURE.md "Sign-in flows"). Screens call the functions of auth.ts;
 * auth.ts checks the input, keeps the 180 s deadline of a sign-in in progress and calls the configured
 * AuthProvider (built-in better-auth, or Cognito). Every action answers the next step the user must take.
 */

/** The form field an error belongs to, so the screen can show it next to that field. */
export type AuthField = 'email' | 'password' | 'newPassword' | 'name' | 'code' | 'passkeyName';

/**
 * Something went wrong, in words a user understands. `field` places it next to that input (else it is shown
 * above the form). `restart`: the provider's sign-in state is gone (expired, too many wrong codes): the
 * screen goes back to the email and password step.
 */
export type AuthErrorStep = { step: 'error'; message: string; field?: AuthField; restart?: boolean };

/** The second factors a user may be asked for. */
export type MfaMethod = 'totp' | 'email_code' | 'backup_code';

/**
 * A challenge step of a sign-in in progress. `methods`: every method this user may switch to (always
 * includes the current one). `expiresAt` (epoch ms) is stamped by auth.ts, not by providers: the provider's
 * sign-in state lives 180 s.
 */
export type ChallengeStep =
  | { step: 'totp'; methods: MfaMethod[]; expiresAt?: number }
  /** `destination`: where the code went (e.g. a masked email), when the provider says. */
  | { step: 'email_code'; methods: MfaMethod[]; destination?: string; expiresAt?: number }
  | { step: 'backup_code'; methods: MfaMethod[]; expiresAt?: number }
  /** Several methods are available: the user picks one (then `chooseMfa`). */
  | { step: 'select_mfa'; methods: MfaMethod[]; expiresAt?: number };

export type SignInStep =
  /** Signed in: an ID token is available. */
  | { step: 'done' }
  /** The email is not confirmed yet: a code was (or can be) emailed; go to /confirmation/?email. */
  | { step: 'confirm_sign_up'; email: string }
  | ChallengeStep
  /** The account requires MFA and the user has none: set it up on /mfa before going on. */
  | { step: 'mfa_setup' }
  /** Signed in with a temporary password (invited user): choose a new one on /password/set. */
  | { step: 'new_password' }
  | AuthErrorStep;

/** Sign-up never tells whether the email was new (no enumeration): it always asks for the emailed code. */
export type SignUpStep = { step: 'done' } | { step: 'confirm_sign_up'; email: string } | AuthErrorStep;

/** After confirming the email: signed in (`done`), or confirmed but the user must sign in (`confirmed`). */
export type ConfirmSignUpStep = { step: 'done' } | { step: 'confirmed' } | AuthErrorStep;

/** An action that either worked (with its answer merged in) or failed with a user-facing error. */
export type Outcome<T extends object = object> = ({ step: 'done' } & T) | AuthErrorStep;

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
}

/** The password rules to show before the user submits (minimum 6 when the provider gives none). */
export interface PasswordPolicy {
  minLength: number;
  requireLowercase?: boolean;
  requireUppercase?: boolean;
  requireNumber?: boolean;
  requireSymbol?: boolean;
}

/** What starting an authenticator-app (TOTP) setup hands back. */
export interface TotpSetup {
  /** otpauth:// URI for the QR code. */
  totpUri: string;
  /** The base32 secret from the URI, for typing it in by hand. */
  secret: string;
  /** One-time recovery codes, shown once (empty when the provider has none, e.g. Cognito). */
  backupCodes: string[];
}

export interface MfaStatus {
  enabled: boolean;
  /** The methods known to be set up, when the provider tells (the built-in one only knows `enabled`). */
  methods?: MfaMethod[];
}

export interface PasskeyInfo {
  id: string;
  name: string | null;
  createdAt: string | null;
}

/**
 * What an identity provider must offer the app. Methods answer steps or outcomes and never throw for a
 * user error (wrong code, weak password…): they answer `{ step: 'error', message, field }` with the message
 * already in plain words (see error-messages.ts). They may throw only for programming errors.
 *
 * The provider keeps the state of a sign-in in progress itself (better-auth: a cookie; Amplify: memory),
 * so `submitChallenge`, `chooseMfa` and `completeNewPassword` continue the last `signIn`.
 */
export interface AuthProvider {
  /** Starts loading what signing in needs (a sign-in screen is being used), so the first answer comes sooner. */
  prepare?(): void;

  // ---- sign-in
  /** Email + password. Answers done, a challenge step, confirm_sign_up, mfa_setup, new_password or error. */
  signIn(email: string, password: string): Promise<SignInStep>;
  /** Answers the code of a challenge step (`totp`, `email_code`, `backup_code`). */
  submitChallenge(step: 'totp' | 'email_code' | 'backup_code', code: string): Promise<SignInStep>;
  /** After `select_mfa`, or to switch method: answers that method's step (sends the email code if needed). */
  chooseMfa(method: MfaMethod): Promise<SignInStep>;
  /** After `new_password`: sets the user's own password and finishes the sign-in. */
  completeNewPassword(newPassword: string): Promise<SignInStep>;

  // ---- sign-up
  signUp(input: SignUpInput): Promise<SignUpStep>;
  confirmSignUp(email: string, code: string): Promise<ConfirmSignUpStep>;
  resendSignUpCode(email: string): Promise<Outcome>;

  // ---- passwords
  /** The rules a new password must meet. */
  getPasswordPolicy(): Promise<PasswordPolicy>;
  /** Emails a reset code; answers `done` whether or not the email has an account (no enumeration). */
  requestPasswordReset(email: string): Promise<Outcome>;
  /** Errors about the new password use field `password`. */
  confirmPasswordReset(email: string, code: string, newPassword: string): Promise<Outcome>;
  /** Signed in. A wrong current password is field `password`, a weak new one field `newPassword`. */
  changePassword(currentPassword: string, newPassword: string): Promise<Outcome>;

  // ---- session
  signOut(): Promise<void>;
  /** Ends every session of the user on every device, this one included. */
  signOutEverywhere(): Promise<Outcome>;
  /** A fresh ID token for the signed-in user, or null when nobody is signed in. Throws when it cannot tell. */
  fetchIdToken(): Promise<string | null>;

  // ---- MFA management (signed in; /mfa and /settings). `password`: null when the provider does not ask.
  getMfaStatus(): Promise<MfaStatus>;
  /** Whether these screens must ask for the password before changing MFA (better-auth: yes; Cognito: no). */
  readonly mfaNeedsPassword: boolean;
  /** Starts an authenticator-app setup; confirmed by `verifyTotpSetup` with a first code. */
  startTotpSetup(password: string | null): Promise<Outcome<TotpSetup>>;
  verifyTotpSetup(code: string): Promise<Outcome>;
  /**
   * Turns on MFA by emailed code (no setup step). Null when the provider does not offer it. The built-in provider
   * then ends every sign-in of the user, this one too (it proved no code): the next sign-in asks for the code.
   */
  enableEmailMfa: ((password: string | null) => Promise<Outcome>) | null;
  /**
   * Whether turning MFA off and making new backup codes need a current code besides the password (better-auth:
   * an authenticator, backup or emailed code; Cognito: no). `code`: null when the provider does not ask.
   */
  readonly mfaChangeNeedsCode: boolean;
  /** Emails the signed-in user a code for such a change. Null when the provider does not offer it. */
  sendMfaCode: (() => Promise<Outcome>) | null;
  disableMfa(password: string | null, code: string | null): Promise<Outcome>;
  /** Replaces the backup codes. Null when the provider has no backup codes (Cognito). */
  regenerateBackupCodes:
    | ((password: string | null, code: string | null) => Promise<Outcome<{ backupCodes: string[] }>>)
    | null;

  // ---- passkeys (WebAuthn). Null when the provider offers none.
  passkeys: PasskeyProvider | null;
}

interface PasskeyProvider {
  /** Signs in with a passkey of this device (the browser asks which one). */
  signIn(): Promise<SignInStep>;
  /** Signed in: lists the user's passkeys. Throws when they cannot be read. */
  list(): Promise<PasskeyInfo[]>;
  /** Signed in: registers a passkey of this device under `name`. */
  add(name: string): Promise<Outcome>;
  remove(id: string): Promise<Outcome>;
}
