import type { BetterAuthClient } from './better-auth-client';
import { describeAuthError, type ProviderError } from './error-messages';
import { DEFAULT_PASSWORD_POLICY } from './password-policy';
import type { AuthProvider, MfaMethod, PasskeyInfo, PasswordPolicy, SignInStep } from './types';

/*
 * The built-in identity provider: better-auth, mounted by the API at /api/auth (ARCHITECTURE.md "Sign-in
 * flows" lists the endpoint of each flow). The sign-in state between the password and the second factor is
 * better-auth's two-factor cookie; the temporary password of an invited user is kept in memory only until
 * the user has chosen their own.
 * The better-auth client (19 KiB of gzipped JavaScript) is loaded on the first call that needs it, or when a
 * sign-in screen is first used (prepare): checking who is signed in and reading the password policy are plain
 * requests, so the sign-in screens render without it.
 */

type Answer<T> = { data: T | null; error: ProviderError | null };
type Call = (client: BetterAuthClient) => Promise<unknown>;

/** better-auth's method names → the step machine's. */
function toMethods(twoFactorMethods: unknown): MfaMethod[] {
  const names = Array.isArray(twoFactorMethods) ? twoFactorMethods : [];
  const methods: MfaMethod[] = [];
  if (names.includes('totp')) methods.push('totp');
  if (names.includes('otp')) methods.push('email_code');
  // Backup codes come with an authenticator app.
  if (methods.includes('totp')) methods.push('backup_code');
  return methods;
}

/** The `secret` of an otpauth:// URI, for typing it in by hand. */
export function readTotpSecret(totpUri: string): string {
  const query = totpUri.split('?')[1] ?? '';
  return new URLSearchParams(query).get('secret') ?? '';
}

function hasFlag(user: unknown, flag: string): boolean {
  return Boolean(user && typeof user === 'object' && (user as Record<string, unknown>)[flag] === true);
}

export function createBetterAuthProvider(basePath = '/api/auth'): AuthProvider {
  let loading: Promise<BetterAuthClient> | null = null;
  const loadClient = () => {
    loading ??= import('./better-auth-client').then(
      (module) => module.createBetterAuthClient(`${window.location.origin}${basePath}`),
      (error: unknown) => {
        loading = null; // offline: tried again on the next call
        throw error;
      },
    );
    return loading;
  };

  /** Calls the client; a request that failed outright (offline, DNS) becomes status 0 instead of a throw. */
  async function run<T>(call: Call): Promise<Answer<T>> {
    try {
      const answer = (await call(await loadClient())) as Answer<T>;
      return { data: answer.data ?? null, error: answer.error ?? null };
    } catch (cause) {
      console.error('Identity provider request failed', cause);
      return { data: null, error: { status: 0 } };
    }
  }

  /** The sign-in in progress: the second factors on offer, and an invited user's temporary password. */
  let methods: MfaMethod[] = [];
  let temporaryPassword: string | null = null;
  let policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY;

  const describe = (error: ProviderError, passwordField?: 'password' | 'newPassword') =>
    describeAuthError(error, {
      minPasswordLength: policy.minLength,
      ...(passwordField ? { passwordField } : {}),
    });

  /** After the last factor: the invited user still has to choose a password. */
  function afterSignIn(user: unknown, password: string | null): SignInStep {
    methods = [];
    if (hasFlag(user, 'mustChangePassword')) {
      temporaryPassword = password;
      return { step: 'new_password' };
    }
    temporaryPassword = null;
    return { step: 'done' };
  }

  async function chooseMfa(method: MfaMethod): Promise<SignInStep> {
    const offered = methods.length > 0 ? methods : [method];
    if (method === 'email_code') {
      const { error } = await run((client) => client.twoFactor.sendOtp());
      if (error) return describe(error);
    }
    return { step: method, methods: offered };
  }

  return {
    prepare() {
      void loadClient().catch(() => {});
    },

    async signIn(email, password) {
      const { data, error } = await run<Record<string, unknown>>((client) =>
        client.signIn.email({ email, password }),
      );
      if (error) {
        if (error.code === 'EMAIL_NOT_VERIFIED') return { step: 'confirm_sign_up', email };
        return describe(error);
      }
      if (data?.twoFactorRedirect) {
        methods = toMethods(data.twoFactorMethods);
        temporaryPassword = password;
        const primary = methods.filter((m) => m !== 'backup_code');
        if (primary.length === 0)
          return { step: 'error', message: 'This account has no way to finish signing in.' };
        if (primary.length === 1 && primary[0]) return chooseMfa(primary[0]);
        return { step: 'select_mfa', methods };
      }
      return afterSignIn(data?.user, password);
    },

    async submitChallenge(step, code) {
      const call: Call =
        step === 'totp'
          ? (client) => client.twoFactor.verifyTotp({ code })
          : step === 'email_code'
            ? (client) => client.twoFactor.verifyOtp({ code })
            : (client) => client.twoFactor.verifyBackupCode({ code });
      const { data, error } = await run<{ user?: unknown }>(call);
      if (error) {
        const described = describe(error);
        if (described.restart) temporaryPassword = null;
        return described;
      }
      return afterSignIn(data?.user, temporaryPassword);
    },

    chooseMfa,

    async completeNewPassword(newPassword) {
      if (!temporaryPassword) {
        return {
          step: 'error',
          message: 'Sign in again with the temporary password from your invitation email.',
          restart: true,
        };
      }
      const { error } = await run((client) =>
        client.changePassword({
          currentPassword: temporaryPassword ?? '',
          newPassword,
          revokeOtherSessions: true,
        }),
      );
      if (error) return describe(error, 'newPassword');
      temporaryPassword = null;
      return { step: 'done' };
    },

    async signUp({ email, password, name }) {
      const { data, error } = await run<{ token?: string | null }>((client) =>
        client.signUp.email({ email, password, name }),
      );
      if (error) {
        // No enumeration: an address that has an account gets the same "check your email" step.
        if (error.code?.startsWith('USER_ALREADY_EXISTS')) return { step: 'confirm_sign_up', email };
        return describe(error);
      }
      // A session token means the provider did not ask for a confirmation (auto sign-in).
      return data?.token ? { step: 'done' } : { step: 'confirm_sign_up', email };
    },

    async confirmSignUp(email, code) {
      const { data, error } = await run<{ token?: string | null }>((client) =>
        client.emailOtp.verifyEmail({ email, otp: code }),
      );
      if (error) {
        // The user was deleted meanwhile: to this user, the code simply does not work.
        if (error.code === 'USER_NOT_FOUND') return describe({ code: 'INVALID_OTP' });
        return describe(error);
      }
      return data?.token ? { step: 'done' } : { step: 'confirmed' };
    },

    async resendSignUpCode(email) {
      const { error } = await run((client) =>
        client.emailOtp.sendVerificationOtp({ email, type: 'email-verification' }),
      );
      return error ? describe(error) : { step: 'done' };
    },

    async getPasswordPolicy() {
      // GET /api/config says the provider's minimum when it differs from the specification's default.
      const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
      const config = (await response.json()) as { password_min_length?: unknown };
      const minLength = config.password_min_length;
      policy = typeof minLength === 'number' && minLength > 0 ? { minLength } : DEFAULT_PASSWORD_POLICY;
      return policy;
    },

    async requestPasswordReset(email) {
      const { error } = await run((client) =>
        client.emailOtp.sendVerificationOtp({ email, type: 'forget-password' }),
      );
      return error ? describe(error) : { step: 'done' };
    },

    async confirmPasswordReset(email, code, newPassword) {
      const { error } = await run((client) =>
        client.emailOtp.resetPassword({ email, otp: code, password: newPassword }),
      );
      if (error?.code === 'USER_NOT_FOUND') return describe({ code: 'INVALID_OTP' });
      return error ? describe(error) : { step: 'done' };
    },

    async changePassword(currentPassword, newPassword) {
      const { error } = await run((client) =>
        client.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }),
      );
      return error ? describe(error, 'newPassword') : { step: 'done' };
    },

    async signOut() {
      methods = [];
      temporaryPassword = null;
      const { error } = await run((client) => client.signOut());
      if (error && error.status !== 401) console.error('Sign-out failed', error);
    },

    async signOutEverywhere() {
      const { error } = await run((client) => client.revokeSessions());
      if (error) return describe(error);
      await run((client) => client.signOut());
      return { step: 'done' };
    },

    async fetchIdToken() {
      // The session, read from the database (not the cookie cache: a session signed out elsewhere gets no token);
      // the jwt plugin adds the ID token to the answer as `set-auth-jwt` when there is a session. Without one the
      // answer is 200 with null, where the plugin's /token endpoint answers 401: every signed-out visit logged it.
      const response = await fetch(`${basePath}/get-session?disableCookieCache=true`, {
        credentials: 'include',
        headers: { Accept: 'application/json' },
        cache: 'no-store',
      });
      if (response.status === 401 || response.status === 403) return null;
      if (!response.ok) throw new Error(`Could not check the sign-in (${response.status})`);
      // Read the body too: a fetch whose body is never read stays open in the browser.
      const session = (await response.json().catch(() => null)) as { session?: unknown } | null;
      return session?.session ? response.headers.get('set-auth-jwt') || null : null;
    },

    async getMfaStatus() {
      const { data, error } = await run<{ user?: unknown }>((client) =>
        client.getSession({ query: { disableCookieCache: true } }),
      );
      if (error) throw new Error(describe(error).message);
      return { enabled: hasFlag(data?.user, 'twoFactorEnabled') };
    },

    mfaNeedsPassword: true,

    async startTotpSetup(password) {
      const { data, error } = await run<{ totpURI?: string; backupCodes?: string[] }>((client) =>
        client.twoFactor.enable({ password: password ?? '' }),
      );
      if (error) return describe(error);
      const totpUri = data?.totpURI ?? '';
      return { step: 'done', totpUri, secret: readTotpSecret(totpUri), backupCodes: data?.backupCodes ?? [] };
    },

    async verifyTotpSetup(code) {
      const { error } = await run((client) => client.twoFactor.verifyTotp({ code }));
      return error ? describe(error) : { step: 'done' };
    },

    async enableEmailMfa(password) {
      const { error } = await run((client) =>
        client.twoFactor.enable({ password: password ?? '', method: 'otp' }),
      );
      return error ? describe(error) : { step: 'done' };
    },

    // Turning MFA off and new backup codes take a current code besides the password (the API refuses them
    // without): an authenticator or backup code, or one emailed by sendMfaCode. The client's typed calls know
    // only the password, so these go through its plain fetch.
    mfaChangeNeedsCode: true,

    async sendMfaCode() {
      const { error } = await run((client) => client.twoFactor.sendOtp());
      return error ? describe(error) : { step: 'done' };
    },

    async disableMfa(password, code) {
      const { error } = await run((client) =>
        client.$fetch('/two-factor/disable', { method: 'POST', body: { password: password ?? '', code } }),
      );
      return error ? describe(error) : { step: 'done' };
    },

    async regenerateBackupCodes(password, code) {
      const { data, error } = await run<{ backupCodes?: string[] }>((client) =>
        client.$fetch('/two-factor/generate-backup-codes', {
          method: 'POST',
          body: { password: password ?? '', code },
        }),
      );
      return error ? describe(error) : { step: 'done', backupCodes: data?.backupCodes ?? [] };
    },

    passkeys: {
      async signIn() {
        const { data, error } = await run<{ user?: unknown }>((client) => client.signIn.passkey());
        if (error) return describe(error);
        return afterSignIn(data?.user, null);
      },
      async list(): Promise<PasskeyInfo[]> {
        const { data, error } = await run<{ id: string; name?: string | null; createdAt?: string | Date }[]>(
          (client) => client.passkey.listUserPasskeys(),
        );
        if (error) throw new Error(describe(error).message);
        return (data ?? []).map((p) => ({
          id: p.id,
          name: p.name ?? null,
          createdAt: p.createdAt ? new Date(p.createdAt).toISOString() : null,
        }));
      },
      async add(name) {
        const { error } = await run((client) => client.passkey.addPasskey({ name }));
        return error ? describe(error) : { step: 'done' };
      },
      async remove(id) {
        const { error } = await run((client) => client.passkey.deletePasskey({ id }));
        return error ? describe(error) : { step: 'done' };
      },
    },
  };
}
