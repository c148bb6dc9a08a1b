import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { AppProvider } from '../../app/provider';
import { createQueryClient } from '../../app/query-client';
import { createAppRouter } from '../../app/router';
import { setAuthProvider } from '../../lib/auth/auth';
import { createBetterAuthProvider } from '../../lib/auth/better-auth-provider';
import { json } from '../../testing/fake-api';

/* Sign-in screens in the whole app (real routes, the built-in provider), with `fetch` answered per route. */

/** A JWT-shaped ID token that expires in an hour (the app reads `exp`; the API would verify it). */
export function fakeIdToken(): string {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(
    /=+$/,
    '',
  );
  return `eyJhbGciOiJFZERTQSJ9.${payload}.sig`;
}

/**
 * better-auth's answer to GET /api/auth/get-session: the session with the jwt plugin's `set-auth-jwt` header when
 * `idToken` is given, else null (nobody signed in).
 */
export function sessionAnswer(idToken: string | null): Response {
  if (!idToken) return json(200, null);
  return new Response(JSON.stringify({ session: { id: 's1' }, user: { id: 'u1' } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'set-auth-jwt': idToken },
  });
}

/** Renders the app at `path` with the built-in provider talking to the stubbed `fetch`. */
export function renderApp(path: string) {
  setAuthProvider(createBetterAuthProvider());
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  // Strict mode, as in main.tsx: effects run twice, and a code must still be sent once.
  const result = render(
    <StrictMode>
      <AppProvider queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  return { ...result, router, queryClient };
}
