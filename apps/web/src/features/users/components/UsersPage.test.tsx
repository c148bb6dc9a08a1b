import type { PublicConfig, User } from '@argo/contract';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../app/query-client';
import { createAppRouter } from '../../../app/router';
import { setAuthProvider } from '../../../lib/auth/auth';

/* The /users screen through the real router, providers and API client; only `fetch` is stubbed. */

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';
const VENTURE_ID = '00000000-0000-4000-8000-0000000000b1';

const account = {
  id: ACCOUNT_ID,
  name: 'Acme Ventures',
  website: null,
  analytics_identifier: '00000000-0000-4000-8000-000000000002',
  require_admin_mfa: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

function makeUser(n: number, email: string, role: 'admin' | 'member', overrides: Partial<User> = {}): User {
  return {
    id: `00000000-0000-4000-8000-0000000000a${n}`,
    account_id: ACCOUNT_ID,
    email,
    name: email.split('@')[0] ?? null,
    role,
    venture_ids: [],
    status: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
    last_seen_at: null,
    ...overrides,
  };
}

const me = makeUser(1, 'ann@acme.test', 'admin');
const bob = makeUser(2, 'bob@acme.test', 'member', { venture_ids: [VENTURE_ID] });
const venture = {
  venture_id: VENTURE_ID,
  account_id: ACCOUNT_ID,
  name: 'Ledgerly',
  website: null,
  description: null,
  value_proposition: null,
  icp: {
    industries: [],
    locations: [],
    keywords: [],
    exclude_keywords: [],
    employee_min: null,
    employee_max: null,
    software_signals: [],
    hiring_signal: null,
  },
  people: [],
  member_count: 1,
  session_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Handler = (request: SentRequest) => Response;

let sent: SentRequest[];
let handlers: Record<string, Handler>;

function json(status: number, body?: unknown): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function page(items: User[], total = items.length, query: Record<string, string> = {}) {
  return { items, total, page: Number(query.page ?? 0), page_size: Number(query.page_size ?? 25) };
}

const publicConfig: PublicConfig = {
  auth_provider: 'builtin',
  cognito: null,
  version: 'test',
  password_min_length: 6,
  map: { tile_url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: '', attribution_url: '', max_zoom: 19 },
  features: { language_model: false, google_places: false },
};

beforeEach(() => {
  setAuthProvider({
    signIn: async () => ({ step: 'done' }),
    signUp: async () => ({ step: 'done' }),
    signOut: async () => {},
    fetchIdToken: async () => 'id-token',
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  sent = [];
  handlers = {
    'GET /api/users/me': () => json(200, me),
    'GET /api/accounts/me': () => json(200, account),
    'GET /api/admin/users': ({ query }) => json(200, page([me, bob], 2, query)),
    'GET /api/admin/ventures': () => json(200, [venture]),
    'GET /api/config': () => json(200, publicConfig),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const request: SentRequest = {
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text ? JSON.parse(text) : undefined,
      };
      if (url.pathname.startsWith('/api/')) sent.push(request);
      const handler = handlers[`${method} ${url.pathname}`];
      return handler ? handler(request) : json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
});

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const userLists = () => sent.filter((request) => request.path === '/api/admin/users');

/** Opens a Mantine Select and picks an option. */
async function choose(select: HTMLElement, option: string) {
  act(() => select.focus());
  fireEvent.click(select);
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
}

describe('the users screen', () => {
  it('asks the API for the search, role and page of the address, and shows the total', async () => {
    handlers['GET /api/admin/users'] = ({ query }) => json(200, page([bob], 31, query));
    renderAt('/users?search=bob&role=member&page=1&page_size=10');

    expect(await screen.findByText('bob@acme.test')).toBeTruthy();
    expect(userLists()[0]?.query).toEqual({ page: '1', page_size: '10', search: 'bob', role: 'member' });
    expect(screen.getByText('31 users match')).toBeTruthy();
    expect(screen.getByText('Showing 11–11 of 31')).toBeTruthy();
  });

  it('sends a typed search after a pause, a role filter and a page change, and keeps them in the address', async () => {
    handlers['GET /api/admin/users'] = ({ query }) => json(200, page([me, bob], 60, query));
    const router = renderAt('/users');
    await screen.findByText('bob@acme.test');
    expect(userLists()[0]?.query).toEqual({ page: '0', page_size: '25' });

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'bo' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'bob' } });
    await waitFor(() =>
      expect(userLists().at(-1)?.query).toEqual({ page: '0', page_size: '25', search: 'bob' }),
    );
    // Debounced: the half-typed "bo" was never asked for.
    expect(userLists().some((request) => request.query.search === 'bo')).toBe(false);
    // Defaults stay out of the address.
    expect(router.state.location.search).toEqual({ search: 'bob' });

    await choose(screen.getByRole('combobox', { name: 'Role' }), 'Admins');
    await waitFor(() =>
      expect(userLists().at(-1)?.query).toEqual({ page: '0', page_size: '25', search: 'bob', role: 'admin' }),
    );

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(userLists().at(-1)?.query).toMatchObject({ page: '1', role: 'admin' }));
    expect(router.state.location.search).toEqual({ page: 1, role: 'admin', search: 'bob' });
  });

  it('changes a role with assign-role', async () => {
    handlers['POST /api/admin/users/assign-role'] = () => json(200, { ...bob, role: 'admin' });
    renderAt('/users');
    const select = await screen.findByRole('combobox', { name: 'Role of bob@acme.test' });
    await choose(select, 'Admin');

    await waitFor(() =>
      expect(sent.find((request) => request.path === '/api/admin/users/assign-role')?.body).toEqual({
        user_id: bob.id,
        role: 'admin',
      }),
    );
    expect(await screen.findByText('bob@acme.test is now an admin.')).toBeTruthy();
  });

  it('shows the 409 of the last admin and puts the role back', async () => {
    const message = 'An account needs at least one admin: make another user an admin first.';
    handlers['POST /api/admin/users/assign-role'] = () => json(409, { error: { code: 'conflict', message } });
    renderAt('/users');
    const select = await screen.findByRole('combobox', { name: 'Role of ann@acme.test' });
    await choose(select, 'Member');

    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Role not changed')).toBeTruthy();
    await waitFor(() => expect((select as HTMLInputElement).value).toBe('Admin'));
  });

  it('shows assigned ventures and removes one with remove-venture', async () => {
    handlers['POST /api/admin/users/remove-venture'] = () => json(200, { ...bob, venture_ids: [] });
    renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ledgerly from bob@acme.test' }));
    await waitFor(() =>
      expect(sent.find((request) => request.path === '/api/admin/users/remove-venture')?.body).toEqual({
        user_id: bob.id,
        venture_id: VENTURE_ID,
      }),
    );
  });

  it('invites a user with their role and ventures', async () => {
    const cat = makeUser(3, 'cat@acme.test', 'member', { status: 'invited' });
    handlers['POST /api/users/invite'] = () => json(201, cat);
    renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const form = await screen.findByRole('form', { name: 'Invite user' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Email/ }), {
      target: { value: 'cat@acme.test' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Cat' } });
    await choose(within(form).getByRole('combobox', { name: 'Ventures' }), 'Ledgerly');
    fireEvent.click(within(form).getByRole('button', { name: 'Create invitation' }));

    await waitFor(() =>
      expect(sent.find((request) => request.path === '/api/users/invite')?.body).toEqual({
        email: 'cat@acme.test',
        name: 'Cat',
        role: 'member',
        venture_ids: [VENTURE_ID],
      }),
    );
    // The built-in sign-in emails the invitation: the admin is not told to pass anything on.
    expect(
      await screen.findByText(/^Argo emails cat@acme\.test the invitation with how to sign in\./),
    ).toBeTruthy();
  });

  it('tells the admin to pass the register address on when Cognito signs people in (Argo sends no email)', async () => {
    handlers['GET /api/config'] = () => json(200, { ...publicConfig, auth_provider: 'cognito' });
    renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    expect(
      await within(dialog).findByText(/^Let them know: they join by registering at .*\/register/),
    ).toBeTruthy();
  });

  it('says what is wrong with an email address the invitation cannot go to', async () => {
    renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const form = await screen.findByRole('form', { name: 'Invite user' });
    const email = within(form).getByRole('textbox', { name: /^Email/ });
    fireEvent.click(within(form).getByRole('button', { name: 'Create invitation' }));
    expect(await within(form).findByText('Enter their email address.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'sam@bookly' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create invitation' }));
    expect(await within(form).findByText(/^This is not an email address/)).toBeTruthy();
    expect(sent.some((request) => request.path === '/api/users/invite')).toBe(false);
  });

  it('deletes a user after a confirmation that says where their sessions go', async () => {
    handlers['DELETE /api/admin/users/00000000-0000-4000-8000-0000000000a2'] = () => json(204);
    renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete bob@acme.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(within(dialog).getByText(/Their sessions pass to you/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() =>
      expect(sent.some((request) => request.method === 'DELETE' && request.path.endsWith(bob.id))).toBe(true),
    );
  });

  it('tells a member that only admins manage users, without asking the API for them', async () => {
    handlers['GET /api/users/me'] = () => json(200, { ...me, role: 'member' });
    renderAt('/users');
    expect(await screen.findByText('Only admins can manage users')).toBeTruthy();
    expect(sent.map((request) => request.path)).toEqual(['/api/users/me', '/api/accounts/me']);
  });
});
