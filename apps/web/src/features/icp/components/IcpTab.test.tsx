import type { GeneratedContent, IcpOverview, IcpProfile } from '@argo/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeInfo, SESSION_ID } from '../../../testing/factories';
import { json, type SentRequest } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

const VENTURE_ID = '00000000-0000-4000-8000-0000000000f1';
const PROFILE_ID = '00000000-0000-4000-8000-0000000000f2';
const BUSINESS_ID = '00000000-0000-4000-8000-0000000000f3';

const overview: IcpOverview = {
  by_tier: { A: 3, B: 5, C: 2, D: 1, unscored: 4 },
  score_histogram: [
    { from: 0, to: 50, count: 3 },
    { from: 50, to: 100, count: 8 },
  ],
  top_industries: [{ name: 'Food & Beverage', count: 7 }],
  top_software: [{ name: 'Shopify', count: 4 }],
  hiring_share: 0.25,
  places: [{ name: 'Berlin', count: 11 }],
  decision_makers: { analysed: 12, found: 7, reachable: 5 },
  narrative: '11 of 15 businesses are scored; 3 are tier A, mostly bakeries in Berlin.',
  generated_by: 'builtin',
};

const profile: IcpProfile = {
  id: PROFILE_ID,
  venture_id: VENTURE_ID,
  session_id: SESSION_ID,
  name: 'Berlin bakeries on Shopify',
  criteria: {
    industries: ['Food & Beverage'],
    locations: ['Berlin'],
    keywords: [],
    exclude_keywords: [],
    employee_min: null,
    employee_max: null,
    software_signals: ['Shopify'],
    hiring_signal: null,
  },
  size: 6,
  examples: [{ business_id: BUSINESS_ID, name: 'Brot & Butter' }],
  why: 'They sell online and are growing.',
  generated_by: 'builtin',
  created_at: '2026-03-01T00:00:00.000Z',
};

const content: GeneratedContent = {
  generated_by: 'builtin',
  items: [
    {
      kind: 'cold_email',
      subject: 'Your Shopify bakery in Berlin',
      body: 'Hello, I saw that you run Shopify.',
      claims: [
        {
          text: 'you run Shopify',
          field: 'software',
          business_id: BUSINESS_ID,
          source_url: 'https://brot.example/',
        },
      ],
    },
    { kind: 'linkedin_note', subject: null, body: 'Hi! Fellow Berliner here.', claims: [] },
    { kind: 'call_opener', subject: null, body: 'Hi, calling about your online shop.', claims: [] },
  ],
};

function handlers() {
  return {
    [`GET /api/user/session/${SESSION_ID}/info`]: () =>
      json(
        200,
        makeInfo({
          status: 'completed',
          venture_id: VENTURE_ID,
          counts: { businesses: 15, by_enrichment_state: { done: 11 } },
        }),
      ),
    'POST /api/icp/overview': () => json(200, overview),
    'GET /api/icp/profiles': () => json(200, []),
    'POST /api/icp/create_profiles': () => json(200, [profile]),
    'POST /api/icp/generate_content': () => json(200, content),
  } as Record<string, (request: SentRequest) => Response>;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the ICP tab', () => {
  it("replaces the profiles made from this session when they are made again, keeping other sessions' ones", async () => {
    const OTHER_SESSION = '00000000-0000-4000-8000-0000000000f9';
    const earlier = { ...profile, id: '00000000-0000-4000-8000-0000000000e1', name: 'Earlier segment' };
    const fromOther = {
      ...profile,
      id: '00000000-0000-4000-8000-0000000000e2',
      session_id: OTHER_SESSION,
      name: 'From another session',
    };
    renderApp(`/results?session_id=${SESSION_ID}&view=icp`, {
      ...handlers(),
      'GET /api/icp/profiles': () => json(200, [earlier, fromOther]),
    });
    await screen.findByRole('article', { name: 'Profile Earlier segment' });
    fireEvent.click(screen.getByRole('button', { name: 'Create profiles' }));
    await screen.findByRole('article', { name: 'Profile Berlin bakeries on Shopify' });
    expect(
      screen.getAllByRole('article', { name: /^Profile / }).map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Profile Berlin bakeries on Shopify', 'Profile From another session']);
  });

  it('charts the overview, creates profiles and writes content with copy buttons, claims and who wrote it', async () => {
    const { sent } = renderApp(`/results?session_id=${SESSION_ID}&view=icp`, handlers());
    expect((await screen.findByTestId('icp-narrative')).textContent).toBe(overview.narrative);
    expect(await screen.findByText(/No profiles yet/)).toBeTruthy();
    expect(sent.find((request) => request.path === '/api/icp/profiles')?.query.get('venture_id')).toBe(
      VENTURE_ID,
    );
    expect(sent.find((request) => request.path === '/api/icp/overview')?.body).toEqual({
      session_id: SESSION_ID,
    });
    const tiers = screen.getByRole('list', { name: 'Businesses by tier' });
    expect(
      within(tiers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tier A3', 'Tier B5', 'Tier C2', 'Tier D1', 'Not scored4']);
    const histogram = screen.getByRole('img', { name: /Score histogram\. 0–50: 3, 50–100: 8/ });
    // The scale reads from 0 to 100 at the buckets' edges.
    expect([...histogram.querySelectorAll('text')].map((tick) => tick.textContent)).toEqual(['0', '100']);
    expect(screen.getByRole('img', { name: '25% of analysed businesses are hiring' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Top software' })).getByText('Shopify')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Places' })).getByText('Berlin')).toBeTruthy();
    expect(screen.getByLabelText('Decision-maker counts').textContent).toBe(
      '7name a decision-maker5with their email or phoneof 12 businesses whose people were analysed',
    );
    expect(screen.getAllByTestId('generated-by')[0]?.textContent).toMatch(/built-in generator/);

    fireEvent.click(screen.getByRole('button', { name: 'Create profiles' }));
    const card = await screen.findByRole('article', { name: 'Profile Berlin bakeries on Shopify' });
    expect(sent.find((request) => request.path === '/api/icp/create_profiles')?.body).toEqual({
      session_id: SESSION_ID,
      count: 3,
    });
    expect(within(card).getByText('Uses Shopify')).toBeTruthy();
    expect(within(card).getByText(/For example: Brot & Butter/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Generate content' }));
    const email = await within(card).findByRole('article', { name: 'Cold email' });
    expect(sent.find((request) => request.path === '/api/icp/generate_content')?.body).toEqual({
      profile_id: PROFILE_ID,
    });
    expect(within(email).getByText('Subject: Your Shopify bakery in Berlin')).toBeTruthy();
    const claims = within(email).getByRole('list', { name: 'Claims of the cold email' });
    expect(claims.textContent).toContain('“you run Shopify”');
    expect(claims.textContent).toContain('detected software');
    expect(within(claims).getByRole('link', { name: 'https://brot.example/' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy linkedin note' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy call opener' })).toBeTruthy();
    expect(within(card).getByTestId('generated-by').textContent).toMatch(/built-in generator/);
  });

  it.each([
    [1, '1 business is not scored yet'],
    [4, '4 businesses are not scored yet'],
  ])('counts %i unscored business in words that agree with the number', async (unscored, words) => {
    const answers = handlers();
    answers['POST /api/icp/overview'] = () =>
      json(200, { ...overview, by_tier: { ...overview.by_tier, unscored } });
    renderApp(`/results?session_id=${SESSION_ID}&view=icp`, answers);
    await screen.findByTestId('icp-narrative');
    expect(
      screen.getByText(
        (_, element) => element?.tagName === 'P' && element.textContent?.startsWith(words) === true,
      ),
    ).toBeTruthy();
  });

  it('says no careers page was analysed instead of showing 0% hiring', async () => {
    const answers = handlers();
    answers['POST /api/icp/overview'] = () => json(200, { ...overview, hiring_share: null });
    renderApp(`/results?session_id=${SESSION_ID}&view=icp`, answers);
    expect(await screen.findByText(/No careers page has been analysed yet/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /of analysed businesses are hiring/ })).toBeNull();
  });

  it('says careers were analysed when a run read sites without a careers page, not "run careers analysis"', async () => {
    const answers = handlers();
    answers['POST /api/icp/overview'] = () =>
      json(200, { ...overview, hiring_share: null, careers_analysed: 12 });
    renderApp(`/results?session_id=${SESSION_ID}&view=icp`, answers);
    expect(
      await screen.findByText(
        'Careers were analysed for 12 businesses, but none of their sites has a careers page that says whether they are hiring.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/No careers page has been analysed yet/)).toBeNull();
    cleanup();
    answers['POST /api/icp/overview'] = () =>
      json(200, { ...overview, hiring_share: null, careers_analysed: 1 });
    renderApp(`/results?session_id=${SESSION_ID}&view=icp`, answers);
    expect(
      await screen.findByText(
        'Careers were analysed for 1 business, but its site has no careers page that says whether it is hiring.',
      ),
    ).toBeTruthy();
  });

  it('says nothing is scored yet instead of drawing empty axes', async () => {
    const answers = handlers();
    const zeros = overview.score_histogram.map((bucket) => ({ ...bucket, count: 0 }));
    answers['POST /api/icp/overview'] = () => json(200, { ...overview, score_histogram: zeros });
    renderApp(`/results?session_id=${SESSION_ID}&view=icp`, answers);
    expect(await screen.findByText(/No business is scored yet: run ICP fit/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Score histogram/ })).toBeNull();
  });

  it("tells an edit share not on the session's venture why it sees no profiles, and offers no Create", async () => {
    const answers = handlers();
    answers['GET /api/icp/profiles'] = () =>
      json(404, {
        error: {
          code: 'not_found',
          message: 'venture_id: no venture with this id in your ventures.',
          field: 'venture_id',
        },
      });
    const { sent } = renderApp(`/results?session_id=${SESSION_ID}&view=icp`, answers);
    expect(
      await screen.findByText(
        /Profiles are saved to this session’s venture, which is not one of your ventures/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/ask an admin of your account to assign you to it/)).toBeTruthy();
    expect(screen.queryByText("The venture's profiles could not be loaded")).toBeNull();
    const create = screen.getByRole('button', { name: 'Create profiles' });
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.click(create);
    expect(sent.some((request) => request.path === '/api/icp/create_profiles')).toBe(false);
  });

  it('says in words that a profile is gone when writing its content answers 404', async () => {
    const answers = handlers();
    answers['GET /api/icp/profiles'] = () => json(200, [profile]);
    answers['POST /api/icp/generate_content'] = () =>
      json(404, { error: { code: 'not_found', message: 'ICP profile was not found.' } });
    renderApp(`/results?session_id=${SESSION_ID}&view=icp`, answers);
    const card = await screen.findByRole('article', { name: 'Profile Berlin bakeries on Shopify' });
    fireEvent.click(within(card).getByRole('button', { name: 'Generate content' }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('This profile is no longer there');
    expect(alert.textContent).toContain('Reload the page to see the profiles you can use');
    expect(alert.textContent).not.toContain('Server error');
  });

  it('says when the overview cannot be loaded', async () => {
    const answers = handlers();
    answers['POST /api/icp/overview'] = () =>
      json(404, { error: { code: 'not_found', message: 'Session not found' } });
    renderApp(`/results?session_id=${SESSION_ID}&view=icp`, answers);
    const alert = (await screen.findByText('The ICP overview could not be loaded')).closest('[role="alert"]');
    await waitFor(() => expect(alert?.textContent).toContain('Server error (404): Session not found'));
  });
});
