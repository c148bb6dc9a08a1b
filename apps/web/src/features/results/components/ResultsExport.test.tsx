import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthProvider } from '../../../lib/auth/auth';
import { makeBusiness, SESSION_ID } from '../../../testing/factories';
import { json, type SentRequest } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { bakery, DEFAULT_VIEW_COLUMNS, EXPORT, RESULTS, rowsLoaded, setUp } from './results-page.fixtures';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('export', () => {
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
    // Closed businesses are left out of the file unless the filters ask for them (the API's default). No
    // `columns` and no `format`: a CSV of every fact Argo has, whatever the table shows.
    expect(exportQuery).toEqual({
      search: 'brot',
      sortBy: 'name',
      sortOrder: 'asc',
      filters: JSON.stringify(filters),
    });
  });

  it('offers Excel and only the visible columns beside the button, and says how much arrived while it downloads', async () => {
    const clicked = stubDownload();
    const handlers = setUp();
    let finish: () => void = () => {};
    handlers[EXPORT] = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(300 * 1024));
            finish = () => controller.close();
          },
        }),
        {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="bakeries.xlsx"',
          },
        },
      );
    const { sent } = renderApp(`/results?session_id=${SESSION_ID}`, handlers);
    await rowsLoaded();
    const choose = async (item: string) => {
      fireEvent.click(screen.getByRole('button', { name: 'Export options' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: item }));
    };
    await choose('Excel (.xlsx)');
    await choose('Only the visible columns');
    fireEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    // While the file arrives: the button waits, the choices are locked, the bytes so far are shown.
    expect((await screen.findByTestId('export-progress')).textContent).toBe('300 KB received');
    expect(screen.getByRole('button', { name: 'Export options' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Export Excel' }).hasAttribute('data-loading')).toBe(true);
    act(() => finish());
    await waitFor(() => expect(clicked).toEqual(['bakeries.xlsx']));
    expect(screen.queryByTestId('export-progress')).toBeNull();
    const exportQuery = Object.fromEntries(
      sent.find((request) => request.path.endsWith('/export'))?.query ?? [],
    );
    expect(exportQuery).toEqual({
      sortBy: 'id',
      sortOrder: 'desc',
      format: 'xlsx',
      // Exactly what the table shows: its visible columns in their order.
      columns: DEFAULT_VIEW_COLUMNS,
    });

    // Back to every fact, as CSV.
    await choose('CSV');
    await choose('All facts');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(sent.filter((request) => request.path.endsWith('/export'))).toHaveLength(2));
    expect(
      Object.fromEntries(sent.filter((request) => request.path.endsWith('/export'))[1]?.query ?? []),
    ).toEqual({
      sortBy: 'id',
      sortOrder: 'desc',
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
