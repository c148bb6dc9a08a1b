import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBusiness, makeInfo, SESSION_ID } from '../../../testing/factories';
import { json, type SentRequest } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

// On /results: the saved view (applied on open, the address winning; saved on change; reset) and
// "Select all N matching" sending the filters instead of ids.

const INFO = `GET /api/user/session/${SESSION_ID}/info`;
const RESULTS = `GET /api/user/session/${SESSION_ID}/results`;
const VIEW = `/api/user/session/${SESSION_ID}/view`;

const shops = [
  makeBusiness({ name: 'Alpha Shop', city: 'Leeds' }),
  makeBusiness({ name: 'Beta Shop', city: 'York' }),
];
const SAVED = {
  columns: ['name', 'city', 'email'],
  filters: { icp_tier: ['A'] },
  sort: { by: 'name', dir: 'asc' },
};

function setUp(view: unknown, total = 2) {
  return {
    [INFO]: () =>
      json(200, makeInfo({ status: 'completed', counts: { businesses: total, by_enrichment_state: {} } })),
    [RESULTS]: ({ query }: SentRequest) =>
      json(200, {
        items: shops,
        total,
        page: Number(query.get('page')),
        pageSize: Number(query.get('pageSize')),
      }),
    [`GET ${VIEW}`]: () => json(200, { view, updated_at: view ? '2026-11-20T10:00:00.000Z' : null }),
    [`PUT ${VIEW}`]: ({ body }: SentRequest) =>
      json(200, { view: body, updated_at: '2026-11-24T10:00:00.000Z' }),
    [`DELETE ${VIEW}`]: () => new Response(null, { status: 204 }),
    'POST /api/enrichment/run': () =>
      json(202, { job_id: '00000000-0000-4000-8000-00000000a0b0', session: makeInfo({ status: 'queued' }) }),
  } as Record<string, (request: SentRequest) => Response | Promise<Response>>;
}

const rowsLoaded = () => screen.findByText('Alpha Shop', {}, { timeout: 8_000 });
const resultQueries = (sent: SentRequest[]) =>
  sent
    .filter((request) => request.path.endsWith('/results'))
    .map((request) => Object.fromEntries(request.query));
const headers = () =>
  within(screen.getByRole('table', { name: 'Businesses' }))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent?.trim());

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the saved view', () => {
  it('opens the session with the saved columns, filters and sort, asking for rows only once', async () => {
    const { router, sent } = renderApp(`/results?session_id=${SESSION_ID}`, setUp(SAVED));
    await rowsLoaded();
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ filters: SAVED.filters, sortBy: 'name' }),
    );
    const queries = resultQueries(sent);
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({
      filters: JSON.stringify(SAVED.filters),
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(headers()).toEqual(['', 'Name', 'City', 'Email']);
    // Nothing changed by the user: nothing saved.
    await new Promise((done) => setTimeout(done, 1200));
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('lets the address win over the saved filters, and saves a change of the user a moment later', async () => {
    const { router, sent } = renderApp(
      `/results?session_id=${SESSION_ID}&filters=${encodeURIComponent('{"hiring":true}')}`,
      setUp(SAVED),
    );
    await rowsLoaded();
    expect(router.state.location.search).toMatchObject({ filters: { hiring: true }, sortBy: 'name' });
    fireEvent.click(screen.getByRole('button', { name: 'Sort by City' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), {
      timeout: 3000,
    });
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({
      columns: SAVED.columns,
      filters: { hiring: true },
      sort: { by: 'city', dir: 'asc' },
    });
    expect(await screen.findByText('View saved')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reset view' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE')).toBe(true));
    expect(router.state.location.search).toEqual({ session_id: SESSION_ID });
    await waitFor(() => expect(headers()).toContain('Phone'));
    await new Promise((done) => setTimeout(done, 1200));
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });
});

describe('select all matching', () => {
  it('offers every business matching the filters and enriches them by the filters, not by ids', async () => {
    const filters = { city: { contains: 'e' } };
    const { sent } = renderApp(
      `/results?session_id=${SESSION_ID}&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      setUp(null, 120_000),
    );
    await rowsLoaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every business on this page' }));
    expect(screen.getByTestId('selection-count').textContent).toBe(
      'All 2 on this page are selected. Select all 120,000 matching',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Select all 120,000 matching' }));
    expect(screen.getByTestId('selection-count').textContent).toBe(
      'All 120,000 businesses matching are selected.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enrich all 120,000' }));
    await waitFor(() => expect(sent.some((request) => request.path === '/api/enrichment/run')).toBe(true));
    expect(sent.find((request) => request.path === '/api/enrichment/run')?.body).toEqual({
      session_id: SESSION_ID,
      types: ['unified'],
      matching: { filters },
    });
  });

  it('goes back to the rows selected when one of them is unticked', async () => {
    renderApp(`/results?session_id=${SESSION_ID}`, setUp(null, 500));
    await rowsLoaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every business on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 500 matching' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Alpha Shop' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('1 business selected');
  });
});
