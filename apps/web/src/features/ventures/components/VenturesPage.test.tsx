import type { Venture } from '@argo/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../app/query-client';
import { setAuthProvider } from '../../../lib/auth/auth';
import { type Profile, profileQueryKey } from '../../../lib/profile';
import { VenturesPage } from './VenturesPage';

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';
const VENTURE_ID = '00000000-0000-4000-8000-0000000000a1';
const PERSON_ID = '00000000-0000-4000-8000-0000000000b1';

function profile(role: 'admin' | 'member'): Profile {
  const account = {
    id: ACCOUNT_ID,
    name: 'Acme Ventures',
    website: null,
    analytics_identifier: '00000000-0000-4000-8000-000000000002',
    require_admin_mfa: false,
    created_at: '2026-01-01T00:00:00.000Z',
  };
  return {
    ...account,
    id: '00000000-0000-4000-8000-000000000003',
    account_id: ACCOUNT_ID,
    email: 'ann@acme.test',
    name: 'Ann',
    role,
    venture_ids: [],
    status: 'active',
    last_seen_at: null,
    account,
  };
}

const bookkeeping: Venture = {
  venture_id: VENTURE_ID,
  account_id: ACCOUNT_ID,
  name: 'Ledgerly',
  website: 'https://ledgerly.test',
  description: 'Bookkeeping for dental practices',
  value_proposition: null,
  icp: {
    industries: ['Dentists'],
    locations: ['Austin, TX'],
    keywords: [],
    exclude_keywords: [],
    employee_min: 5,
    employee_max: 50,
    software_signals: [],
    hiring_signal: null,
  },
  people: [
    {
      id: PERSON_ID,
      venture_id: VENTURE_ID,
      name: 'Bea Seller',
      email: 'bea@ledgerly.test',
      title: 'Founder',
      linkedin_url: null,
      user_id: null,
    },
  ],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

let sent: Sent[];
let ventures: Venture[];
let answerWrite: (body: Record<string, unknown>) => Response;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  setAuthProvider({
    signIn: async () => ({ step: 'done' }),
    signUp: async () => ({ step: 'done' }),
    signOut: async () => {},
    fetchIdToken: async () => 'id-token',
  });
  sent = [];
  ventures = [];
  answerWrite = (body) => json(201, { ...bookkeeping, ...body, people: [] });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, url, body });
      if (url === '/api/ventures/all') return json(200, ventures);
      if (url === '/api/ventures/create' || url === '/api/ventures/update') return answerWrite(body);
      if (url === '/api/ventures/delete') return new Response(null, { status: 204 });
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
});

function renderPage(role: 'admin' | 'member' = 'admin') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(profileQueryKey, profile(role));
  render(
    <AppProvider queryClient={queryClient} env="test">
      <VenturesPage />
    </AppProvider>,
  );
}

const writes = () => sent.filter((request) => request.method === 'POST');

async function openNewVentureForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'New venture' }));
  return screen.findByRole('form', { name: 'New venture' });
}

function type(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

function addTag(form: HTMLElement, label: string, value: string) {
  const input = within(form).getByRole('combobox', { name: label });
  // Comboboxes ignore changes to an input that has no focus (autofill), as a browser would.
  act(() => input.focus());
  type(input, value);
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('the ventures screen', () => {
  it('offers to create the first venture when there is none', async () => {
    renderPage();
    expect(
      await screen.findByText('No ventures yet — describe what you sell and who you sell to'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New venture' })).toBeTruthy();
  });

  it('shows a venture with its ICP and team, and tells members where the others are', async () => {
    ventures = [bookkeeping];
    renderPage('member');
    const card = await screen.findByRole('article', { name: 'Ledgerly' });
    expect(within(card).getByText('Dentists')).toBeTruthy();
    expect(within(card).getByText('Austin, TX')).toBeTruthy();
    expect(within(card).getByText('1 team member')).toBeTruthy();
    expect(screen.getByText('Ventures you are assigned to; ask an admin for others.')).toBeTruthy();
    // Members may edit but not delete.
    expect(within(card).getByRole('button', { name: 'Edit Ledgerly' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Delete Ledgerly' })).toBeNull();
  });

  it('blocks a minimum above the maximum before anything is sent', async () => {
    renderPage();
    const form = await openNewVentureForm();
    type(within(form).getByLabelText(/^Name/), 'Ledgerly');
    type(within(form).getByLabelText('Minimum employees'), '50');
    type(within(form).getByLabelText('Maximum employees'), '10');
    fireEvent.click(within(form).getByRole('button', { name: 'Create venture' }));

    const max = within(form).getByLabelText('Maximum employees');
    await waitFor(() => expect(max.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(/Must be at least the minimum \(50\)/)).toBeTruthy();
    // The marked field gets the focus: on a long form the note below may be out of sight.
    await waitFor(() => expect(document.activeElement).toBe(max));
    expect(writes()).toEqual([]);
  });

  it('sends the ICP and the team in the request body', async () => {
    renderPage();
    const form = await openNewVentureForm();
    type(within(form).getByLabelText(/^Name/), '  Ledgerly ');
    type(within(form).getByLabelText('Website'), 'ledgerly.test');
    type(within(form).getByLabelText('What it sells'), 'Bookkeeping for dental practices');
    addTag(form, 'Industries', 'Dentists');
    addTag(form, 'Locations', 'Austin, TX');
    addTag(form, 'Software signals', 'QuickBooks');
    type(within(form).getByLabelText('Minimum employees'), '5');
    type(within(form).getByLabelText('Maximum employees'), '50');
    fireEvent.click(within(form).getByRole('radio', { name: 'Hiring' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add team member' }));
    const member = within(form).getByRole('group', { name: 'Team member 1' });
    type(within(member).getByLabelText(/^Name/), 'Bea Seller');
    type(within(member).getByLabelText('Email'), 'bea@ledgerly.test');
    type(within(member).getByLabelText('Title'), 'Founder');
    fireEvent.click(within(form).getByRole('button', { name: 'Create venture' }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      url: '/api/ventures/create',
      body: {
        name: 'Ledgerly',
        website: 'ledgerly.test',
        description: 'Bookkeeping for dental practices',
        value_proposition: null,
        icp: {
          industries: ['Dentists'],
          locations: ['Austin, TX'],
          keywords: [],
          exclude_keywords: [],
          software_signals: ['QuickBooks'],
          employee_min: 5,
          employee_max: 50,
          hiring_signal: true,
        },
        people: [{ name: 'Bea Seller', email: 'bea@ledgerly.test', title: 'Founder', linkedin_url: null }],
      },
    });
    // Saved: the drawer closes and the list is asked for again.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New venture' })).toBeNull());
  });

  it('edits with venture_id, keeps existing people by id and replaces the team', async () => {
    ventures = [bookkeeping];
    answerWrite = (body) => json(200, { ...bookkeeping, ...body });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ledgerly' }));
    const form = await screen.findByRole('form', { name: 'Edit venture' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add team member' }));
    const second = within(form).getByRole('group', { name: 'Team member 2' });
    type(within(second).getByLabelText(/^Name/), 'Cy Closer');
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    const request = writes()[0] as Sent & { body: Record<string, unknown> };
    expect(request.url).toBe('/api/ventures/update');
    expect(request.body.venture_id).toBe(VENTURE_ID);
    expect(request.body.icp).toMatchObject({ industries: ['Dentists'], employee_min: 5, employee_max: 50 });
    expect(request.body.people).toEqual([
      { id: PERSON_ID, name: 'Bea Seller', email: 'bea@ledgerly.test', title: 'Founder', linkedin_url: null },
      { name: 'Cy Closer', email: null, title: null, linkedin_url: null },
    ]);
  });

  it("shows the server's field error next to the field it names", async () => {
    answerWrite = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'people.0.email: must be a valid email address',
          field: 'people.0.email',
        },
      });
    renderPage();
    const form = await openNewVentureForm();
    type(within(form).getByLabelText(/^Name/), 'Ledgerly');
    fireEvent.click(within(form).getByRole('button', { name: 'Add team member' }));
    const member = within(form).getByRole('group', { name: 'Team member 1' });
    type(within(member).getByLabelText(/^Name/), 'Bea Seller');
    type(within(member).getByLabelText('Email'), 'bea@ledgerly');
    fireEvent.click(within(form).getByRole('button', { name: 'Create venture' }));

    const email = within(member).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const message = within(member).getByText('Must be a valid email address');
    expect(email.getAttribute('aria-describedby')).toContain(message.id);
    // The drawer stays open with what was typed.
    expect(screen.getByRole('form', { name: 'New venture' })).toBeTruthy();
  });

  it('lets an admin delete a venture after a confirmation that names it', async () => {
    ventures = [bookkeeping];
    renderPage('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ledgerly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete venture' });
    expect(within(dialog).getByText('Ledgerly')).toBeTruthy();
    expect(within(dialog).getByText(/keep their results/)).toBeTruthy();
    // Its ICP profiles go with it (they belong to the venture), and the dialog says so.
    expect(within(dialog).getByText(/its saved ICP profiles/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete venture' }));

    await waitFor(() =>
      expect(writes()).toEqual([
        { method: 'POST', url: '/api/ventures/delete', body: { venture_id: VENTURE_ID } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete venture' })).toBeNull());
  });
});
