import type { SessionInfo } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBusiness, makeInfo, SESSION_ID } from '../../testing/factories';
import { json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const INFO = `GET /api/user/session/${SESSION_ID}/info`;
const RESULTS = `GET /api/user/session/${SESSION_ID}/results`;

const running = (overrides: Partial<SessionInfo> = {}) =>
  makeInfo({
    status: 'running',
    stage: 'importing',
    progress: { total: 74, done: 20, failed: 2 },
    run: {
      mode: 'run',
      started_at: '2026-02-01T10:00:00.000Z',
      found: 15,
      rate: 2.5,
      eta_seconds: 4,
      latest: [
        {
          name: 'The Gyro Shop',
          domain: 'thegyroshoptx.com',
          phone: '+14692872159',
          city: 'Frisco',
          category: 'Gyro restaurant',
          source: 'import',
        },
      ],
    },
    rejected_rows: [{ line: 7, reason: 'no name' }],
    rejected_count: 2,
    ...overrides,
  });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the progress screen', () => {
  it('shows the live progress, then moves on to /results when the session completes', async () => {
    let info = running();
    const handlers = {
      [INFO]: () => json(200, info),
      [RESULTS]: () =>
        json(200, { items: [makeBusiness({ name: 'The Gyro Shop' })], total: 1, page: 0, pageSize: 50 }),
    };
    const { router, sent } = renderApp(`/processing?session_id=${SESSION_ID}`, handlers);

    expect(await screen.findByRole('heading', { name: 'Importing rows' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Gyros in Plano' })).toBeTruthy();
    expect(screen.getByTestId('progress-counts').textContent).toBe(
      '20 of 74 rows read · 2 refused · 15 businesses found',
    );
    expect(screen.getByTestId('progress-rate').textContent).toBe('2.5 rows/s · less than a minute left');
    expect(screen.getByTestId('progress-bar').getAttribute('data-indeterminate')).toBe('false');
    const latest = screen.getByRole('list', { name: 'Latest found' });
    expect(within(latest).getByText('The Gyro Shop')).toBeTruthy();
    expect(within(latest).getByText('CSV')).toBeTruthy();
    // The rows the import refused: line and reason, and how many in all.
    expect(screen.getByText('2 rows were not imported')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Rejected rows' })).getByText('no name')).toBeTruthy();

    // The screen asks again every second while the session runs.
    info = running({ progress: { total: 74, done: 60, failed: 2 } });
    await waitFor(() => expect(screen.getByTestId('progress-counts').textContent).toMatch(/^60 of 74/), {
      timeout: 3000,
    });
    expect(sent.filter((request) => request.path.endsWith('/info')).length).toBeGreaterThanOrEqual(2);

    info = makeInfo({
      status: 'completed',
      progress: { total: 74, done: 74, failed: 2 },
      counts: { businesses: 60, by_enrichment_state: {} },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/results'), { timeout: 3000 });
    expect(router.state.location.search).toEqual({ session_id: SESSION_ID });
    expect(await screen.findByText('The Gyro Shop')).toBeTruthy();
  });

  it('is indeterminate while the total is unknown, and cancels after asking', async () => {
    let info = makeInfo({
      type: 'search',
      name: 'Dentists in Austin, TX',
      status: 'running',
      stage: 'discovering',
      progress: { total: 0, done: 0, failed: 0 },
      run: { mode: 'run', started_at: null, found: 0, rate: null, eta_seconds: null, latest: [] },
    });
    const handlers = {
      [INFO]: () => json(200, info),
      [`POST /api/users/sessions/${SESSION_ID}/cancel`]: () => {
        info = {
          ...info,
          status: 'cancelled',
          stage: null,
          counts: { businesses: 12, by_enrichment_state: {} },
        };
        return json(200, info);
      },
    };
    const { sent } = renderApp(`/discovery-processing?session_id=${SESSION_ID}`, handlers);

    expect(await screen.findByRole('heading', { name: 'Finding businesses' })).toBeTruthy();
    expect(screen.getByTestId('progress-bar').getAttribute('data-indeterminate')).toBe('true');
    expect(screen.getByText('The first businesses show up here as soon as they are found.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel session' }));

    expect(await screen.findByText('Cancelled; 12 businesses kept.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST' && request.path.endsWith('/cancel'))).toBe(true);
    expect(screen.getByRole('link', { name: 'See the results' }).getAttribute('href')).toBe(
      `/results?session_id=${SESSION_ID}`,
    );
    expect(screen.getByRole('button', { name: 'Restart' })).toBeTruthy();
  });

  it('shows the failure in words with Retry and Restart, and retries', async () => {
    const error =
      '3 of 12 map areas could not be searched (HTTP 504). The businesses found are kept; retry to search the missing areas.';
    let info = makeInfo({
      type: 'search',
      status: 'failed',
      error,
      progress: { total: 12, done: 12, failed: 3 },
      counts: { businesses: 40, by_enrichment_state: {} },
    });
    const handlers = {
      [INFO]: () => json(200, info),
      [`POST /api/users/sessions/${SESSION_ID}/retry`]: () => {
        info = { ...info, status: 'queued', error: null };
        return json(200, info);
      },
    };
    const { sent } = renderApp(`/discovery-processing?session_id=${SESSION_ID}`, handlers);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The session stopped with an error')).toBeTruthy();
    expect(within(alert).getByText(error)).toBeTruthy();
    expect(within(alert).getByText(/The 40 businesses found before it stopped are kept/)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Restart' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'See what was found' })).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for a worker' })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `/api/users/sessions/${SESSION_ID}/retry`,
    ]);
  });

  it('says so when the session does not exist', async () => {
    renderApp(`/processing?session_id=${SESSION_ID}`, {
      [INFO]: () => json(404, { error: { code: 'not_found', message: 'Session not found' } }),
    });
    expect(await screen.findByText('This session was deleted, or is not shared with you')).toBeTruthy();
    // Words and the ways on, not the server's message, and no "Try again" that cannot help.
    expect(screen.queryByText(/Server error/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getAllByRole('link', { name: /Sessions/ }).length).toBeGreaterThan(0);
  });

  it('says a hand-edited address points to no session', async () => {
    renderApp('/processing?session_id=not-a-session', {
      'GET /api/user/session/not-a-session/info': () =>
        json(400, { error: { code: 'validation_error', message: 'id: must be a UUID' } }),
    });
    expect(await screen.findByText('This link does not point to a session')).toBeTruthy();
    expect(screen.queryByText(/must be a UUID/)).toBeNull();
  });
});
