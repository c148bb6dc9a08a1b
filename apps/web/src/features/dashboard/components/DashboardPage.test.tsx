import type { SessionStatus } from '@argo/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ids, json, makeSession, mockApi, renderPage, stubIdentityProvider } from '../../sessions/test-utils';
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

/** Answers GET /users/sessions like the API: filtered by status, newest first, `total` for the filter. */
function renderDashboard({ ventures, statuses }: { ventures: unknown[]; statuses: SessionStatus[] }) {
  const sessions = statuses.map((status, i) => makeSession({ name: `Run ${i + 1}`, status }));
  mockApi({
    'GET /api/ventures/all': () => json(200, ventures),
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
    // Not counted by the API yet: a dash, not a made-up number.
    expect(within(screen.getByTestId('stat-businesses')).getByText('—')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Run 1' }).getAttribute('href')).toMatch(
      /^\/results\?session_id=/,
    );
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
