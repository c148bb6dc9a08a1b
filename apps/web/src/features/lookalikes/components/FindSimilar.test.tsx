import type { Lookalike, LookalikesPage } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { withSimilarity } from '../api';
import { FindSimilar, type FindSimilarProps } from './FindSimilar';

const SESSION = '00000000-0000-4000-8000-00000000d001';
const SEEDS = ['00000000-0000-4000-8000-00000000e001', '00000000-0000-4000-8000-00000000e002'];

beforeEach(() => stubIdentityProvider());

function props(over: Partial<FindSimilarProps> = {}): FindSimilarProps {
  return {
    sessionId: SESSION,
    selectedIds: SEEDS,
    isAllMatching: false,
    canEdit: true,
    onShowSimilar: vi.fn(),
    ...over,
  };
}

const lookalike = (name: string, score: number): Lookalike => ({
  business: {
    id: `00000000-0000-4000-8000-0000000${String(Math.round(score * 1000)).padStart(5, '0')}`,
    session_id: SESSION,
    name,
    website: null,
    city: 'Würzburg',
    category: 'wine shop',
    industry: 'Retail',
    icp_tier: null,
  },
  score,
  contributions: { category: 0.4, software: 0.3 },
  reasons: ['wine shop, as 100% of the seeds are', 'uses Shopware and Klarna'],
  differences: score < 0.8 ? ['larger: about 400 staff against 12'] : [],
  explanation: 'Like the seeds: wine shop, as 100% of the seeds are, and uses Shopware and Klarna.',
  distance_km: null,
});

const page = (items: Lookalike[]): LookalikesPage => ({
  items,
  total: items.length,
  page: 0,
  page_size: 50,
  seeds: { count: 2, unmatched: [] },
  proposal: {
    query: 'wine shop',
    location: 'Würzburg',
    categories: [{ name: 'wine shop', count: 2 }],
    places: [{ name: 'Würzburg', count: 2 }],
  },
});

const open = async () => fireEvent.click(await screen.findByRole('button', { name: 'Find similar' }));

describe('Find similar on the results', () => {
  it('shows nothing without a selection, or for "all matching"', async () => {
    renderPage(
      <>
        <span>page ready</span>
        <FindSimilar {...props({ selectedIds: [] })} />
        <FindSimilar {...props({ isAllMatching: true })} />
      </>,
    );
    await screen.findByText('page ready');
    expect(screen.queryByRole('button', { name: 'Find similar' })).toBeNull();
  });

  it('lists the businesses like the ticked ones with score, why and what differs, then sorts the results', async () => {
    const sent = mockApi({
      'POST /api/user/lookalikes': () =>
        json(200, page([lookalike('Weinkeller Roth', 0.93), lookalike('Weinladen Süd', 0.71)])),
      [`PUT /api/user/session/${SESSION}/lookalike-seeds`]: () =>
        json(200, {
          session_id: SESSION,
          seed_count: 2,
          scored: 8,
          unmatched: [],
          set_by: null,
          set_at: '2026-03-01T10:00:00.000Z',
        }),
    });
    const onShowSimilar = vi.fn();
    renderPage(<FindSimilar {...props({ onShowSimilar })} />);
    await open();
    const list = await screen.findByLabelText('Similar businesses');
    const best = within(list).getByRole('article', { name: 'Weinkeller Roth' });
    expect(within(best).getByText('93%')).toBeTruthy();
    expect(best.textContent).toContain('uses Shopware and Klarna');
    const second = within(list).getByRole('article', { name: 'Weinladen Süd' });
    expect(second.textContent).toContain('Differs: larger: about 400 staff against 12');
    const rank = sent.find((r) => r.path === '/api/user/lookalikes');
    expect(rank?.body).toMatchObject({ seeds: { business_ids: SEEDS }, session_id: SESSION, min_score: 0.5 });

    fireEvent.click(screen.getByRole('button', { name: 'Sort the results by similarity' }));
    await waitFor(() => expect(onShowSimilar).toHaveBeenCalledWith(0.5));
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ seeds: { business_ids: SEEDS } });
  });

  it('says so when none is similar enough, and offers the discovery of more like these', async () => {
    const sent = mockApi({
      'POST /api/user/lookalikes': () => json(200, page([])),
      'POST /api/discovery/scrape': () => json(201, { id: '00000000-0000-4000-8000-00000000d999' }),
    });
    renderPage(<FindSimilar {...props({ canEdit: false })} />);
    await open();
    expect(await screen.findByText('None similar enough')).toBeTruthy();
    // A view share cannot store scores on the session.
    expect(screen.queryByRole('button', { name: 'Sort the results by similarity' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start this discovery' }));
    await waitFor(() => expect(sent.some((r) => r.path === '/api/discovery/scrape')).toBe(true));
    expect(sent.find((r) => r.path === '/api/discovery/scrape')?.body).toEqual({
      name: 'More wine shop in Würzburg',
      query: 'wine shop',
      location: 'Würzburg',
    });
  });

  it('shows the loading state, then the error with a way to try again', async () => {
    let calls = 0;
    mockApi({
      'POST /api/user/lookalikes': () => {
        calls += 1;
        return json(400, {
          error: {
            code: 'validation_failed',
            message: 'seeds.business_ids: 1 of these are no businesses of a session you can see.',
          },
        });
      },
    });
    renderPage(<FindSimilar {...props()} />);
    await open();
    expect(screen.getByLabelText('Finding similar businesses')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Similar businesses could not be found');
    expect(alert.textContent).toContain('no businesses of a session you can see');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('puts the similarity filter beside the other filters', () => {
    expect(withSimilarity({ city: 'Leeds', similarity: { gte: 0.2 } }, 0.6)).toEqual({
      city: 'Leeds',
      similarity: { gte: 0.6 },
    });
  });
});
