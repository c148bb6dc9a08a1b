import type { PendingInvitation, User } from '@argo/contract';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../app/query-client';
import { createAppRouter } from '../../../app/router';
import { setAuthProvider } from '../../../lib/auth/auth';

/*
 * A signed-in person without an organisation lands on "Create your organisation" and finds there
 * the invitations waiting for them, to accept or decline. Real router, providers and API client; `fetch` stubbed.
 */

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';
const INVITATION_ID = '00000000-0000-4000-8000-0000000000c1';
const OTHER_ID = '00000000-0000-4000-8000-0000000000c2';

const invitation: PendingInvitation = {
  id: INVITATION_ID,
  account_name: 'Acme Ventures',
  invited_by: 'Ada Admin (ada@acme.test)',
  role: 'member',
  created_at: '2026-01-01T00:00:00.000Z',
};
const other: PendingInvitation = { ...invitation, id: OTHER_ID, account_name: 'Other Org', invited_by: null };

const account = {
  id: ACCOUNT_ID,
  name: 'Acme Ventures',
  website: null,
  analytics_identifier: '00000000-0000-4000-8000-000000000002',
  require_admin_mfa: false,
  created_at: '2026-01-01T00:00:00.000Z',
};
const joined: User = {
  id: INVITATION_ID,
  account_id: ACCOUNT_ID,
  email: 'pat@example.test',
  name: 'Pat',
  role: 'member',
  venture_ids: [],
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  last_seen_at: '2026-01-02T00:00:00.000Z',
};

type Handler = () => Response | Promise<Response>;
let handlers: Record<string, Handler>;
let sent: string[];

function json(status: number, body?: unknown): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
const noArgoUser = () =>
  json(404, { error: { code: 'not_found', message: 'You have no Argo account yet.' } });

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
    'GET /api/users/me': noArgoUser,
    'GET /api/accounts/me': noArgoUser,
    'GET /api/invitations': () => json(200, [invitation, other]),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      if (url.pathname.startsWith('/api/')) sent.push(key);
      const handler = handlers[key];
      return handler ? handler() : json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
});

function renderOrganisationStep() {
  const queryClient = createQueryClient();
  const router = createAppRouter(
    queryClient,
    createMemoryHistory({ initialEntries: ['/register?step=organisation'] }),
  );
  render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const card = (name: string) => screen.findByRole('listitem', { name: `Invitation to ${name}` });

describe('invitations on the organisation step', () => {
  it('lists each invitation with who sent it, above the form to create an organisation', async () => {
    renderOrganisationStep();
    const acme = await card('Acme Ventures');
    expect(within(acme).getByText('Ada Admin (ada@acme.test) invited you as a member.')).toBeTruthy();
    expect(within(await card('Other Org')).getByText('You were invited as a member.')).toBeTruthy();
    expect(screen.getByText('You are invited to these organisations')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Create your organisation' })).toBeTruthy();
  });

  it('accepts: joins the organisation and goes to the app', async () => {
    let release: () => void = () => {};
    handlers[`POST /api/invitations/${INVITATION_ID}/accept`] = () =>
      new Promise((resolve) => {
        release = () => resolve(json(200, { account, user: joined }));
      });
    const router = renderOrganisationStep();
    const acme = await card('Acme Ventures');
    fireEvent.click(within(acme).getByRole('button', { name: 'Accept the invitation to Acme Ventures' }));
    // While the answer is on its way, the other button of the card waits.
    await waitFor(() =>
      expect(
        within(acme)
          .getByRole('button', { name: 'Decline the invitation to Acme Ventures' })
          .hasAttribute('disabled'),
      ).toBe(true),
    );
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(sent).toContain(`POST /api/invitations/${INVITATION_ID}/accept`);
  });

  it('declines: the invitation leaves the list, the form stays', async () => {
    handlers[`DELETE /api/invitations/${OTHER_ID}`] = () => json(204);
    renderOrganisationStep();
    const otherCard = await card('Other Org');
    fireEvent.click(within(otherCard).getByRole('button', { name: 'Decline the invitation to Other Org' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Invitation to Other Org' })).toBeNull(),
    );
    expect(await card('Acme Ventures')).toBeTruthy();
    expect(screen.getByText('You are invited')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Create your organisation' })).toBeTruthy();
  });

  it("shows the API's reason when an answer fails, and the buttons work again", async () => {
    handlers[`POST /api/invitations/${INVITATION_ID}/accept`] = () =>
      json(404, {
        error: {
          code: 'not_found',
          message: 'This invitation is no longer open: it was withdrawn or already answered.',
        },
      });
    renderOrganisationStep();
    const acme = await card('Acme Ventures');
    const accept = within(acme).getByRole('button', { name: 'Accept the invitation to Acme Ventures' });
    fireEvent.click(accept);
    expect((await within(acme).findByRole('alert')).textContent).toBe(
      'This invitation is no longer open: it was withdrawn or already answered.',
    );
    expect(accept.hasAttribute('disabled')).toBe(false);
  });

  it('says when the invitations cannot be loaded, and tries again on request', async () => {
    let calls = 0;
    handlers['GET /api/invitations'] = () => {
      calls += 1;
      // A 4xx, which the query client does not retry by itself.
      return calls === 1
        ? json(429, { error: { code: 'rate_limited', message: 'Too many requests. Try again in a minute.' } })
        : json(200, [invitation]);
    };
    renderOrganisationStep();
    expect(await screen.findByText('Your invitations could not be loaded')).toBeTruthy();
    expect(screen.getByText('Too many requests. Try again in a minute.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Acme Ventures')).toBeTruthy();
  });

  it('shows only the form when nobody invited the person', async () => {
    handlers['GET /api/invitations'] = () => json(200, []);
    renderOrganisationStep();
    expect(await screen.findByRole('form', { name: 'Create your organisation' })).toBeTruthy();
    await waitFor(() => expect(sent).toContain('GET /api/invitations'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('list')).toBeNull();
  });
});
