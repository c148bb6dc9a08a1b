import type { SessionStatus } from '@argo/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { markExported } from '../../../lib/milestones';
import { ids, makeSession } from '../../../testing/factories';
import { json, mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { DashboardPage } from './DashboardPage';

const venture = {
  venture_id: ids.venture,
  account_id: ids.account,
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
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

interface SessionNumbers {
  businesses: number;
  enriched: number;
  aTier: number;
}

/**
 * Answers GET /users/sessions like the API: filtered by status, newest first, `total` for the filter; each
 * session's info and A-tier count from `numbers` (none by default); the ventures' saved profiles from `profiles`.
 */
function renderDashboard({
  ventures,
  statuses,
  numbers = [],
  profiles = 0,
}: {
  ventures: unknown[];
  statuses: SessionStatus[];
  numbers?: SessionNumbers[];
  profiles?: number;
}) {
  const sessions = statuses.map((status, i) => makeSession({ name: `Run ${i + 1}`, status }));
  const perSession = Object.fromEntries(
    sessions.flatMap((session, i) => {
      const n = numbers[i] ?? { businesses: 0, enriched: 0, aTier: 0 };
      return [
        [
          `GET /api/user/session/${session.id}/info`,
          () =>
            json(200, {
              ...session,
              counts: { businesses: n.businesses, by_enrichment_state: { done: n.enriched } },
              shared_users: [],
            }),
        ],
        [
          `GET /api/user/session/${session.id}/results`,
          ({ query }: { query: URLSearchParams }) => {
            expect(JSON.parse(query.get('filters') ?? '{}')).toEqual({ icp_tier: 'A' });
            return json(200, { items: [], total: n.aTier, page: 0, pageSize: 1 });
          },
        ],
      ];
    }),
  );
  const sent = mockApi({
    ...perSession,
    'GET /api/ventures/all': () => json(200, ventures),
    'GET /api/icp/profiles': () =>
      json(
        200,
        Array.from({ length: profiles }, () => ({})),
      ),
    'GET /api/users/sessions': ({ query }) => {
      const status = query.get('status');
      const pageSize = Number(query.get('page_size'));
      const matching = sessions.filter((session) => !status || session.status === status);
      return json(200, {
        items: matching.slice(0, pageSize),
        total: matching.length,
        page: 0,
        page_size: pageSize,
      });
    },
  });
  renderPage(<DashboardPage />);
  return sent;
}

async function stepsByTitle() {
  const steps = await screen.findAllByTestId('checklist-step');
  return new Map(steps.map((step) => [step.querySelector('p')?.textContent ?? '', step]));
}

beforeEach(() => {
  stubIdentityProvider();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the dashboard', () => {
  it('leaves every step open for a new account and says how to start', async () => {
    renderDashboard({ ventures: [], statuses: [] });
    expect(await screen.findByTestId('checklist-progress')).toHaveProperty('textContent', '0 of 5 done');
    const steps = await stepsByTitle();
    expect([...steps.keys()]).toEqual([
      'Create a venture',
      'Run a discovery',
      'Enrich results',
      'Build ICP profiles',
      'Export CSV',
    ]);
    for (const step of steps.values()) expect(step.dataset.done).toBe('false');
    expect(
      within(steps.get('Create a venture') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/ventures');
    expect(
      within(steps.get('Run a discovery') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/');
    expect(await screen.findByText('No sessions yet — start a discovery')).toBeTruthy();
    const sessions = await screen.findByTestId('stat-sessions');
    expect(within(sessions).getByText('0')).toBeTruthy();
  });

  it('ticks off the venture and the discovery once they exist, and counts sessions per status', async () => {
    renderDashboard({ ventures: [venture], statuses: ['running', 'completed', 'completed', 'failed'] });
    expect(await screen.findByTestId('checklist-progress')).toHaveProperty('textContent', '2 of 5 done');
    const steps = await stepsByTitle();
    expect(steps.get('Create a venture')?.dataset.done).toBe('true');
    expect(steps.get('Run a discovery')?.dataset.done).toBe('true');
    expect(steps.get('Enrich results')?.dataset.done).toBe('false');
    // The later steps lead to the newest session.
    const newest = within(steps.get('Enrich results') as HTMLElement).getByRole('link');
    expect(newest.getAttribute('href')).toMatch(/^\/enrichment\?session_id=/);

    const sessions = await screen.findByTestId('stat-sessions');
    expect(within(sessions).getByText('4')).toBeTruthy();
    expect(within(sessions).getByText('1 running · 2 completed · 1 failed')).toBeTruthy();
    // No business in these sessions yet: zero, with what to do.
    const businesses = await screen.findByTestId('stat-businesses');
    expect(within(businesses).getByText('0')).toBeTruthy();
    expect(within(businesses).getByText('Run a discovery or import a CSV')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Run 1' }).getAttribute('href')).toMatch(
      /^\/results\?session_id=/,
    );
  });

  it('counts businesses, enriched and A-tier across the sessions, and ticks enrichment and profiles', async () => {
    renderDashboard({
      ventures: [venture],
      statuses: ['completed', 'completed', 'running'],
      numbers: [
        { businesses: 120, enriched: 90, aTier: 12 },
        { businesses: 30, enriched: 0, aTier: 0 },
        { businesses: 1_000, enriched: 10, aTier: 3 },
      ],
      profiles: 2,
    });
    expect(await screen.findByTestId('checklist-progress')).toHaveProperty('textContent', '4 of 5 done');
    const steps = await stepsByTitle();
    expect(steps.get('Enrich results')?.dataset.done).toBe('true');
    expect(steps.get('Build ICP profiles')?.dataset.done).toBe('true');
    // The API keeps no record of exports: the step is open until this browser has exported.
    expect(steps.get('Export CSV')?.dataset.done).toBe('false');

    expect(within(await screen.findByTestId('stat-businesses')).getByText('1,150')).toBeTruthy();
    const enriched = screen.getByTestId('stat-enriched');
    expect(within(enriched).getByText('100')).toBeTruthy();
    expect(within(enriched).getByText('9% of those found')).toBeTruthy();
    expect(within(screen.getByTestId('stat-a-tier')).getByText('15')).toBeTruthy();
  });

  it('ticks the export step once this browser has exported a CSV', async () => {
    markExported();
    renderDashboard({
      ventures: [venture],
      statuses: ['completed'],
      numbers: [{ businesses: 3, enriched: 0, aTier: 0 }],
    });
    const steps = await stepsByTitle();
    expect(steps.get('Export CSV')?.dataset.done).toBe('true');
  });

  it('shows an error with a way to try again', async () => {
    mockApi({
      'GET /api/ventures/all': () => json(500, { error: { code: 'internal', message: 'Something broke' } }),
      'GET /api/users/sessions': () => json(500, { error: { code: 'internal', message: 'Something broke' } }),
    });
    renderPage(<DashboardPage />);
    expect(await screen.findByText('The checklist could not be loaded')).toBeTruthy();
    expect(screen.getByText('Recent sessions could not be loaded')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
