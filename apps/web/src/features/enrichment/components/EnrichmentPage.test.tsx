import type { SessionInfo } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ids, makeBusiness, makeInfo, SESSION_ID } from '../../../testing/factories';
import { json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

const INFO = `GET /api/user/session/${SESSION_ID}/info`;
const RESULTS = `GET /api/user/session/${SESSION_ID}/results`;

const completed = (overrides: Partial<SessionInfo> = {}) =>
  makeInfo({
    status: 'completed',
    venture_id: ids.venture,
    counts: { businesses: 40, by_enrichment_state: { pending: 40 } },
    ...overrides,
  });

/** Results answer like the API: `total` is how many businesses have a website (the only filter this page sends). */
const results = (withWebsite: number) => () =>
  json(200, { items: [], total: withWebsite, page: 0, pageSize: 1 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the enrichment screen', () => {
  it('explains each type, estimates from the websites, and starts every analyzer as unified', async () => {
    let info = completed();
    const handlers = {
      [INFO]: () => json(200, info),
      [RESULTS]: results(20),
      'POST /api/enrichment/unified': () => {
        info = { ...info, status: 'queued', stage: 'enriching' };
        return json(202, { job_id: ids.account, session: info });
      },
    };
    const { router, sent } = renderApp(`/enrichment?session_id=${SESSION_ID}`, handlers);

    expect(await screen.findByRole('heading', { level: 1, name: 'Gyros in Plano' })).toBeTruthy();
    // The count of websites is asked with the "has a website" filter.
    const websiteQuery = sent.find((request) => request.path.endsWith('/results'))?.query;
    expect(JSON.parse(websiteQuery?.get('filters') ?? '{}')).toEqual({ website: { present: true } });

    for (const label of [
      'Everything (unified)',
      'Summary and contacts',
      'Software',
      'Hiring',
      'People and company facts',
      'ICP fit',
    ]) {
      expect(
        (
          screen.getByRole('checkbox', {
            name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`),
          }) as HTMLInputElement
        ).checked,
      ).toBe(true);
    }
    expect(screen.getByText(/The whole session: 40 businesses, 20 with a website/)).toBeTruthy();
    // 20 websites × 7 pages; two rounds of 12 sites × 7 pages × 1.5 s = 21 s.
    expect(screen.getByTestId('estimate-pages').textContent).toBe('Up to 140 pages, under a minute');
    expect(screen.getByTestId('estimate-basis').textContent).toMatch(/^20 websites × up to 7 pages each/);
    expect(screen.getByTestId('estimate-basis').textContent).toMatch(/12 sites at a time/);

    fireEvent.click(screen.getByRole('button', { name: 'Start enrichment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrichment-processing'));
    expect(router.state.location.search).toEqual({ session_id: SESSION_ID });
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/enrichment/unified');
    expect(post?.body).toEqual({ session_id: SESSION_ID });
  });

  it('runs a chosen set for the selected businesses through enrichment/run; ICP fit alone reads no page', async () => {
    const handlers = {
      [INFO]: () => json(200, completed()),
      [RESULTS]: results(20),
      'POST /api/enrichment/run': ({ body }: { body: unknown }) =>
        json(202, { job_id: ids.account, session: { ...completed(), status: 'queued' }, body }),
    };
    const { router, sent } = renderApp(
      `/enrichment?session_id=${SESSION_ID}&business_ids=a1,b2,c3`,
      handlers,
    );

    expect(await screen.findByRole('radio', { name: 'The 3 selected on the results page' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /^Everything \(unified\)/ }));
    expect(screen.getByRole('button', { name: 'Choose at least one type' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('checkbox', { name: /^ICP fit/ }));
    expect(screen.getByTestId('estimate-pages').textContent).toBe('No pages to read, under a minute');
    fireEvent.click(screen.getByRole('checkbox', { name: /^Software/ }));
    // The selection is not yet checked for websites: its size is an upper bound.
    expect(screen.getByTestId('estimate-pages').textContent).toBe('Up to 21 pages, under a minute');
    expect(screen.getByTestId('estimate-basis').textContent).toMatch(/^up to 3 websites × up to 7 pages/);

    fireEvent.click(screen.getByRole('button', { name: 'Start enrichment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrichment-processing'));
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/enrichment/run');
    expect(post?.body).toEqual({
      session_id: SESSION_ID,
      types: ['software_detection', 'icp_analysis'],
      business_ids: ['a1', 'b2', 'c3'],
    });
  });

  it('shows a refused start (409) in words, with the way to the running work', async () => {
    renderApp(`/enrichment?session_id=${SESSION_ID}`, {
      [INFO]: () => json(200, completed()),
      [RESULTS]: results(5),
      'POST /api/enrichment/unified': () =>
        json(409, {
          error: {
            code: 'conflict',
            message: 'Cannot run a session that is running; allowed now: cancel, update',
          },
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start enrichment' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The session is busy')).toBeTruthy();
    expect(within(alert).getByText(/Cannot run a session that is running/)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'progress page' }).getAttribute('href')).toBe(
      `/enrichment-processing?session_id=${SESSION_ID}`,
    );
  });

  it('says there is nothing to read when no business has a website', async () => {
    renderApp(`/enrichment?session_id=${SESSION_ID}`, {
      [INFO]: () => json(200, completed()),
      [RESULTS]: results(0),
    });
    expect(await screen.findByText('None of these businesses has a website')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start enrichment' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Start a discovery' })).toBeTruthy();
  });

  it('warns that ICP fit needs a venture, and asks for a session when there is none', async () => {
    renderApp(`/enrichment?session_id=${SESSION_ID}`, {
      [INFO]: () => json(200, completed({ venture_id: null })),
      [RESULTS]: results(3),
    });
    expect(await screen.findByTestId('no-venture-note')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /^ICP fit/ }));
    expect(screen.queryByTestId('no-venture-note')).toBeNull();
  });

  it('says so when the session does not exist', async () => {
    renderApp(`/enrichment?session_id=${SESSION_ID}`, {
      [INFO]: () => json(404, { error: { code: 'not_found', message: 'Session not found' } }),
      [RESULTS]: () => json(404, { error: { code: 'not_found', message: 'Session not found' } }),
    });
    expect(await screen.findByText('This session was deleted, or is not shared with you')).toBeTruthy();
    expect(screen.queryByText(/Server error/)).toBeNull();
  });
});

describe('the enrichment progress screen', () => {
  it('shows progress in businesses, the latest enriched with software, hiring and score, then the results', async () => {
    let info = makeInfo({
      status: 'running',
      stage: 'enriching',
      progress: { total: 40, done: 10, failed: 1 },
      counts: { businesses: 40, by_enrichment_state: { done: 9, failed: 1, pending: 30 } },
      run: {
        mode: 'run',
        started_at: '2026-02-01T10:00:00.000Z',
        found: 40,
        rate: 0.5,
        eta_seconds: 60,
        latest: [],
      },
    });
    const enriched = makeBusiness({
      name: 'Plano Dental',
      domain: 'planodental.test',
      enrichment_state: 'done',
      industry: 'Healthcare',
      software: [
        { name: 'WordPress', category: 'CMS', version: null, confidence: 100, group: 'business' },
        { name: 'Stripe', category: 'Payment processors', version: null, confidence: 100, group: 'business' },
      ],
      hiring: true,
      icp_score: 82,
      icp_tier: 'A',
    });
    const broken = makeBusiness({
      name: 'Gone Gyros',
      enrichment_state: 'failed',
      enrichment_error: 'connect: connection refused',
    });
    const handlers = {
      [INFO]: () => json(200, info),
      [RESULTS]: () => json(200, { items: [enriched, broken], total: 2, page: 0, pageSize: 5 }),
    };
    const { router, sent } = renderApp(`/enrichment-processing?session_id=${SESSION_ID}`, handlers);

    expect(await screen.findByRole('heading', { name: 'Enriching' })).toBeTruthy();
    expect(screen.getByTestId('progress-counts').textContent).toBe('10 of 40 businesses enriched · 1 failed');
    expect(screen.getByTestId('progress-rate').textContent).toBe('0.5 businesses/s · about 1 min left');
    const latest = await screen.findByRole('list', { name: 'Latest enriched' });
    expect(within(latest).getByText('Plano Dental')).toBeTruthy();
    expect(within(latest).getByText('WordPress, Stripe')).toBeTruthy();
    expect(within(latest).getByText('Hiring')).toBeTruthy();
    expect(within(latest).getByText('A · 82')).toBeTruthy();
    expect(within(latest).getByText('connect: connection refused')).toBeTruthy();
    const latestQuery = sent.find((request) => request.path.endsWith('/results'))?.query;
    expect(latestQuery?.get('sortBy')).toBe('updated_at');
    expect(JSON.parse(latestQuery?.get('filters') ?? '{}')).toEqual({ enrichment_state: ['done', 'failed'] });

    info = { ...info, status: 'completed', stage: null, progress: { total: 40, done: 40, failed: 1 } };
    await waitFor(() => expect(router.state.location.pathname).toBe('/results'), { timeout: 4000 });
  });

  it('cancels after asking, keeps what was enriched, and offers to enrich again', async () => {
    let info = makeInfo({
      status: 'running',
      stage: 'enriching',
      progress: { total: 0, done: 0, failed: 0 },
      counts: { businesses: 12, by_enrichment_state: { pending: 12 } },
    });
    const handlers = {
      [INFO]: () => json(200, info),
      [RESULTS]: () => json(200, { items: [], total: 0, page: 0, pageSize: 5 }),
      [`POST /api/users/sessions/${SESSION_ID}/cancel`]: () => {
        info = { ...info, status: 'cancelled', stage: null };
        return json(200, info);
      },
    };
    renderApp(`/enrichment-processing?session_id=${SESSION_ID}`, handlers);

    expect(await screen.findByTestId('progress-bar')).toHaveProperty('dataset.indeterminate', 'true');
    expect(
      await screen.findByText('The first businesses show up here as soon as their websites are read.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    expect(within(dialog).getByText(/What was enriched so far is kept/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel session' }));

    expect(await screen.findByText('Cancelled; 12 businesses kept.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enrich again' }).getAttribute('href')).toBe(
      `/enrichment?session_id=${SESSION_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Restart' })).toBeNull();
  });
});
