import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthProvider } from '../../../lib/auth/auth';
import {
  json,
  makeBusiness,
  makeInfo,
  renderApp,
  SESSION_ID,
  type SentRequest,
} from '../../discovery/test-utils';
import { ids } from '../../sessions/test-utils';
import { columnChoiceKey } from '../column-choice';

const INFO = `GET /api/user/session/${SESSION_ID}/info`;
const RESULTS = `GET /api/user/session/${SESSION_ID}/results`;
const EXPORT = `GET /api/user/session/${SESSION_ID}/export`;
const DEFAULT_VIEW_COLUMNS =
  'name,website,phone,city,category,icp,decision_maker,enrichment_state,sources,first_seen_at';

const bakery = makeBusiness({
  name: 'Brot & Butter',
  website: 'https://brot.example/',
  domain: 'brot.example',
  phone: '+4930123456',
  city: 'Berlin',
  lat: 52.52,
  lng: 13.405,
  source: 'osm',
  sources: [
    {
      source: 'osm',
      source_ref: 'node/42',
      url: 'https://www.openstreetmap.org/node/42',
      observed_at: '2026-03-01T08:00:00.000Z',
    },
  ],
  enrichment_state: 'done',
  summary: 'A neighbourhood bakery selling sourdough bread.',
  industry: 'Food & Beverage',
  hiring: true,
  icp_score: 82,
  icp_tier: 'A',
  software: [
    {
      name: 'Shopify',
      category: 'Ecommerce',
      version: '2.0',
      confidence: 90,
      group: 'business',
      evidence: 'script src cdn.shopify.com/s/files',
    },
    {
      name: 'PHP',
      category: 'Programming languages',
      version: null,
      confidence: 100,
      group: 'infrastructure',
      evidence: 'implied by Shopify',
    },
  ],
  details: {
    services: ['Sourdough', 'Catering'],
    summary_generated_by: 'builtin',
    contacts: [{ kind: 'email', value: 'hello@brot.example', source_url: 'https://brot.example/contact' }],
    careers: {
      url: 'https://brot.example/jobs',
      ats: 'Personio',
      roles: [
        { title: 'Baker', department: 'Kitchen', location: 'Berlin', url: 'https://brot.example/jobs/baker' },
      ],
    },
    icp_reasons: [
      { criterion: 'Industry is Food & Beverage', matched: true, evidence: 'industry: Food & Beverage' },
    ],
    pages: [
      { url: 'https://brot.example/', fetched_at: '2026-03-02T09:15:00.000Z' },
      { url: 'https://brot.example/contact', fetched_at: '2026-03-02T09:16:00.000Z' },
    ],
  },
});
const noSite = makeBusiness({ name: 'Corner Kiosk', city: 'Berlin' });

function setUp() {
  return {
    [INFO]: () =>
      json(
        200,
        makeInfo({ status: 'completed', counts: { businesses: 2, by_enrichment_state: { done: 1 } } }),
      ),
    [RESULTS]: ({ query }: SentRequest) =>
      json(200, {
        items: [bakery, noSite],
        total: 2,
        page: Number(query.get('page')),
        pageSize: Number(query.get('pageSize')),
      }),
  } as Record<string, (request: SentRequest) => Response | Promise<Response>>;
}

/** The first page is on screen (generous: the machine may be busy, and the filter panel is a lot to draw). */
const rowsLoaded = () => screen.findByText('Brot & Butter', {}, { timeout: 8_000 });

const resultQueries = (sent: SentRequest[]) =>
  sent
    .filter((request) => request.path.endsWith('/results'))
    .map((request) => Object.fromEntries(request.query));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('results filters', { timeout: 20_000 }, () => {
  it('reads filters from the address, sends them as the JSON the API takes, and writes changes back', async () => {
    const filters = { icp_tier: ['A', 'B'], hiring: true };
    const { router, sent } = renderApp(
      `/results?session_id=${SESSION_ID}&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      setUp(),
    );
    await rowsLoaded();
    expect(JSON.parse(resultQueries(sent)[0]?.filters ?? 'null')).toEqual(filters);
    expect(router.state.location.search).toMatchObject({ filters });
    // The chips say what is in force; the panel opens with the address's filters shown.
    const inUse = screen.getByRole('list', { name: 'Filters in use' });
    expect(within(inUse).getByText('ICP tier: A, B')).toBeTruthy();
    expect(within(inUse).getByText('Hiring')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Tier A' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Tier C' }) as HTMLInputElement).checked).toBe(false);

    // "Has website" adds {present: true}; the page goes back to 0.
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Website' })).getByLabelText('Has website'),
    );
    const withWebsite = { ...filters, website: { present: true } };
    await waitFor(() =>
      expect(JSON.parse(resultQueries(sent).at(-1)?.filters ?? 'null')).toEqual(withWebsite),
    );
    expect(router.state.location.search).toMatchObject({ filters: withWebsite });

    // Removing a chip drops that filter; a city filter is a case-insensitive {contains}.
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter ICP tier: A, B' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Berl' } });
    const next = { hiring: true, website: { present: true }, city: { contains: 'Berl' } };
    await waitFor(() => expect(JSON.parse(resultQueries(sent).at(-1)?.filters ?? 'null')).toEqual(next));
    expect(router.state.location.search).toMatchObject({ filters: next });

    // "Clear filters" leaves no filters param at all, in the call and in the address.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(resultQueries(sent).at(-1)?.filters).toBeUndefined());
    expect(router.state.location.search).toEqual({ session_id: SESSION_ID });
  });

  it('ignores filters the contract refuses instead of sending them', async () => {
    const { sent } = renderApp(
      `/results?session_id=${SESSION_ID}&filters=${encodeURIComponent('{"shoe_size":42}')}`,
      setUp(),
    );
    await rowsLoaded();
    expect(resultQueries(sent)[0]?.filters).toBeUndefined();
  });
});

describe('column choice', { timeout: 20_000 }, () => {
  it('hides a column, keeps the choice per user in localStorage, and restores it on the next visit', async () => {
    renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    const table = await screen.findByRole('table', { name: 'Businesses' }, { timeout: 8_000 });
    expect(within(table).getByRole('columnheader', { name: 'Phone' })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: /Industry/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Phone' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Industry' }));
    await waitFor(() => expect(within(table).queryByRole('columnheader', { name: 'Phone' })).toBeNull());
    expect(within(table).getByRole('columnheader', { name: /Industry/ })).toBeTruthy();
    expect(within(table).getAllByText('Food & Beverage').length).toBeGreaterThan(0);
    const stored = JSON.parse(window.localStorage.getItem(columnChoiceKey(ids.me)) ?? '{}');
    expect(stored).toMatchObject({ phone: false, industry: true });
  });

  it('starts from the stored choice', async () => {
    window.localStorage.setItem(columnChoiceKey(ids.me), JSON.stringify({ website: false, software: true }));
    renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    const table = await screen.findByRole('table', { name: 'Businesses' }, { timeout: 8_000 });
    await within(table).findByText('Brot & Butter', {}, { timeout: 8_000 });
    expect(within(table).queryByRole('columnheader', { name: /Website/ })).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Software' })).toBeTruthy();
    expect(within(table).getByText('Shopify')).toBeTruthy();
    // The table shows the software the business chose; infrastructure stays in the drawer.
    expect(within(table).queryByText(/PHP/)).toBeNull();
  });
});

describe('the detail drawer', { timeout: 20_000 }, () => {
  it('shows every fact with the page it came from and when, the software evidence, roles and ICP reasons', async () => {
    const { router } = renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    fireEvent.click(
      await screen.findByRole('button', { name: 'Details of Brot & Butter' }, { timeout: 8_000 }),
    );
    const details = await screen.findByTestId('business-details');
    expect(router.state.location.search).toMatchObject({ business: bakery.id });

    // The contact found on the website links to the page it was read from, with that page's fetch time.
    const contacts = within(details).getByRole('region', { name: 'Contacts found on the website' });
    expect(within(contacts).getByText('hello@brot.example')).toBeTruthy();
    const contactSource = within(contacts).getByRole('link', { name: 'https://brot.example/contact' });
    expect(contactSource.getAttribute('href')).toBe('https://brot.example/contact');
    expect(within(contacts).getByTestId('fact-source').textContent).toContain('2 Mar 2026');

    // Place facts come from the OSM node, observed when it was found.
    const place = within(details).getByRole('region', { name: 'Contact and place' });
    expect(
      within(place).getAllByRole('link', { name: 'https://www.openstreetmap.org/node/42' }).length,
    ).toBeGreaterThan(0);
    expect(within(place).getAllByText(/1 Mar 2026/).length).toBeGreaterThan(0);

    const software = within(details).getByRole('table', { name: 'Business software' });
    expect(within(software).queryByText('PHP')).toBeNull();
    const infrastructure = within(details).getByRole('table', { name: 'Infrastructure and inferences' });
    expect(within(infrastructure).getByText('PHP')).toBeTruthy();
    const shopify = within(software).getByText('Shopify').closest('tr') as HTMLElement;
    expect(within(shopify).getByText('2.0')).toBeTruthy();
    expect(within(shopify).getByText('90%')).toBeTruthy();
    expect(within(shopify).getByText('script src cdn.shopify.com/s/files')).toBeTruthy();

    const roles = within(details).getByRole('list', { name: 'Open roles' });
    expect(within(roles).getByRole('link', { name: 'Baker' }).getAttribute('href')).toBe(
      'https://brot.example/jobs/baker',
    );
    expect(within(details).getByText(/applicant tracking: Personio/)).toBeTruthy();

    const reasons = within(details).getByRole('list', { name: 'ICP reasons' });
    expect(within(reasons).getByText('Industry is Food & Beverage')).toBeTruthy();
    expect(within(reasons).getByLabelText('matched')).toBeTruthy();
    expect(within(details).getByText('Summary (built-in summary)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('business'));
  });
});

describe('untrusted links', { timeout: 20_000 }, () => {
  it('never turns a scraped javascript: address into a link', async () => {
    const hostile = makeBusiness({
      name: 'Hostile Shop',
      website: 'javascript:window.__xss=1',
      sources: [
        { source: 'competitor', source_ref: null, url: 'javascript:alert(1)', snippet: 'trusted by' },
      ],
      details: {
        careers: {
          url: 'javascript:alert(2)',
          ats: null,
          roles: [{ title: 'Clicker', department: null, location: null, url: 'javascript:alert(3)' }],
        },
      },
    });
    const handlers = setUp();
    handlers[RESULTS] = () => json(200, { items: [hostile], total: 1, page: 0, pageSize: 50 });
    renderApp(`/results?session_id=${SESSION_ID}&business=${hostile.id}`, handlers);
    const details = await screen.findByTestId('business-details', {}, { timeout: 8_000 });
    expect(within(details).getByText('Clicker')).toBeTruthy();
    expect(within(details).getAllByText(/javascript:alert\(1\)/).length).toBeGreaterThan(0);
    const hrefs = [...document.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? '');
    expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
  });
});

describe('export', { timeout: 20_000 }, () => {
  function stubDownload() {
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    return clicked;
  }

  it('downloads the CSV with the search, filters and sort of the table, named by Content-Disposition', async () => {
    const clicked = stubDownload();
    const handlers = setUp();
    handlers[EXPORT] = () =>
      new Response('\uFEFFname\r\nBrot & Butter\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="bakeries.csv"' },
      });
    const filters = { icp_tier: 'A' };
    const { sent } = renderApp(
      `/results?session_id=${SESSION_ID}&search=brot&sortBy=name&sortOrder=asc&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      handlers,
    );
    await rowsLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual(['bakeries.csv']));
    const exportQuery = Object.fromEntries(
      sent.find((request) => request.path.endsWith('/export'))?.query ?? [],
    );
    // Closed businesses are left out of the file unless the filters ask for them (the API's default).
    expect(exportQuery).toEqual({
      search: 'brot',
      sortBy: 'name',
      sortOrder: 'asc',
      filters: JSON.stringify(filters),
      // Exactly what the table shows: its visible columns in their order.
      columns: DEFAULT_VIEW_COLUMNS,
    });
  });

  it('leaves closed businesses out of the file when the filter hides them, and marks them in the table', async () => {
    const clicked = stubDownload();
    const handlers = setUp();
    const closed = makeBusiness({ name: 'Uschis Pilsbar', is_closed: true, enrichment_state: 'skipped' });
    handlers[RESULTS] = ({ query }: SentRequest) =>
      json(200, {
        items: query.get('filters')?.includes('"is_closed":false') ? [bakery] : [bakery, closed],
        total: 2,
        page: 0,
        pageSize: 50,
      });
    handlers[EXPORT] = () =>
      new Response('\uFEFFname\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    const { sent, router } = renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    await rowsLoaded();
    const closedRow = screen
      .getByRole('button', { name: 'Details of Uschis Pilsbar' })
      .closest('tr') as HTMLElement;
    expect(within(closedRow).getByText('Closed')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    const closedControl = await screen.findByRole('radiogroup', { name: 'Closed businesses' });
    fireEvent.click(within(closedControl).getByText('Hide'));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ filters: { is_closed: false } }),
    );
    await waitFor(() => expect(screen.queryByText('Uschis Pilsbar')).toBeNull());
    expect(screen.getByText('Closed businesses hidden')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const exportQuery = Object.fromEntries(
      sent.find((request) => request.path.endsWith('/export'))?.query ?? [],
    );
    expect(exportQuery).toEqual({
      sortBy: 'id',
      sortOrder: 'desc',
      filters: JSON.stringify({ is_closed: false }),
      columns: DEFAULT_VIEW_COLUMNS,
    });
  });

  it('says "Export failed: {status} {statusText}" when the server refuses', async () => {
    const handlers = setUp();
    handlers[EXPORT] = () =>
      new Response('{"error":{"code":"internal","message":"boom"}}', {
        status: 500,
        statusText: 'Internal Server Error',
      });
    renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    await rowsLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByTestId('export-error')).textContent).toBe(
      'Export failed: 500 Internal Server Error',
    );
  });

  it('says "Export failed" when the request does not get through', async () => {
    const handlers = setUp();
    handlers[EXPORT] = () => Promise.reject(new TypeError('Failed to fetch'));
    renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    await rowsLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByTestId('export-error')).textContent).toBe('Export failed');
  });

  it('says "Authentication required" without a sign-in token', async () => {
    const handlers = setUp();
    const { sent } = renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    await rowsLoaded();
    // The sign-in ended after the page loaded: no ID token any more.
    act(() =>
      setAuthProvider({
        signIn: async () => ({ step: 'done' }),
        signUp: async () => ({ step: 'done' }),
        signOut: async () => {},
        fetchIdToken: async () => null,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByTestId('export-error')).textContent).toBe('Authentication required');
    expect(sent.some((request) => request.path.endsWith('/export'))).toBe(false);
  });
});

describe('enriching selected rows', { timeout: 20_000 }, () => {
  it('runs enrichment for the selected businesses and follows it on /enrichment-processing', async () => {
    const handlers = setUp();
    handlers['POST /api/enrichment/run'] = () =>
      json(202, { job_id: '00000000-0000-4000-8000-00000000a0b0', session: makeInfo({ status: 'queued' }) });
    handlers[`GET /api/user/session/${SESSION_ID}/info`] = () =>
      json(200, makeInfo({ status: 'completed', counts: { businesses: 2, by_enrichment_state: {} } }));
    const { router, sent } = renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    await rowsLoaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brot & Butter' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('1 business selected');
    fireEvent.click(screen.getByRole('button', { name: 'Enrich selected' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrichment-processing'));
    expect(router.state.location.search).toEqual({ session_id: SESSION_ID });
    const run = sent.find((request) => request.path === '/api/enrichment/run');
    expect(run?.body).toEqual({ session_id: SESSION_ID, types: ['unified'], business_ids: [bakery.id] });
  });
});
