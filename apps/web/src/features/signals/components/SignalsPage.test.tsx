import type { SignalEvent, SignalEventsPage, Watch } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeInfo, makeSession } from '../../../testing/factories';
import { json, mockApi } from '../../../testing/fake-api';
import { choose } from '../../../testing/mantine-select';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { readSignalsSearch, type SignalsSearch } from '../search';
import { BusinessSignals } from './BusinessSignals';
import { SignalsPage } from './SignalsPage';

const NOW = new Date('2026-12-04T10:30:00.000Z');
const session = makeSession({ name: 'Electricians in Cologne' });
const BUSINESS = '00000000-0000-4000-8000-0000000000b1';

function event(n: number, overrides: Partial<SignalEvent> = {}): SignalEvent {
  return {
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    type: 'role_opened',
    session_id: session.id,
    business: {
      id: BUSINESS,
      name: 'Elektro Meier GmbH',
      website: 'https://elektro-meier.de/',
      icp_tier: 'A',
    },
    key: 'bürokaufmann',
    before: null,
    after: 'bürokaufmann',
    evidence: { page: 'https://elektro-meier.de/karriere', text: 'Bürokaufmann (m/w/d)' },
    page: 'https://elektro-meier.de/karriere',
    occurred_at: '2026-12-03T09:00:00.000Z',
    is_new: true,
    ...overrides,
  };
}

let page: SignalEventsPage;
let watches: Watch[];
let digest: 'off' | 'daily' | 'weekly';

function serve() {
  return mockApi({
    'GET /api/signals/events': () => json(200, page),
    'POST /api/signals/seen': () => {
      page = { ...page, new_count: 0, items: page.items.map((e) => ({ ...e, is_new: false })) };
      return json(200, { seen_at: NOW.toISOString() });
    },
    'GET /api/users/sessions': () => json(200, { items: [session], total: 1, page: 0, page_size: 100 }),
    'GET /api/ventures/all': () => json(200, []),
    [`GET /api/user/session/${session.id}/info`]: () =>
      json(200, makeInfo({ id: session.id, access: 'owner' })),
    'GET /api/signals/watches': () => json(200, watches),
    'GET /api/signals/settings': () => json(200, { digest, seen_at: null }),
    'PUT /api/signals/settings': ({ body }) => {
      digest = (body as { digest: typeof digest }).digest;
      return json(200, { digest, seen_at: null });
    },
    'POST /api/signals/watches': ({ body }) => {
      const b = body as { frequency: Watch['frequency'] };
      watches = [
        {
          id: '00000000-0000-4000-8000-0000000000a1',
          session_id: session.id,
          session_name: session.name,
          business_ids: null,
          frequency: b.frequency,
          status: 'active',
          next_run_at: '2026-12-04T10:35:00.000Z',
          last_run_at: null,
          last_error: null,
          created_by: { id: null, name: 'Mia Me' },
          created_at: NOW.toISOString(),
        },
      ];
      return json(201, watches[0]);
    },
    'PUT /api/signals/watches/00000000-0000-4000-8000-0000000000a1': ({ body }) => {
      const b = body as { status?: Watch['status'] };
      watches = watches.map((w) => ({
        ...w,
        ...b,
        next_run_at: b.status === 'paused' ? null : w.next_run_at,
      }));
      return json(200, watches[0]);
    },
    'DELETE /api/signals/watches/00000000-0000-4000-8000-0000000000a1': () => {
      watches = [];
      digest = 'off';
      return json(204);
    },
  });
}

function show(search: Partial<SignalsSearch> = {}) {
  const changes: Partial<SignalsSearch>[] = [];
  renderPage(
    <SignalsPage
      search={{ ...readSignalsSearch({}), ...search }}
      onSearchChange={(patch) => changes.push(patch)}
      now={() => NOW}
    />,
  );
  return changes;
}

beforeEach(() => {
  stubIdentityProvider();
  watches = [];
  page = {
    items: [
      event(1),
      event(2, {
        type: 'decision_maker_left',
        key: 'hans meier',
        before: { name: 'hans meier', role: 'geschäftsführer' },
        after: null,
        evidence: { page: 'https://elektro-meier.de/impressum', text: 'Geschäftsführer: Hans Meier' },
        page: 'https://elektro-meier.de/impressum',
        is_new: false,
      }),
    ],
    total: 2,
    page: 0,
    page_size: 25,
    new_count: 1,
    seen_at: '2026-12-02T00:00:00.000Z',
  };
});

describe('the Signals screen', () => {
  it('lists what changed with the page and words it was read from, and marks it seen', async () => {
    const sent = serve();
    show();
    const list = await screen.findByRole('list', { name: 'Changes' });
    const opened = within(list).getByRole('listitem', { name: 'Role opened' });
    expect(within(opened).getByText('New opening: bürokaufmann.')).toBeTruthy();
    expect(within(opened).getByText('“Bürokaufmann (m/w/d)”')).toBeTruthy();
    expect(within(opened).getByRole('link').getAttribute('href')).toBe('https://elektro-meier.de/karriere');
    expect(within(opened).getByText('New')).toBeTruthy();
    const left = within(list).getByRole('listitem', { name: 'Decision-maker left' });
    expect(within(left).getByText('Hans Meier (geschäftsführer) no longer named on the site.')).toBeTruthy();
    expect(within(left).queryByText('New')).toBeNull();
    expect(screen.getByTestId('new-count').textContent).toBe('1 new');
    // The period is the last 30 days by default, from the hour.
    const query = sent.find((r) => r.path === '/api/signals/events')?.query;
    expect(query?.get('since')).toBe('2026-11-04T10:00:00.000Z');

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as seen' }));
    await waitFor(() => expect(screen.queryByTestId('new-count')).toBeNull());
    expect(sent.some((r) => r.method === 'POST' && r.path === '/api/signals/seen')).toBe(true);
  });

  it('asks for the chosen kinds, tier and "new since I last looked"', async () => {
    const sent = serve();
    show({ types: ['role_opened', 'software_added'], tier: 'A', only_new: true, days: 0 });
    await screen.findByRole('list', { name: 'Changes' });
    const query = sent.find((r) => r.path === '/api/signals/events')?.query;
    expect(query?.get('types')).toBe('role_opened,software_added');
    expect(query?.get('tier')).toBe('A');
    expect(query?.get('only_new')).toBe('true');
    expect(query?.has('since')).toBe(false);
  });

  it('says when nothing changed yet', async () => {
    page = { ...page, items: [], total: 0, new_count: 0 };
    serve();
    show({ days: 0 });
    expect(await screen.findByText('No changes yet.')).toBeTruthy();
  });

  it('says when nothing matches the filters', async () => {
    page = { ...page, items: [], total: 0, new_count: 0 };
    serve();
    show({ types: ['site_back'] });
    expect(await screen.findByText('Nothing changed that matches these filters.')).toBeTruthy();
  });

  it('says when the changes could not be loaded and offers to try again', async () => {
    mockApi({
      'GET /api/signals/events': () =>
        json(500, { error: { code: 'internal', message: 'Try again later.' } }),
      'GET /api/users/sessions': () => json(200, { items: [], total: 0, page: 0, page_size: 100 }),
      'GET /api/ventures/all': () => json(200, []),
    });
    show();
    expect(await screen.findByText('Signals could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('watches the chosen session, pauses, resumes and stops it, showing the next run', async () => {
    const sent = serve();
    show({ session_id: session.id });
    const panel = within(await screen.findByRole('region', { name: 'Watch this session' }));
    fireEvent.click(await panel.findByRole('radio', { name: 'Daily' }));
    fireEvent.click(panel.getByRole('button', { name: 'Watch' }));
    expect((await panel.findByTestId('watch-summary')).textContent).toMatch(
      /^Daily · every business · next run /,
    );
    expect(sent.find((r) => r.method === 'POST' && r.path === '/api/signals/watches')?.body).toEqual({
      session_id: session.id,
      frequency: 'daily',
    });
    fireEvent.click(panel.getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(panel.getByTestId('watch-summary').textContent).toBe('Daily · every business · paused'),
    );
    fireEvent.click(panel.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(panel.getByRole('button', { name: 'Pause' })).toBeTruthy());
    fireEvent.click(panel.getByRole('button', { name: 'Stop watching' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Stop watching' }));
    await waitFor(() => expect(panel.getByRole('button', { name: 'Watch' })).toBeTruthy());
  });
});

describe('the email digest', () => {
  it('is chosen on the Signals screen', async () => {
    const sent = serve();
    show();
    await screen.findByRole('list', { name: 'Changes' });
    const choice = screen.getByRole('combobox', { name: 'Email digest' });
    await waitFor(() => expect((choice as HTMLInputElement).disabled).toBe(false));
    await choose(choice, 'Weekly email');
    await waitFor(() =>
      expect(sent.some((r) => r.method === 'PUT' && r.path === '/api/signals/settings')).toBe(true),
    );
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ digest: 'weekly' });
    await waitFor(() => expect((choice as HTMLInputElement).value).toBe('Weekly email'));
  });
});

describe('the timeline in the business drawer', () => {
  it('shows the business changes, and says when there are none', async () => {
    const sent = serve();
    renderPage(<BusinessSignals businessId={BUSINESS} />);
    expect(await screen.findByText('New opening: bürokaufmann.')).toBeTruthy();
    expect(screen.queryByText('Elektro Meier GmbH')).toBeNull();
    expect(sent.find((r) => r.path === '/api/signals/events')?.query.get('business_id')).toBe(BUSINESS);
  });

  it('says when nothing changed yet', async () => {
    page = { ...page, items: [], total: 0 };
    serve();
    renderPage(<BusinessSignals businessId={BUSINESS} />);
    expect(await screen.findByText(/No changes seen yet/)).toBeTruthy();
  });
});
