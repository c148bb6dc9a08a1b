import type { Business, SessionInfo } from '@argo/contract';
import { notifications } from '@mantine/notifications';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AppProvider } from '../../app/provider';
import { createQueryClient } from '../../app/query-client';
import { createAppRouter } from '../../app/router';
import { setAuthProvider } from '../../lib/auth/auth';
import { ids, json, makeSession, makeUser, mockApi, type SentRequest } from '../sessions/test-utils';

/* The discovery, import and results screens in the whole app (real routes, providers, API client); only `fetch`
 * is stubbed, answered per "METHOD /api/path". */

export { ids, json, type SentRequest };

export const SESSION_ID = '00000000-0000-4000-8000-00000000c0de';

const account = {
  id: ids.account,
  name: 'Acme Ventures',
  website: null,
  analytics_identifier: '00000000-0000-4000-8000-0000000000c1',
  require_admin_mfa: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

export function makeInfo(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    ...makeSession({ id: SESSION_ID, name: 'Gyros in Plano', type: 'import' }),
    counts: { businesses: 0, by_enrichment_state: {} },
    shared_users: [],
    ...overrides,
  };
}

let businessCount = 0;
export function makeBusiness(overrides: Partial<Business> = {}): Business {
  businessCount += 1;
  return {
    id: `00000000-0000-4000-9000-${String(businessCount).padStart(12, '0')}`,
    session_id: SESSION_ID,
    name: `Business ${businessCount}`,
    website: null,
    domain: null,
    email: null,
    phone: null,
    address: null,
    city: null,
    region: null,
    postal_code: null,
    country: null,
    lat: null,
    lng: null,
    category: null,
    source: 'import',
    sources: [{ source: 'import', source_ref: `line/${businessCount + 1}` }],
    source_ref: null,
    rating: null,
    review_count: null,
    enrichment_state: 'pending',
    enrichment_error: null,
    summary: null,
    industry: null,
    software: [],
    hiring: null,
    icp_score: null,
    icp_tier: null,
    first_seen_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

type Handler = (request: SentRequest) => Response | Promise<Response>;

/**
 * Stubs `fetch` with the signed-in profile plus `handlers` (a mutable map: tests change answers as the session
 * moves on) and renders the app at `path`. Answers the router and the requests sent, in order.
 */
export function renderApp(path: string, handlers: Record<string, Handler>) {
  notifications.clean();
  setAuthProvider({
    signIn: async () => ({ step: 'done' }),
    signUp: async () => ({ step: 'done' }),
    signOut: async () => {},
    fetchIdToken: async () => 'id-token',
  });
  const sent = mockApi(
    new Proxy(handlers, {
      get: (target, key: string) =>
        target[key] ??
        {
          'GET /api/users/me': () => json(200, makeUser(ids.me, 'Mia Me', 'mia@acme.test')),
          'GET /api/accounts/me': () => json(200, account),
        }[key],
    }),
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, sent, queryClient };
}

/** Opens a Mantine Select and picks an option. */
export async function choose(select: HTMLElement, option: string) {
  act(() => select.focus());
  fireEvent.click(select);
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
}
