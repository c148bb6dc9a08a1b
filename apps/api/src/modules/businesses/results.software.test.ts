/**
 * The software a results page lists and the `software` and `technology` filters read, against the real database, on
 * the seeded session of results.fixtures.ts: names in any case, lists, contains, present and none; a detection
 * replaced after the fact; business software apart from infrastructure; and the page, the drawer and the stored
 * listed_software agreeing for full, legacy and malformed detections.
 */
import { encodeFilters } from '@argo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestUser } from '../access/access.fixtures';
import { storeOutcome } from '../enrichment/enrichment-results.repository';
import { EVIL, type ResultsSession, seedResultsSession } from './results.fixtures';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let sessionId: string;
let ids: Record<string, string>;
let page: ResultsSession['page'];
let filtered: ResultsSession['filtered'];

beforeAll(async () => {
  ({ t, admin, viewer, sessionId, ids, page, filtered } = await seedResultsSession());
});
afterAll(() => t?.close());

/** Stores (replaces) Delta Bakery's software_detection result, as an enrichment does. */
const detect = (technologies: unknown[]) =>
  storeOutcome(t.database.db, {
    accountId: admin.accountId,
    businessId: ids['Delta Bakery'] as string,
    results: [
      {
        type: 'software_detection',
        data: { technologies },
        producedBy: 'builtin',
        sourceUrl: 'https://delta.example/',
        observedAt: new Date(),
      },
    ],
    columns: {},
  });

describe('GET /user/session/:id/results: software', () => {
  it('filters by software name (any case), list, contains, present and none; by any merged source', async () => {
    expect(await filtered({ software: 'wordpress' })).toEqual(['Alpha Dental']);
    expect(await filtered({ software: ['Shopify', 'Stripe'] })).toEqual(['Alpha Dental', 'Beta Plumbing']);
    expect(await filtered({ software: { contains: 'shop' } })).toEqual(['Beta Plumbing']);
    expect(await filtered({ software: { present: true } })).toEqual(['Alpha Dental', 'Beta Plumbing']);
    expect(await filtered({ software: null })).toEqual([EVIL, 'Delta Bakery', 'Gamma Dental']);
    expect(await filtered({ software: ['Shopify', null] })).toEqual([
      EVIL,
      'Beta Plumbing',
      'Delta Bakery',
      'Gamma Dental',
    ]);
    // Alpha was first found in OSM and merged with a Google Places record.
    expect(await filtered({ source: 'google_places' })).toEqual(['Alpha Dental']);
    expect(await filtered({ source: ['import'] })).toEqual(['Delta Bakery']);
  });

  it('follows a new software detection: the replaced result is what the software filter reads', async () => {
    // Malformed entries (no name, a number for a name, not an object) are not technologies.
    await detect([{ name: 'Wix', version: null }, { name: 42 }, 'Shopify', null, { version: '1' }]);
    expect(await filtered({ software: 'WIX' })).toEqual(['Delta Bakery']);
    expect(await filtered({ software: 'shopify' })).toEqual(['Beta Plumbing']);
    expect(await filtered({ software: null })).toEqual([EVIL, 'Gamma Dental']);
    await detect([]);
    expect(await filtered({ software: 'wix' })).toEqual([]);
    expect(await filtered({ software: null })).toEqual([EVIL, 'Delta Bakery', 'Gamma Dental']);
  });

  it('software matches the business software the table shows; technology every technology, infrastructure too', async () => {
    const detection = (name: string, group: 'business' | 'infrastructure', id: number) => ({
      name,
      slug: name.toLowerCase(),
      categories: [{ id, name: 'category' }],
      version: null,
      confidence: 100,
      group,
      evidence: [{ type: 'meta', match: name, url: 'https://delta.example/' }],
    });
    await detect([
      detection('Shopify', 'business', 6),
      detection('PHP', 'infrastructure', 27),
      detection('Open Graph', 'infrastructure', 19),
    ]);
    expect(await filtered({ software: 'shopify' })).toEqual(['Beta Plumbing', 'Delta Bakery']);
    expect(await filtered({ software: 'PHP' })).toEqual([]);
    expect(await filtered({ technology: 'PHP' })).toEqual(['Delta Bakery']);
    expect(await filtered({ technology: { contains: 'graph' } })).toEqual(['Delta Bakery']);
    expect(await filtered({ technology: ['WordPress', 'php'] })).toEqual(['Alpha Dental', 'Delta Bakery']);
    // A page lists the business software (the table's column); the drawer every detection, in the stored order.
    const delta = (await page({ filters: encodeFilters({ technology: 'php' }) })).body.items[0];
    expect(delta.software.map((s: { name: string; group: string }) => [s.name, s.group])).toEqual([
      ['Shopify', 'business'],
    ]);
    const opened = await t.call('GET', `/api/user/session/${sessionId}/businesses/${delta.id}`, {
      token: viewer.token,
    });
    expect(opened.body.software.map((s: { name: string; group: string }) => [s.name, s.group])).toEqual([
      ['Shopify', 'business'],
      ['PHP', 'infrastructure'],
      ['Open Graph', 'infrastructure'],
    ]);
    // What a page reads holds no infrastructure (migration 0018) and no evidence (0019) to be dropped on every page,
    // and is the very list the page sends (0020).
    const stored = await t.database.pool.query('SELECT listed_software FROM businesses WHERE id = $1', [
      delta.id,
    ]);
    expect(stored.rows[0].listed_software).toEqual([
      { name: 'Shopify', category: 'category', version: null, confidence: 100, group: 'business' },
    ]);
    expect(stored.rows[0].listed_software).toEqual(delta.software);
    // Infrastructure alone is no business software: "has software" means software someone chose.
    await detect([detection('PHP', 'infrastructure', 27)]);
    expect(await filtered({ software: { present: true } })).toEqual(['Alpha Dental', 'Beta Plumbing']);
    expect(await filtered({ software: null })).toEqual([EVIL, 'Delta Bakery', 'Gamma Dental']);
    expect(await filtered({ technology: { present: true } })).toEqual([
      'Alpha Dental',
      'Beta Plumbing',
      'Delta Bakery',
    ]);
    // A detection stored without a group (before groups existed) is grouped by its categories.
    await detect([{ name: 'Stripe', categories: [{ id: 41, name: 'Payment processors' }], evidence: [] }]);
    const stripe = (await page({ filters: encodeFilters({ software: 'stripe' }) })).body.items;
    expect(stripe.find((b: { name: string }) => b.name === 'Delta Bakery')?.software[0]).toMatchObject({
      name: 'Stripe',
      group: 'business',
    });
    // The table reads the detections trimmed (listed_software): its business software is exactly the drawer's,
    // derived from the whole stored result, for full detections, legacy ones and malformed entries alike.
    const shownAlike = async () => {
      const listed = (await page({ filters: encodeFilters({ name: 'Delta Bakery' }) })).body.items[0];
      const drawer = await t.call('GET', `/api/user/session/${sessionId}/businesses/${ids['Delta Bakery']}`, {
        token: viewer.token,
      });
      expect(drawer.status).toBe(200);
      expect(listed.software).toEqual(
        drawer.body.software
          .filter((software: { group: string }) => software.group === 'business')
          .map(({ evidence, ...software }: { evidence: string | null }) => software),
      );
      return drawer.body.software;
    };
    await detect([
      {
        ...detection('Elementor', 'business', 51),
        version: '3.7.4',
        categories: [
          { id: 51, name: 'Page builders' },
          { id: 87, name: 'WordPress plugins' },
        ],
        evidence: [
          {
            type: 'scriptSrc',
            match: '/wp-content/plugins/elementor/frontend.js?ver=3.7.4',
            url: 'https://delta.example/',
          },
          { type: 'dom', match: '[data-elementor-type]', url: 'https://delta.example/about' },
        ],
      },
      {
        name: 'PHP',
        categories: [{ id: 27, name: 'Programming languages' }],
        evidence: [{ type: 'implies' }],
      },
      { name: 'Odd', group: 'other', categories: 'none', evidence: 'none', confidence: '80' },
      { version: '1.0' },
      'jQuery',
    ]);
    expect(await shownAlike()).toEqual([
      {
        name: 'Elementor',
        category: 'Page builders',
        version: '3.7.4',
        confidence: 100,
        group: 'business',
        evidence: 'scriptSrc: /wp-content/plugins/elementor/frontend.js?ver=3.7.4 (https://delta.example/)',
      },
      {
        name: 'PHP',
        category: 'Programming languages',
        version: null,
        confidence: 0,
        group: 'infrastructure',
        evidence: null,
      },
      expect.objectContaining({ name: 'Odd', category: '', evidence: null }),
    ]);
    await detect([]);
    expect(await shownAlike()).toEqual([]);
  });
});
