import type { Session } from '@argo/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ids, makeSession } from '../../../testing/factories';
import { json, mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { SESSIONS_SEARCH_DEFAULTS, type SessionsSearch } from '../search';
import { SessionsPage } from './SessionsPage';

const defaults: SessionsSearch = { ...SESSIONS_SEARCH_DEFAULTS };
const ann = { id: ids.ann, email: 'ann@acme.test', name: 'Ann Owner' };

function page(items: Session[], total = items.length) {
  return { items, total, page: 0, page_size: 20 };
}

function renderSessions(items: Session[], search: SessionsSearch = defaults) {
  const onSearchChange = vi.fn();
  const sent = mockApi({
    'GET /api/users/sessions': () => json(200, page(items)),
    'GET /api/ventures/all': () => json(200, []),
  });
  renderPage(<SessionsPage search={search} onSearchChange={onSearchChange} />);
  return { sent, onSearchChange };
}

async function findRow(name: string) {
  const link = await screen.findByRole('link', { name });
  const row = link.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

beforeEach(() => {
  stubIdentityProvider();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the sessions table', () => {
  it('offers only the actions the status and the access allow', async () => {
    renderSessions([
      makeSession({
        name: 'Running own',
        status: 'running',
        stage: 'enriching',
        progress: { total: 40, done: 10, failed: 1 },
      }),
      makeSession({ name: 'Completed own', status: 'completed' }),
      makeSession({
        name: 'Viewed share',
        status: 'completed',
        access: 'view',
        owner_id: ann.id,
        owner: ann,
      }),
      makeSession({ name: 'Edited share', status: 'failed', access: 'edit', owner_id: ann.id, owner: ann }),
    ]);

    const running = await findRow('Running own');
    expect(running.getByRole('button', { name: 'Edit Running own' })).toBeTruthy();
    expect(running.getByRole('button', { name: 'Share Running own' })).toBeTruthy();
    // A running session cannot be deleted.
    expect(running.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(running.getByText('Enriching · 10 / 40 · 1 failed')).toBeTruthy();
    // Its businesses are still being written: no enrichment yet.
    expect(running.queryByRole('button', { name: /^Enrich/ })).toBeNull();

    const completed = await findRow('Completed own');
    for (const action of ['Enrich', 'Edit', 'Share', 'Delete']) {
      expect(completed.getByRole('button', { name: `${action} Completed own` })).toBeTruthy();
    }

    // view reads only.
    const viewed = await findRow('Viewed share');
    expect(viewed.queryAllByRole('button')).toHaveLength(0);
    expect(viewed.getByText('View')).toBeTruthy();
    expect(viewed.getByText('Ann Owner')).toBeTruthy();

    // edit renames, but neither shares nor deletes.
    const edited = await findRow('Edited share');
    expect(edited.getByRole('button', { name: 'Edit Edited share' })).toBeTruthy();
    expect(edited.getByRole('button', { name: 'Enrich Edited share' })).toBeTruthy();
    expect(edited.queryByRole('button', { name: /^Share/ })).toBeNull();
    expect(edited.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('says for every status where the work stands, not a dash once it is over', async () => {
    const finishedAt = '2026-11-28T14:02:00.000Z';
    renderSessions([
      makeSession({ name: 'Done', status: 'completed', finished_at: finishedAt }),
      makeSession({ name: 'Broke', status: 'failed', progress: { total: 500, done: 120, failed: 3 } }),
      makeSession({ name: 'Stopped', status: 'cancelled', progress: { total: 2000, done: 1500, failed: 0 } }),
      makeSession({ name: 'Draft file', type: 'import', status: 'draft' }),
      makeSession({ name: 'Waiting', status: 'queued' }),
    ]);
    const done = await findRow('Done');
    // The time in the browser's zone, in the Created column's format.
    expect(done.getByText(`Finished ${dayjs(finishedAt).format('D MMM YYYY, HH:mm')}`)).toBeTruthy();
    expect((await findRow('Broke')).getByText('Stopped at 120 of 500')).toBeTruthy();
    expect((await findRow('Stopped')).getByText('Cancelled at 1,500 of 2,000')).toBeTruthy();
    expect((await findRow('Draft file')).getByText('Columns to map')).toBeTruthy();
    expect((await findRow('Waiting')).getByText('Waiting for a worker')).toBeTruthy();
  });

  it('"Enrich" opens /enrichment for that session', async () => {
    const done = makeSession({ name: 'Done run', status: 'completed' });
    mockApi({
      'GET /api/users/sessions': () => json(200, page([done])),
      'GET /api/ventures/all': () => json(200, []),
    });
    const { router } = renderPage(<SessionsPage search={defaults} onSearchChange={vi.fn()} />);

    fireEvent.click((await findRow('Done run')).getByRole('button', { name: 'Enrich Done run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrichment'));
    expect(router.state.location.search).toEqual({ session_id: done.id });
  });

  it('links each session to its results and asks the API for the page in the address', async () => {
    const session = makeSession({ name: 'Dentists in Oslo' });
    const { sent } = renderSessions([session], {
      ...defaults,
      page: 2,
      search: 'dent',
      status: 'completed',
      scope: 'own',
    });
    const link = await screen.findByRole('link', { name: 'Dentists in Oslo' });
    expect(link.getAttribute('href')).toBe(`/results?session_id=${session.id}`);
    const list = sent.find((request) => request.path === '/api/users/sessions');
    expect(Object.fromEntries(list?.query ?? [])).toEqual({
      page: '2',
      page_size: '20',
      search: 'dent',
      status: 'completed',
      scope: 'own',
    });
  });

  it('links an import whose columns are not mapped yet to its mapping, not to results it does not have', async () => {
    const draft = makeSession({ name: 'Gyros upload', type: 'import', status: 'draft' });
    const search = makeSession({ name: 'Draft search', type: 'search', status: 'draft' });
    renderSessions([draft, search], defaults);
    const link = await screen.findByRole('link', { name: 'Gyros upload' });
    expect(link.getAttribute('href')).toBe(`/csv-mapping?session_id=${draft.id}`);
    expect(screen.getByRole('link', { name: 'Draft search' }).getAttribute('href')).toBe(
      `/results?session_id=${search.id}`,
    );
  });

  it('says what to do when there are no sessions yet', async () => {
    renderSessions([]);
    expect(await screen.findByText('No sessions yet — start a discovery')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a discovery' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to clear the filters when nothing matches them', async () => {
    const { onSearchChange } = renderSessions([], { ...defaults, status: 'failed' });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(onSearchChange).toHaveBeenCalledWith({
      search: undefined,
      status: undefined,
      scope: 'all',
      page: 0,
    });
  });

  it('shows the error and loads again on "Try again"', async () => {
    let fail = true;
    mockApi({
      'GET /api/users/sessions': () =>
        fail
          ? json(503, { error: { code: 'internal', message: 'Database unavailable' } })
          : json(200, page([makeSession({ name: 'Back again' })])),
      'GET /api/ventures/all': () => json(200, []),
    });
    renderPage(<SessionsPage search={defaults} onSearchChange={vi.fn()} />);
    expect(await screen.findByText('Server error (503): Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeTruthy();
  });

  it('changes the scope through the search params', async () => {
    const { onSearchChange } = renderSessions([makeSession()]);
    fireEvent.click(await screen.findByText('Shared with me'));
    expect(onSearchChange).toHaveBeenCalledWith({ scope: 'shared', page: 0 });
  });
});

describe('renaming and deleting', () => {
  it('renames with PUT and refreshes the list', async () => {
    const session = makeSession({ name: 'Old name' });
    let name = 'Old name';
    const sent = mockApi({
      'GET /api/users/sessions': () => json(200, page([{ ...session, name }])),
      'GET /api/ventures/all': () => json(200, []),
      [`PUT /api/users/sessions/${session.id}`]: (request) => {
        name = (request.body as { name: string }).name;
        return json(200, { ...session, name });
      },
    });
    renderPage(<SessionsPage search={defaults} onSearchChange={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Old name' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Session name/), { target: { value: '  New name ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'New name' })).toBeTruthy();
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ name: 'New name' });
    expect(await screen.findByText('Session renamed')).toBeTruthy();
  });

  it('gives a session a venture with Edit, sending only what changed', async () => {
    const session = makeSession({ name: 'Bakeries', venture_id: null });
    const sent = mockApi({
      'GET /api/users/sessions': () => json(200, page([session])),
      'GET /api/ventures/all': () => json(200, [{ venture_id: ids.venture, name: 'Bookly Scheduling' }]),
      [`PUT /api/users/sessions/${session.id}`]: (request) =>
        json(200, { ...session, ...(request.body as object) }),
    });
    renderPage(<SessionsPage search={defaults} onSearchChange={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Bakeries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit session' });
    const venture = await within(dialog).findByRole('combobox', { name: 'Venture' });
    await waitFor(() => expect((venture as HTMLInputElement).disabled).toBe(false));
    act(() => venture.focus());
    fireEvent.click(venture);
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bookly Scheduling' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ venture_id: ids.venture }),
    );
    expect(await screen.findByText(/Its venture is Bookly Scheduling/)).toBeTruthy();
  });

  it('names the session before deleting it and shows why the API refused', async () => {
    const session = makeSession({ name: 'Busy one' });
    mockApi({
      'GET /api/users/sessions': () => json(200, page([session])),
      'GET /api/ventures/all': () => json(200, []),
      [`DELETE /api/users/sessions/${session.id}`]: () =>
        json(409, {
          error: { code: 'conflict', message: 'The session is running; cancel it before deleting it.' },
        }),
    });
    renderPage(<SessionsPage search={defaults} onSearchChange={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Busy one' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('“Busy one”')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete session' }));
    expect(
      await within(dialog).findByText(
        'Server error (409): The session is running; cancel it before deleting it.',
      ),
    ).toBeTruthy();
  });

  it('deletes with DELETE and the row goes away', async () => {
    const session = makeSession({ name: 'Old run' });
    let items = [session];
    const sent = mockApi({
      'GET /api/users/sessions': () => json(200, page(items)),
      'GET /api/ventures/all': () => json(200, []),
      [`DELETE /api/users/sessions/${session.id}`]: () => {
        items = [];
        return json(204);
      },
    });
    renderPage(<SessionsPage search={defaults} onSearchChange={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Old run' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete session' }),
    );
    expect(await screen.findByText('No sessions yet — start a discovery')).toBeTruthy();
    expect(sent.some((request) => request.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(screen.getByText('Session deleted')).toBeTruthy());
  });
});

describe('cancelling, retrying and restarting', () => {
  it('offers each run action only in the statuses that allow it, and sends the one confirmed', async () => {
    const running = makeSession({ name: 'Live run', status: 'running', stage: 'discovering' });
    const failed = makeSession({ name: 'Broken run', status: 'failed', error: 'Overpass timed out' });
    const done = makeSession({ name: 'Done run', status: 'completed' });
    const sent = mockApi({
      'GET /api/users/sessions': () => json(200, page([running, failed, done])),
      'GET /api/ventures/all': () => json(200, []),
      [`POST /api/users/sessions/${running.id}/cancel`]: () => json(200, { ...running, status: 'cancelled' }),
      [`POST /api/users/sessions/${failed.id}/retry`]: () => json(200, { ...failed, status: 'queued' }),
    });
    renderPage(<SessionsPage search={defaults} onSearchChange={vi.fn()} />);

    const live = await findRow('Live run');
    expect(live.queryByRole('button', { name: /^(Retry|Restart)/ })).toBeNull();
    const broken = await findRow('Broken run');
    expect(broken.getByRole('button', { name: 'Restart Broken run' })).toBeTruthy();
    expect(broken.queryByRole('button', { name: /^Cancel/ })).toBeNull();
    const completed = await findRow('Done run');
    expect(completed.getByRole('button', { name: 'Restart Done run' })).toBeTruthy();
    expect(completed.queryByRole('button', { name: /^(Cancel|Retry)/ })).toBeNull();

    fireEvent.click(live.getByRole('button', { name: 'Cancel Live run' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel session' }),
    );
    await waitFor(() =>
      expect(sent.some((r) => r.method === 'POST' && r.path.endsWith(`${running.id}/cancel`))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(broken.getByRole('button', { name: 'Retry Broken run' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(sent.some((r) => r.method === 'POST' && r.path.endsWith(`${failed.id}/retry`))).toBe(true),
    );
  });
});
