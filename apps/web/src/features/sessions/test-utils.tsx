import type { Session } from '@argo/contract';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AppProvider } from '../../app/provider';
import { createQueryClient } from '../../app/query-client';
import { setAuthProvider } from '../../lib/auth/auth';
import { type Profile, profileQueryKey } from '../profile/api';

/* Test helpers for the screens: the real providers, a router, and `fetch` answered per route. */

export const ids = {
  account: '00000000-0000-4000-8000-000000000001',
  me: '00000000-0000-4000-8000-0000000000a1',
  ann: '00000000-0000-4000-8000-0000000000a2',
  bob: '00000000-0000-4000-8000-0000000000a3',
  cat: '00000000-0000-4000-8000-0000000000a4',
  venture: '00000000-0000-4000-8000-0000000000b1',
};

const account = {
  id: ids.account,
  name: 'Acme Ventures',
  website: 'https://acme.test',
  analytics_identifier: '00000000-0000-4000-8000-0000000000c1',
  require_admin_mfa: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

export function makeUser(id: string, name: string, email: string, role: 'admin' | 'member' = 'member') {
  return {
    id,
    account_id: ids.account,
    email,
    name,
    role,
    venture_ids: [],
    status: 'active' as const,
    created_at: '2026-01-01T00:00:00.000Z',
    last_seen_at: null,
  };
}

export function makeProfile(role: 'admin' | 'member' = 'member'): Profile {
  const user = makeUser(ids.me, 'Mia Me', 'mia@acme.test', role);
  return { ...account, ...user, account };
}

let sessionCount = 0;
export function makeSession(overrides: Partial<Session> = {}): Session {
  sessionCount += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sessionCount).padStart(12, '0')}`,
    account_id: ids.account,
    owner_id: ids.me,
    owner: { id: ids.me, email: 'mia@acme.test', name: 'Mia Me' },
    venture_id: null,
    name: `Session ${sessionCount}`,
    type: 'search',
    input: {},
    status: 'completed',
    stage: null,
    progress: { total: 0, done: 0, failed: 0 },
    error: null,
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    finished_at: null,
    access: 'owner',
    ...overrides,
  };
}

export function json(status: number, body?: unknown): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (request: SentRequest) => Response | Promise<Response>;

/**
 * Stubs `fetch`: `handlers` are keyed by "METHOD /api/path"; anything else answers 404. Answers the list of
 * requests sent, in order.
 */
export function mockApi(handlers: Record<string, Handler>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const request = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
      };
      sent.push(request);
      const handler = handlers[`${method} ${url.pathname}`];
      if (!handler)
        return json(404, {
          error: { code: 'not_found', message: `No test answer for ${method} ${url.pathname}` },
        });
      return handler(request);
    }),
  );
  return sent;
}

/** Nobody is signed in with the identity provider: the client sends the anonymous token, which is fine here. */
export function stubIdentityProvider(): void {
  setAuthProvider({
    signIn: async () => ({ step: 'done' }),
    signUp: async () => ({ step: 'done' }),
    signOut: async () => {},
    fetchIdToken: async () => null,
  });
}

/**
 * Renders `ui` as the page at `/` inside the app's providers and a router (links need one), with the
 * profile already loaded as the `_app` guard would have.
 */
export function renderPage(ui: ReactNode, options: { profile?: Profile; queryClient?: QueryClient } = {}) {
  // The notifications store outlives a test; what an earlier test showed would fill the limit of 3.
  notifications.clean();
  const queryClient = options.queryClient ?? createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  queryClient.setQueryData(profileQueryKey, options.profile ?? makeProfile());
  const rootRoute = createRootRoute({ component: Outlet });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const result = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router as never} />
    </AppProvider>,
  );
  return { ...result, queryClient, router };
}
