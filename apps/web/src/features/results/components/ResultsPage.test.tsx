import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ids, makeBusiness, makeInfo, SESSION_ID } from '../../../testing/factories';
import { json, type SentRequest } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

const INFO = `GET /api/user/session/${SESSION_ID}/info`;
const RESULTS = `GET /api/user/session/${SESSION_ID}/results`;

const gyroShop = makeBusiness({
  name: 'The Gyro Shop',
  website: 'https://www.thegyroshoptx.com/',
  domain: 'thegyroshoptx.com',
  phone: '+14692872159',
  city: 'Frisco',
  region: 'TX',
  category: 'Gyro restaurant',
  source: 'import',
  sources: [
    { source: 'import', source_ref: 'line/2' },
    { source: 'osm', source_ref: 'node/123' },
  ],
});
// No phone in the record; its website gave one (enrichment).
const soulard = makeBusiness({ name: 'Soulard Gyro', city: 'Plano', website_phone: '+14692870000' });

function setUp(total = 120) {
  const handlers = {
    [INFO]: () =>
      json(200, makeInfo({ status: 'completed', counts: { businesses: total, by_enrichment_state: {} } })),
    [RESULTS]: ({ query }: SentRequest) =>
      json(200, {
        items: [gyroShop, soulard],
        total,
        page: Number(query.get('page')),
        pageSize: Number(query.get('pageSize')),
      }),
  };
  return handlers;
}

const resultQueries = (sent: SentRequest[]) =>
  sent
    .filter((request) => request.path.endsWith('/results'))
    .map((request) => Object.fromEntries(request.query));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the results table', () => {
  it('shows the session and its businesses with the default page and sort', async () => {
    const { sent } = renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    expect(await screen.findByRole('heading', { level: 1, name: 'Gyros in Plano' })).toBeTruthy();
    const row = (await screen.findByText('The Gyro Shop')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'thegyroshoptx.com' }).getAttribute('href')).toBe(
      'https://www.thegyroshoptx.com/',
    );
    expect(within(row).getByRole('link', { name: '+1 469 287 2159' }).getAttribute('href')).toBe(
      'tel:+14692872159',
    );
    expect(within(row).getByText('Frisco, TX')).toBeTruthy();
    expect(within(row).queryByText('from its website')).toBeNull();
    const fromSite = (screen.getByText('Soulard Gyro').closest('tr') as HTMLElement).querySelector(
      '[data-column="phone"]',
    ) as HTMLElement;
    expect(within(fromSite).getByRole('link', { name: '+1 469 287 0000' }).getAttribute('href')).toBe(
      'tel:+14692870000',
    );
    expect(within(fromSite).getByText('from its website')).toBeTruthy();
    expect(within(row).getByText('CSV')).toBeTruthy();
    expect(within(row).getByText('OpenStreetMap')).toBeTruthy();
    expect(screen.getByTestId('osm-attribution').textContent).toMatch(/© OpenStreetMap contributors/);
    expect(screen.getByTestId('results-total').textContent).toBe('120 businesses');
    expect(resultQueries(sent)[0]).toEqual({ page: '0', pageSize: '50', sortBy: 'id', sortOrder: 'desc' });
  });

  it('keeps a long category to two lines, the whole of it in the title', async () => {
    // A licence file lists every licence of a business in one cell (../shared/fixtures/csv, Chicago).
    const licences =
      'Heating, Ventilation and Air Conditioning Services - Commercial | Heating, Ventilation and Air ' +
      'Conditioning Services - Residential | Home Repair Services | Roof Repair and Installation';
    const medlock = makeBusiness({
      name: 'Medlock Construction',
      city: 'Chicago',
      region: 'IL',
      category: licences,
    });
    renderApp(`/results?session_id=${SESSION_ID}`, {
      ...setUp(),
      [RESULTS]: () => json(200, { items: [medlock], total: 1, page: 0, pageSize: 50 }),
    });
    const row = (await screen.findByText('Medlock Construction')).closest('tr') as HTMLElement;
    const category = within(row).getByText(licences);
    expect(category.getAttribute('title')).toBe(licences);
    expect(category.getAttribute('data-line-clamp')).toBe('true');
    expect(within(row).getByText('Chicago, IL').getAttribute('data-line-clamp')).toBe('true');
  });

  it('offers "Enrich" once the discovery is over, to those who may run jobs', async () => {
    const withInfo = (info: Parameters<typeof makeInfo>[0]) => ({
      ...setUp(),
      [INFO]: () => json(200, makeInfo({ counts: { businesses: 2, by_enrichment_state: {} }, ...info })),
    });
    renderApp(`/results?session_id=${SESSION_ID}`, withInfo({ status: 'completed' }));
    const enrich = await screen.findByRole('link', { name: 'Enrich' });
    expect(enrich.getAttribute('href')).toBe(`/enrichment?session_id=${SESSION_ID}`);
    cleanup();

    renderApp(`/results?session_id=${SESSION_ID}`, withInfo({ status: 'running' }));
    await screen.findByRole('link', { name: 'Watch progress' });
    expect(screen.queryByRole('link', { name: 'Enrich' })).toBeNull();
    cleanup();

    renderApp(`/results?session_id=${SESSION_ID}`, withInfo({ status: 'completed', access: 'view' }));
    await screen.findByText('The Gyro Shop');
    expect(screen.queryByRole('link', { name: 'Enrich' })).toBeNull();
  });

  it('says which lines of the file were refused and which were imported with a value left empty, counting them all', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderApp(`/results?session_id=${SESSION_ID}`, {
      ...setUp(),
      [`GET /api/user/session/${SESSION_ID}/import-report`]: () =>
        new Response('\uFEFFline,outcome,reason\r\n3,not imported,no name\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="gyros-import-report.csv"',
          },
        }),
      [INFO]: () =>
        json(
          200,
          makeInfo({
            status: 'completed',
            counts: { businesses: 2, by_enrichment_state: {} },
            rejected_rows: [{ line: 3, reason: 'no name' }],
            rejected_count: 120,
            import_notes: [{ line: 4, note: 'website "www.krause" could not be read; left empty' }],
            import_note_count: 1,
          }),
        ),
    });
    expect(await screen.findByText('120 rows of the file were not imported')).toBeTruthy();
    expect(screen.getByText('Line 3: no name')).toBeTruthy();
    expect(screen.getByText('1 of 120 listed here.')).toBeTruthy();
    expect(
      screen.getByText('1 row was imported with a value left empty, because it could not be read'),
    ).toBeTruthy();
    expect(screen.getByText('Line 4: website "www.krause" could not be read; left empty')).toBeTruthy();
    // Every line, not only the ones listed: the import's report as a file (only where some are not listed).
    const downloads = screen.getAllByRole('button', { name: 'Download every line (CSV)' });
    expect(downloads).toHaveLength(1);
    fireEvent.click(downloads[0] as HTMLElement);
    await waitFor(() => expect(clicked).toEqual(['gyros-import-report.csv']));
    vi.unstubAllGlobals();
  });

  it("lets the user dismiss the import's notices, remembered for that user and session", async () => {
    window.localStorage.clear();
    const handlers = {
      ...setUp(),
      [INFO]: () =>
        json(
          200,
          makeInfo({
            status: 'completed',
            counts: { businesses: 2, by_enrichment_state: {} },
            rejected_rows: [{ line: 3, reason: 'no name' }],
            rejected_count: 1,
            import_notes: [
              { line: 4, note: 'website "www.krause" could not be read; left empty' },
              { line: 9, note: 'phone number "call us" could not be read; left empty' },
            ],
            import_note_count: 20,
          }),
        ),
    };
    renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    const notes = '20 rows were imported with a value left empty, because it could not be read';
    const notesAlert = (await screen.findByText(notes)).closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(notesAlert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByText('Line 4: website "www.krause" could not be read; left empty')).toBeNull(),
    );
    // The other notice stays until dismissed on its own.
    expect(screen.getByText('1 row of the file was not imported')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show the 20 rows with a value left empty' })).toBeTruthy();
    expect(window.localStorage.getItem(`argo.import-notice.notes.${ids.me}.${SESSION_ID}`)).not.toBeNull();

    // Coming back to the session: still dismissed.
    cleanup();
    renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    expect(
      await screen.findByRole('button', { name: 'Show the 20 rows with a value left empty' }),
    ).toBeTruthy();
    expect(screen.queryByText(notes)).toBeNull();

    // Another user of this browser still sees it; so does this user on another session.
    window.localStorage.clear();
    window.localStorage.setItem(
      `argo.import-notice.notes.someone-else.${SESSION_ID}`,
      '2026-01-01T00:00:00Z',
    );
    window.localStorage.setItem(`argo.import-notice.notes.${ids.me}.another-session`, '2026-01-01T00:00:00Z');
    cleanup();
    renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    expect(await screen.findByText(notes)).toBeTruthy();

    // Brought back, it lists its lines again.
    fireEvent.click(
      within(screen.getByText(notes).closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Dismiss',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show the 20 rows with a value left empty' }));
    expect(
      await screen.findByText('Line 4: website "www.krause" could not be read; left empty'),
    ).toBeTruthy();
    expect(window.localStorage.getItem(`argo.import-notice.notes.${ids.me}.${SESSION_ID}`)).toBeNull();
    window.localStorage.clear();
  });

  it('sends the sort of a clicked header, the debounced search and the page, and keeps them in the address', async () => {
    const { router, sent } = renderApp(`/results?session_id=${SESSION_ID}`, setUp());
    await screen.findByText('The Gyro Shop');

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() =>
      expect(resultQueries(sent).at(-1)).toEqual({
        page: '0',
        pageSize: '50',
        sortBy: 'name',
        sortOrder: 'asc',
      }),
    );
    expect(router.state.location.search).toEqual({
      session_id: SESSION_ID,
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');

    // The same header again turns the order round.
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() =>
      expect(resultQueries(sent).at(-1)).toMatchObject({ sortBy: 'name', sortOrder: 'desc' }),
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Search businesses' }), { target: { value: 'gy' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search businesses' }), {
      target: { value: 'gyro' },
    });
    await waitFor(() =>
      expect(resultQueries(sent).at(-1)).toEqual({
        page: '0',
        pageSize: '50',
        sortBy: 'name',
        sortOrder: 'desc',
        search: 'gyro',
      }),
    );
    // Debounced: the half-typed "gy" was never asked for.
    expect(resultQueries(sent).some((query) => query.search === 'gy')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(resultQueries(sent).at(-1)).toMatchObject({ page: '1', search: 'gyro' }));
    // Defaults (descending) stay out of the address.
    expect(router.state.location.search).toEqual({
      session_id: SESSION_ID,
      page: 1,
      search: 'gyro',
      sortBy: 'name',
    });
  });

  it("goes back step by step with the browser's Back: the drawer closes, then the page before returns", async () => {
    const { router } = renderApp(`/results?session_id=${SESSION_ID}`, {
      ...setUp(),
      [`GET /api/user/session/${SESSION_ID}/businesses/${gyroShop.id}`]: () => json(200, gyroShop),
    });
    await screen.findByText('The Gyro Shop');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 1 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Details of The Gyro Shop' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ page: 1, business: gyroShop.id }),
    );

    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({ session_id: SESSION_ID, page: 1 }));
    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({ session_id: SESSION_ID }));
    expect(router.state.location.pathname).toBe('/results');
  });

  it('says in plain words when the link points to no session, or the session is gone, with a way out', async () => {
    renderApp('/results?session_id=abc', {
      'GET /api/user/session/abc/info': () =>
        json(400, { error: { code: 'bad_request', message: 'id: must be a UUID' } }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This link does not point to a session')).toBeTruthy();
    expect(screen.queryByText(/must be a UUID/)).toBeNull();
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
    expect(within(alert).getByRole('link', { name: 'Sessions' }).getAttribute('href')).toBe('/sessions');
    cleanup();

    renderApp(`/results?session_id=${SESSION_ID}`, {
      ...setUp(),
      [INFO]: () => json(404, { error: { code: 'not_found', message: 'Session was not found' } }),
    });
    expect(await screen.findByText('This session was deleted, or is not shared with you')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
    expect(screen.queryByTestId('session-business-count')).toBeNull();
  });

  it('asks for the page, size and sort the address names', async () => {
    const { sent } = renderApp(
      `/results?session_id=${SESSION_ID}&page=1&pageSize=500&sortBy=first_seen_at&sortOrder=asc&search=plano`,
      setUp(1200),
    );
    await screen.findByText('The Gyro Shop');
    expect(resultQueries(sent)[0]).toEqual({
      page: '1',
      pageSize: '500',
      sortBy: 'first_seen_at',
      sortOrder: 'asc',
      search: 'plano',
    });
    expect(screen.getByText('501–1,000 of 1,200')).toBeTruthy();
  });

  it('says what to do when a search matches nothing', async () => {
    const handlers = setUp(0);
    handlers[RESULTS] = () => json(200, { items: [], total: 0, page: 0, pageSize: 50 });
    const { router } = renderApp(`/results?session_id=${SESSION_ID}&search=sushi`, handlers);
    expect(await screen.findByText('No businesses match “sushi”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ session_id: SESSION_ID }));
    expect(await screen.findByText('This session found no businesses')).toBeTruthy();
  });
});
