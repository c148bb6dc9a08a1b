import type { PublicConfig, ResultsMap } from '@argo/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBusiness, makeInfo, SESSION_ID } from '../../../testing/factories';
import { json, type SentRequest } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

const INFO = `GET /api/user/session/${SESSION_ID}/info`;
const RESULTS = `GET /api/user/session/${SESSION_ID}/results`;
const MAP = `GET /api/user/session/${SESSION_ID}/map`;

const CONFIG: PublicConfig = {
  auth_provider: 'builtin',
  cognito: null,
  version: 'test',
  password_min_length: 6,
  map: {
    tile_url: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap contributors',
    attribution_url: 'https://www.openstreetmap.org/copyright',
    max_zoom: 19,
  },
  features: { language_model: false, google_places: false },
};

const onPage = makeBusiness({
  name: 'Brot & Butter',
  city: 'Berlin',
  lat: 52.52,
  lng: 13.405,
  icp_tier: 'A',
});
// On another page of the table: only the map knows it.
const elsewhere = makeBusiness({
  name: 'Kuchen Kontor',
  city: 'Potsdam',
  lat: 52.39,
  lng: 13.06,
  icp_tier: 'B',
});

function setUp(map: () => Response | Promise<Response>) {
  return {
    [INFO]: () => json(200, makeInfo({ status: 'completed' })),
    [RESULTS]: () => json(200, { items: [onPage], total: 3, page: 0, pageSize: 50 }),
    'GET /api/config': () => json(200, CONFIG),
    [MAP]: map,
  } as Record<string, (request: SentRequest) => Response | Promise<Response>>;
}

const answer = (body: ResultsMap) => () => json(200, body);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the map view', { timeout: 45_000 }, () => {
  it('asks for every business matching the address’s filters, counts them, and credits the tiles', async () => {
    const handlers = setUp(
      answer({
        total: 3,
        points: [
          [onPage.id, onPage.name, 52.52, 13.405, 'A'],
          [elsewhere.id, elsewhere.name, 52.39, 13.06, 'B'],
        ],
        area: {
          bbox: [52.3, 13.0, 52.6, 13.5],
          center: { lat: 52.45, lng: 13.25 },
          radius_km: null,
          label: 'Berlin',
        },
      }),
    );
    const filters = encodeURIComponent(JSON.stringify({ icp_tier: ['A', 'B'] }));
    const { sent } = renderApp(`/results?session_id=${SESSION_ID}&view=map&filters=${filters}`, handlers);
    // The first render loads the map's code: on two cores busy with the rest of the suite that took over 8 s.
    const count = await screen.findByTestId('map-count', {}, { timeout: 20_000 });
    expect(count.textContent).toBe('2 of 3 businesses have coordinates · searched around Berlin');
    const asked = sent.find((request) => request.path.endsWith('/map'));
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({ filters: '{"icp_tier":["A","B"]}' });
    await screen.findByText('© OpenStreetMap contributors', {}, { timeout: 8_000 });
    expect(screen.getByRole('link', { name: '© OpenStreetMap contributors' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/copyright',
    );
    // The map shows every match at once: no table pages under it.
    expect(screen.queryByRole('navigation', { name: /pagination/i })).toBeNull();
  });

  it('opens the drawer of a business on no page of the table by reading it by id', async () => {
    const handlers = setUp(answer({ total: 3, points: [], area: null }));
    handlers[`GET /api/user/session/${SESSION_ID}/businesses/${elsewhere.id}`] = () => json(200, elsewhere);
    const { sent } = renderApp(
      `/results?session_id=${SESSION_ID}&view=map&business=${elsewhere.id}`,
      handlers,
    );
    const details = await screen.findByTestId('business-details', {}, { timeout: 8_000 });
    expect(details.textContent).toContain('52.39000, 13.06000');
    expect(screen.getAllByText('Kuchen Kontor').length).toBeGreaterThan(0);
    expect(sent.some((request) => request.path.endsWith(`/businesses/${elsewhere.id}`))).toBe(true);
  });

  it('says so when none of the matching businesses has coordinates', async () => {
    renderApp(
      `/results?session_id=${SESSION_ID}&view=map`,
      setUp(answer({ total: 3, points: [], area: null })),
    );
    await screen.findByText('None of these businesses has coordinates', {}, { timeout: 8_000 });
    expect(screen.getByTestId('map-empty').textContent).toContain(
      '3 businesses match, but none has a location',
    );
  });

  it('shows the error with a way to try again when the points cannot be loaded', async () => {
    let calls = 0;
    const handlers = setUp(() => {
      calls += 1;
      return calls === 1
        ? json(500, { error: { code: 'internal', message: 'The database is not reachable.' } })
        : json(200, { total: 3, points: [[onPage.id, onPage.name, 52.52, 13.405, 'A']], area: null });
    });
    renderApp(`/results?session_id=${SESSION_ID}&view=map`, handlers);
    await screen.findByText('The map’s businesses could not be loaded', {}, { timeout: 8_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByTestId('map-count').textContent).toBe('1 of 3 businesses have coordinates'),
    );
  });
});
