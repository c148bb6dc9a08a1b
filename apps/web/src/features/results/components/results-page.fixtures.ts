/** The answers and rows the results-page tests share: a completed session with a bakery and a kiosk. */
import { screen } from '@testing-library/react';
import { makeBusiness, makeInfo, SESSION_ID } from '../../../testing/factories';
import { json, type SentRequest } from '../../../testing/fake-api';

export const INFO = `GET /api/user/session/${SESSION_ID}/info`;
export const RESULTS = `GET /api/user/session/${SESSION_ID}/results`;
export const EXPORT = `GET /api/user/session/${SESSION_ID}/export`;
export const DEFAULT_VIEW_COLUMNS =
  'name,website,phone,city,category,icp,decision_maker,enrichment_state,sources,first_seen_at';

export const bakery = makeBusiness({
  name: 'Brot & Butter',
  website: 'https://brot.example/',
  domain: 'brot.example',
  phone: '+4930123456',
  city: 'Berlin',
  lat: 52.52,
  lng: 13.405,
  source: 'osm',
  sources: [
    {
      source: 'osm',
      source_ref: 'node/42',
      url: 'https://www.openstreetmap.org/node/42',
      observed_at: '2026-03-01T08:00:00.000Z',
    },
  ],
  enrichment_state: 'done',
  summary: 'A neighbourhood bakery selling sourdough bread.',
  industry: 'Food & Beverage',
  hiring: true,
  icp_score: 82,
  icp_tier: 'A',
  software: [
    {
      name: 'Shopify',
      category: 'Ecommerce',
      version: '2.0',
      confidence: 90,
      group: 'business',
      evidence: 'script src cdn.shopify.com/s/files',
    },
    {
      name: 'PHP',
      category: 'Programming languages',
      version: null,
      confidence: 100,
      group: 'infrastructure',
      evidence: 'implied by Shopify',
    },
  ],
  details: {
    services: ['Sourdough', 'Catering'],
    summary_generated_by: 'builtin',
    contacts: [{ kind: 'email', value: 'hello@brot.example', source_url: 'https://brot.example/contact' }],
    careers: {
      url: 'https://brot.example/jobs',
      ats: 'Personio',
      roles: [
        { title: 'Baker', department: 'Kitchen', location: 'Berlin', url: 'https://brot.example/jobs/baker' },
      ],
    },
    icp_reasons: [
      { criterion: 'industries', matched: true, evidence: 'industry: Food & Beverage' },
      { criterion: 'software_signals', matched: false, evidence: 'none of "Shopify" detected' },
    ],
    pages: [
      { url: 'https://brot.example/', fetched_at: '2026-03-02T09:15:00.000Z' },
      { url: 'https://brot.example/contact', fetched_at: '2026-03-02T09:16:00.000Z' },
    ],
  },
});
export const noSite = makeBusiness({ name: 'Corner Kiosk', city: 'Berlin' });

export function setUp() {
  return {
    [INFO]: () =>
      json(
        200,
        makeInfo({ status: 'completed', counts: { businesses: 2, by_enrichment_state: { done: 1 } } }),
      ),
    [RESULTS]: ({ query }: SentRequest) =>
      json(200, {
        items: [bakery, noSite],
        total: 2,
        page: Number(query.get('page')),
        pageSize: Number(query.get('pageSize')),
      }),
  } as Record<string, (request: SentRequest) => Response | Promise<Response>>;
}

/** The first page is on screen (generous: the machine may be busy, and the filter panel is a lot to draw). */
export const rowsLoaded = () => screen.findByText('Brot & Butter', {}, { timeout: 8_000 });

export const resultQueries = (sent: SentRequest[]) =>
  sent
    .filter((request) => request.path.endsWith('/results'))
    .map((request) => Object.fromEntries(request.query));
