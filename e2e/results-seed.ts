import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi } from './api';

// The bakeries of the results journey and how they are seeded: six businesses (one with a formula for a name, one
// without coordinates) written straight into the database with the enrichment results the enrichment job stores
// for those with a website (software with its evidence, a summary with a contact, open roles, ICP reasons).

interface Seed {
  name: string;
  city: string;
  lat: number | null;
  lng: number | null;
  tier: 'A' | 'B' | 'C' | 'D' | null;
  score: number | null;
  website: string | null;
  hiring: boolean | null;
  industry: string | null;
}

export const BAKERIES: Seed[] = [
  {
    name: 'Brot & Butter',
    city: 'Berlin',
    lat: 52.52,
    lng: 13.405,
    tier: 'A',
    score: 88,
    website: 'https://brot-butter.example/',
    hiring: true,
    industry: 'Food & Beverage',
  },
  {
    name: 'Sauerteig Werkstatt',
    city: 'Berlin',
    lat: 52.5,
    lng: 13.42,
    tier: 'A',
    score: 81,
    website: 'https://sauerteig.example/',
    hiring: false,
    industry: 'Food & Beverage',
  },
  {
    name: 'Kuchen Kontor',
    city: 'Potsdam',
    lat: 52.39,
    lng: 13.06,
    tier: 'B',
    score: 64,
    website: 'https://kuchen-kontor.example/',
    hiring: null,
    industry: 'Food & Beverage',
  },
  {
    name: 'Café Mitte',
    city: 'Berlin',
    lat: 52.53,
    lng: 13.39,
    tier: 'C',
    score: 45,
    website: null,
    hiring: null,
    industry: 'Hospitality',
  },
  {
    name: 'Backstube Nord',
    city: 'Hamburg',
    lat: 53.55,
    lng: 9.99,
    tier: 'D',
    score: 12,
    website: null,
    hiring: null,
    industry: null,
  },
  {
    name: '=Formula Bakery',
    city: 'Leipzig',
    lat: null,
    lng: null,
    tier: null,
    score: null,
    website: null,
    hiring: null,
    industry: null,
  },
];

/**
 * A completed import session of a new venture (whose ICP names Food & Beverage, Berlin and Shopify) with the
 * BAKERIES, as `page`'s signed-in person, written with `db`; `run` makes its names unique.
 */
export async function seedBakerySession(
  page: Page,
  db: pg.Pool,
  run: string,
): Promise<{ sessionId: string; accountId: string }> {
  const venture = await callApi<{ venture_id: string }>(page, 'POST', '/ventures/create', {
    name: `Ovenly ${run}`,
    description: 'Ordering software for bakeries',
    icp: { industries: ['Food & Beverage'], locations: ['Berlin'], software_signals: ['Shopify'] },
  });
  expect(venture.status).toBe(201);
  const created = await callApi<{ id: string; account_id: string }>(page, 'POST', '/users/create_session', {
    name: `Bakeries ${run}`,
    type: 'import',
    venture_id: venture.body.venture_id,
  });
  expect(created.status).toBe(201);
  const sessionId = created.body.id;
  const accountId = created.body.account_id;
  const runId = randomUUID();
  await db.query(`update sessions set run_id = $1, status = 'completed', finished_at = now() where id = $2`, [
    runId,
    sessionId,
  ]);
  for (const [index, bakery] of BAKERIES.entries()) {
    const id = randomUUID();
    const domain = bakery.website ? new URL(bakery.website).hostname : null;
    const sources = [
      {
        source: 'osm',
        source_ref: `node/${1000 + index}`,
        url: `https://www.openstreetmap.org/node/${1000 + index}`,
        observed_at: '2026-03-01T08:00:00.000Z',
      },
    ];
    await db.query(
      `insert into businesses (id, account_id, session_id, run_id, dedupe_key, name, website, domain, city, country,
         lat, lng, category, source, source_ref, sources, enrichment_state, summary, industry, hiring, icp_score, icp_tier)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'DE', $10, $11, 'bakery', 'osm', $12, $13, $14, $15, $16, $17, $18, $19)`,
      [
        id,
        accountId,
        sessionId,
        runId,
        `name:${bakery.name.toLowerCase()}`,
        bakery.name,
        bakery.website,
        domain,
        bakery.city,
        bakery.lat,
        bakery.lng,
        sources[0]?.source_ref,
        JSON.stringify(sources),
        bakery.tier ? 'done' : 'pending',
        bakery.website ? `${bakery.name} bakes bread in ${bakery.city}.` : null,
        bakery.industry,
        bakery.hiring,
        bakery.score,
        bakery.tier,
      ],
    );
    if (!bakery.website) continue;
    const pages = [
      { url: bakery.website, role: 'home', fetched_at: '2026-03-02T09:15:00.000Z' },
      { url: `${bakery.website}kontakt`, role: 'contact', fetched_at: '2026-03-02T09:16:00.000Z' },
    ];
    const results: [string, Record<string, unknown>][] = [
      [
        'software_detection',
        {
          technologies: [
            {
              name: 'Shopify',
              categories: [{ id: 6, name: 'Ecommerce' }],
              version: '2.1',
              confidence: 100,
              evidence: [{ type: 'scriptSrc', match: 'cdn.shopify.com/s/files', url: bakery.website }],
            },
          ],
          pages,
        },
      ],
      [
        'ai_summary',
        {
          summary: `${bakery.name} bakes bread in ${bakery.city}.`,
          services: ['Bread', 'Cakes'],
          contacts: [{ kind: 'email', value: `hallo@${domain}`, source_url: `${bakery.website}kontakt` }],
          pages,
        },
      ],
      [
        'career_analysis',
        {
          hiring: bakery.hiring,
          careers_url: `${bakery.website}jobs`,
          ats: bakery.hiring ? 'Personio' : null,
          roles: bakery.hiring
            ? [
                {
                  title: 'Bäcker (m/w/d)',
                  department: 'Backstube',
                  location: bakery.city,
                  url: `${bakery.website}jobs/baecker`,
                },
              ]
            : [],
          pages,
        },
      ],
      [
        'icp_analysis',
        {
          score: bakery.score,
          tier: bakery.tier,
          reasons: [
            {
              criterion: 'Industry matches Food & Beverage',
              matched: true,
              weight: 30,
              points: 30,
              evidence: bakery.industry,
            },
            { criterion: 'Runs Shopify', matched: true, weight: 20, points: 20, evidence: 'cdn.shopify.com' },
          ],
        },
      ],
    ];
    for (const [type, data] of results) {
      await db.query(
        `insert into enrichment_results (account_id, business_id, type, data, produced_by, source_url, observed_at)
         values ($1, $2, $3, $4, 'builtin', $5, '2026-03-02T09:20:00.000Z')`,
        [accountId, id, type, JSON.stringify(data), bakery.website],
      );
    }
  }
  return { sessionId, accountId };
}
