/**
 * Who a sign-in request is about, read exactly as the provider reads it. Argo's limits in
 * sign-in-guard.ts must count and check the same person the two-factor plugin will verify; a cookie parser of our
 * own read `argo.two_factor="…"` (quoted) or a duplicated cookie differently from better-auth's, so the guard saw no
 * user and skipped the used-code check. This server-only endpoint runs inside better-auth with its own request
 * context: the session cookie through `getSessionFromCtx`, the two-factor cookie through `ctx.getSignedCookie`, and
 * the pending sign-in through the same verification lookup as the plugin's verifyTwoFactor.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint, getSessionFromCtx } from 'better-auth/api';

export interface SignInUser {
  id: string;
  email: string;
}

/** better-auth's name for the pending second-step cookie (two-factor plugin, TWO_FACTOR_COOKIE_NAME). */
const TWO_FACTOR_COOKIE = 'two_factor';

export const signInUserPlugin = {
  id: 'argo-sign-in-user',
  endpoints: {
    argoSignInUser: createAuthEndpoint(
      '/argo/sign-in-user',
      // Never routed over HTTP: only callable as auth.api.argoSignInUser({ headers }).
      { method: 'GET', metadata: { SERVER_ONLY: true } },
      async (ctx): Promise<SignInUser | null> => {
        const session = await getSessionFromCtx(ctx);
        if (session) return { id: session.user.id, email: session.user.email };
        const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
        const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        if (!identifier) return null;
        const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
        if (!pending || pending.expiresAt < new Date()) return null;
        const user = await ctx.context.internalAdapter.findUserById(pending.value);
        return user ? { id: user.id, email: user.email } : null;
      },
    ),
  },
} satisfies BetterAuthPlugin;
