import type { Preview } from '@argo/contract';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../app/query-client';
import { createAppRouter } from '../../../app/router';
import { SESSION_TOKEN_KEY, TRACKING_IDS_KEY } from '../../../config/constants';

// Sign-in is the identity provider's business: here only "is someone signed in?" matters.
const auth = vi.hoisted(() => ({ signedIn: false }));
vi.mock('../../../lib/auth/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/auth/auth')>()),
  isSignedIn: async () => auth.signedIn,
  getIdToken: async () => (auth.signedIn ? 'id-token' : null),
}));

const TOKEN = 'anon-token-0123456789abcdef';
const PENDING =
  "Finding matching businesses arrives with discovery — create your account and you'll be able to run it in a minute.";

function storedPreview(overrides: Partial<Preview> = {}): Preview {
  return {
    preview_id: '00000000-0000-4000-8000-0000000000a1',
    venture: {
      name: 'Ledgerly',
      website: 'https://ledgerly.test',
      description: 'Bookkeeping for dental practices',
      industries: ['Dentists'],
      locations: ['Austin, TX'],
    },
    businesses: [],
    discovery_available: false,
    message: PENDING,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    expires_at: '2026-01-08T00:00:00.000Z',
    ...overrides,
  };
}

interface Sent {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
}

let sent: Sent[];
let answerGet: () => Response;
let answerPost: (body: { venture: Partial<Preview['venture']> }) => Response;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const notFound = () => json(404, { error: { code: 'not_found', message: 'No preview.' } });

beforeEach(() => {
  auth.signedIn = false;
  sent = [];
  answerGet = notFound;
  // The API answers the venture it stored: what was sent, blanks as null or [].
  answerPost = (body) => {
    const blank = { name: '', website: null, description: '', industries: [], locations: [] };
    return json(200, storedPreview({ venture: { ...blank, ...body.venture } }));
  };
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (url.startsWith('/api/')) sent.push({ method, url, body, authorization: headers.Authorization });
      if (url === '/api/get-started/preview' && method === 'GET') return answerGet();
      if (url === '/api/get-started/preview' && method === 'POST') return answerPost(body);
      return new Response('Not found', { status: 404 });
    }),
  );
});

function renderPage() {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: ['/get-started'] }));
  render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

function addTag(label: RegExp, value: string) {
  const input = screen.getByRole('combobox', { name: label });
  // Mantine ignores changes to an input that has no focus (autofill), as a browser would not type into it.
  input.focus();
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

async function fillVenture() {
  fireEvent.change(await screen.findByLabelText(/Venture name/), { target: { value: 'Ledgerly' } });
  fireEvent.change(screen.getByLabelText(/Website/), { target: { value: 'ledgerly.test' } });
  fireEvent.change(screen.getByLabelText(/Who you sell to/), {
    target: { value: 'Bookkeeping for dental practices' },
  });
  addTag(/Industries/, 'Dentists');
  addTag(/Locations/, 'Austin, TX');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Preview matching businesses' }));

describe('/get-started', () => {
  it('walks a new visitor from the venture to the preview notice to registering', async () => {
    window.sessionStorage.setItem(TRACKING_IDS_KEY, JSON.stringify([{ id: 't1', value: 'newsletter' }]));
    renderPage();
    await waitFor(() => expect(document.title).toBe('Argo | Get Started'));
    expect(await screen.findByRole('heading', { name: 'Get Started' })).toBeTruthy();

    await fillVenture();
    // Nothing is asked before a token exists: a first visit has no stored preview.
    expect(sent).toEqual([]);
    submit();

    expect(await screen.findByText(PENDING)).toBeTruthy();
    const posted = sent.find((request) => request.method === 'POST');
    expect(posted?.body).toEqual({
      venture: {
        name: 'Ledgerly',
        website: 'ledgerly.test',
        description: 'Bookkeeping for dental practices',
        industries: ['Dentists'],
        locations: ['Austin, TX'],
      },
      tracking_ids: [{ id: 't1', value: 'newsletter' }],
    });
    // The argo-token of this tab is the bearer.
    const token = window.sessionStorage.getItem(SESSION_TOKEN_KEY);
    expect(token).toBeTruthy();
    expect(posted?.authorization).toBe(`Bearer ${token}`);
    // No businesses, so no map-data attribution.
    expect(screen.queryByText(/OpenStreetMap/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next: create your account' }));
    const register = await screen.findByRole('link', { name: 'Create your account' });
    expect(register.getAttribute('href')).toBe('/register');
    expect(screen.getByText(/becomes your first venture/)).toBeTruthy();
  });

  it('checks the form before sending anything', async () => {
    renderPage();
    await screen.findByLabelText(/Venture name/);
    submit();
    expect(await screen.findByText('Enter the name of your venture.')).toBeTruthy();
    expect(screen.getByText('Say who you sell to and what you sell.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('resumes from the stored preview after a reload, and lets the visitor change the venture', async () => {
    window.sessionStorage.setItem(SESSION_TOKEN_KEY, TOKEN);
    answerGet = () => json(200, storedPreview());
    renderPage();

    expect(await screen.findByText(PENDING)).toBeTruthy();
    expect(screen.getByText('Ledgerly')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'GET', url: '/api/get-started/preview', body: undefined, authorization: `Bearer ${TOKEN}` },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Change your venture' }));
    const name = (await screen.findByLabelText(/Venture name/)) as HTMLInputElement;
    expect(name.value).toBe('Ledgerly');
    fireEvent.change(name, { target: { value: 'Ledgerly Pro' } });
    submit();
    expect(await screen.findByText('Ledgerly Pro')).toBeTruthy();
    expect(sent.at(-1)?.body).toMatchObject({
      venture: { name: 'Ledgerly Pro', industries: ['Dentists'], locations: ['Austin, TX'] },
    });
  });

  it('shows the rate-limit message of a refused preview', async () => {
    answerPost = () =>
      json(429, {
        error: {
          code: 'rate_limited',
          message: 'You have made 10 previews from this browser in the last hour. Try again in 42 minutes.',
        },
      });
    renderPage();
    await fillVenture();
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Try again in 42 minutes.');
    // Still on the first step, with what the visitor typed.
    expect((screen.getByLabelText(/Venture name/) as HTMLInputElement).value).toBe('Ledgerly');
  });

  it('puts a validation error from the API next to its field', async () => {
    answerPost = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          field: 'venture.website',
          message: 'venture.website: must be a web address (https://…)',
        },
      });
    renderPage();
    await fillVenture();
    submit();
    const message = await screen.findByText('must be a web address (https://…)');
    const describedBy = screen.getByLabelText(/Website/).getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ')).toContain(message.id);
  });

  it('lists the businesses of a preview with the OpenStreetMap attribution', async () => {
    window.sessionStorage.setItem(SESSION_TOKEN_KEY, TOKEN);
    answerGet = () =>
      json(
        200,
        storedPreview({
          discovery_available: true,
          message: '1 matching business: create your account to find and enrich more.',
          businesses: [
            {
              name: 'Smile Dental',
              category: 'dentist',
              address: '1 Main St',
              city: 'Austin',
              website: null,
              lat: 30.27,
              lng: -97.74,
              source: 'osm',
            },
          ],
        }),
      );
    renderPage();
    expect(await screen.findByRole('table', { name: 'Matching businesses' })).toBeTruthy();
    expect(screen.getByText('Smile Dental')).toBeTruthy();
    expect(screen.getByText('1 Main St, Austin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'OpenStreetMap contributors' })).toBeTruthy();
    expect(screen.queryByText(PENDING)).toBeNull();
  });

  it('says what failed when the stored preview cannot be loaded, and tries again', async () => {
    window.sessionStorage.setItem(SESSION_TOKEN_KEY, TOKEN);
    answerGet = () =>
      json(500, { error: { code: 'internal', message: 'Something went wrong on our side.' } });
    renderPage();
    expect(await screen.findByText('Your preview could not be loaded', {}, { timeout: 5000 })).toBeTruthy();
    answerGet = () => json(200, storedPreview());
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(PENDING)).toBeTruthy();
  });

  it('sends a signed-in user to /ventures instead of the wizard', async () => {
    auth.signedIn = true;
    renderPage();
    expect(await screen.findByText('You are signed in')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ventures' }).getAttribute('href')).toBe('/ventures');
    expect(screen.queryByLabelText(/Venture name/)).toBeNull();
    expect(sent).toEqual([]);
  });
});
