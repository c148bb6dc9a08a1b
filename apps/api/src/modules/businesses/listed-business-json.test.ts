/**
 * A results page's rows as PostgreSQL writes them (listed-business-json.ts) against toListedBusiness, the mapper
 * the drawer and the legacy rows use, on the real database: every nullable field empty and set, text that needs
 * escaping, the imported columns, primary contacts and tiers the mapper cleans, timestamps with microseconds; a row
 * with a legacy detection left to the API; and migration 0020 rewriting what earlier versions stored.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Business } from '@argo/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { findMigrationsFolder } from '../../db/migrate';
import { businesses, enrichmentResults, type NewBusinessRow, sessions } from '../../db/schema';
import { createAdmin, createSession, type TestUser } from '../access/access.fixtures';
import { toListedBusiness } from './businesses.mapper';
import { listedBusinessJson } from './listed-business-json';
import { findListedBusinesses, withRowsWritten } from './results.repository';

let t: TestApp;
let admin: TestUser;
let sessionId: string;
const runId = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  sessionId = await createSession(t, admin);
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
});
afterAll(() => t?.close());

const contact = {
  name: 'Jana Nováková',
  role: 'Owner',
  seniority: 'owner_founder',
  email: 'jana@example.cz',
  phone: '+420123456789',
  linkedin_url: null,
  source_url: 'https://example.cz/team',
};

/** Every variant the mapper treats apart, as stored rows. */
const VARIANTS: Array<Partial<NewBusinessRow> & { name: string }> = [
  { name: 'Only a name' },
  {
    name: 'Ünïcødé "Quoted" \\ Back\\slash\nnew line\t😀',
    website: 'https://example.cz/',
    domain: 'example.cz',
    email: 'hello@example.cz',
    phone: '+420123456789',
    address: 'Náměstí 1, "Dům"',
    city: 'Brno',
    region: 'Jihomoravský kraj',
    postalCode: '602 00',
    country: 'CZ',
    lat: 0.00001,
    lng: -122.41941550000001,
    category: 'bakery',
    categories: ['bakery', 'café "Nr. 1"', 'a\\b'],
    aliases: ['Pekárna'],
    phones: ['+420123456789', '+420987654321'],
    websites: ['https://example.cz/', 'https://example.com/'],
    isClosed: true,
    source: 'import',
    sources: [
      { source: 'import', source_ref: 'row 2', observed_at: '2026-01-03T00:00:00.000Z' },
      {
        source: 'competitor',
        source_ref: null,
        url: 'https://vendor.example/customers',
        snippet: 'Loved by "Pekárna" & co.',
      },
    ],
    sourceRef: 'row 2',
    rating: 4.7,
    reviewCount: 12,
    enrichmentState: 'failed',
    enrichmentError: 'The site did not answer.',
    summary: 'Sourdough — and <b>more</b>.',
    industry: 'Food & Drink',
    hiring: true,
    icpScore: 77,
    icpTier: 'B',
    decisionMaker: true,
    primaryContact: contact,
    attributes: { employees: 12, public: false, founded: '2001-05-01', note: 'a "b" \\ c', ratio: 0.1 },
  },
  { name: 'Contact without a name', primaryContact: { ...contact, name: '' }, hiring: false },
  {
    name: 'Contact with an unknown seniority and fields left out',
    primaryContact: { name: 'Sam', seniority: 'boss' } as unknown as NewBusinessRow['primaryContact'],
    decisionMaker: false,
  },
  { name: 'Tier that is none', icpTier: 'Z', icpScore: 0, rating: 3.3, lat: 52.520008, lng: 13.404954 },
];

async function seed(rows: typeof VARIANTS): Promise<string[]> {
  const stored = await t.database.db
    .insert(businesses)
    .values(
      rows.map((row, i) => ({
        accountId: admin.accountId,
        sessionId,
        runId,
        dedupeKey: randomUUID(),
        source: 'osm',
        firstSeenAt: new Date(Date.UTC(2026, 0, 10 + i, 8, 30, 15, 123)),
        ...row,
      })),
    )
    .returning({ id: businesses.id });
  return stored.map((row) => row.id);
}

async function writtenJson(ids: string[]): Promise<Map<string, string | null>> {
  const rows = await t.database.db
    .select({ id: businesses.id, json: listedBusinessJson })
    .from(businesses)
    .where(inArray(businesses.id, ids));
  return new Map(rows.map((row) => [row.id, row.json]));
}

/** The mapper's Business as it reaches a client: through JSON. */
async function mapped(ids: string[]): Promise<Map<string, unknown>> {
  const rows = await findListedBusinesses(t.database.db, ids);
  return new Map(rows.map((row) => [row.id, JSON.parse(JSON.stringify(toListedBusiness(row)))]));
}

describe('listedBusinessJson', () => {
  it('writes each row exactly as toListedBusiness maps it, in the contract’s shape', async () => {
    const ids = await seed(VARIANTS);
    // Software as an enrichment stores it (the trigger keeps listed_software): business and infrastructure,
    // a version, a category, and malformed entries.
    const detection = (name: string, group: string, extra: Record<string, unknown> = {}) => ({
      name,
      slug: name.toLowerCase(),
      categories: [{ id: 6, name: 'Ecommerce' }],
      version: null,
      confidence: 100,
      group,
      evidence: [{ type: 'meta', match: name, url: 'https://example.cz/' }],
      ...extra,
    });
    await t.database.db.insert(enrichmentResults).values(
      [ids[1], ids[2]].map((businessId, i) => ({
        accountId: admin.accountId,
        businessId: businessId as string,
        type: 'software_detection' as const,
        data: {
          technologies: [
            detection('Shopify', 'business', { version: '2.0' }),
            detection('PHP', 'infrastructure'),
            detection('Klaviyo', 'business', { categories: [], confidence: '90', version: 3 }),
            { group: 'business', version: '1' },
            ...(i === 0 ? [detection('Stripe "Pay"', 'business', { categories: 'none' })] : []),
          ],
        },
        producedBy: 'builtin' as const,
        sourceUrl: 'https://example.cz/',
      })),
    );
    // Microseconds, which a JavaScript Date drops.
    await t.database.pool.query(
      "UPDATE businesses SET updated_at = '2026-03-04 05:06:07.891234+00' WHERE id = ANY($1::uuid[])",
      [ids],
    );

    const written = await writtenJson(ids);
    const expected = await mapped(ids);
    for (const id of ids) {
      const json = written.get(id);
      expect(json, `row ${id}`).toEqual(expect.any(String));
      const sent = JSON.parse(json as string);
      expect(sent).toEqual(expected.get(id));
      // Exactly the contract's keys and types: nothing the contract check would strip or reject.
      expect(Business.parse(sent)).toEqual(sent);
    }
    const full = JSON.parse(written.get(ids[1] as string) as string);
    expect(full.software.map((s: { name: string }) => s.name)).toEqual([
      'Shopify',
      'Klaviyo',
      'Stripe "Pay"',
    ]);
    expect(full.updated_at).toBe('2026-03-04T05:06:07.891Z');
    expect(full.attributes).toEqual(VARIANTS[1]?.attributes);
    expect(JSON.parse(written.get(ids[0] as string) as string)).not.toHaveProperty('attributes');
  });

  it('leaves a row whose stored software has a detection without a group to the API (the page maps it)', async () => {
    const [id] = await seed([{ name: 'Legacy detection' }]);
    await t.database.pool.query('UPDATE businesses SET listed_software = $2 WHERE id = $1', [
      id,
      JSON.stringify([
        { name: 'Stripe', categories: [{ id: 41, name: 'Payment processors' }], evidence: [] },
      ]),
    ]);
    expect((await writtenJson([id as string])).get(id as string)).toBeNull();
    const res = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: admin.token,
      query: { filters: JSON.stringify({ name: 'Legacy detection' }) },
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0].software).toEqual([
      { name: 'Stripe', category: 'Payment processors', version: null, confidence: 0, group: 'business' },
    ]);
  });

  it('migration 0020 rewrites sources and listed_software stored in the earlier shapes', async () => {
    const [id] = await seed([{ name: 'Stored by an earlier version' }]);
    await t.database.db.insert(enrichmentResults).values({
      accountId: admin.accountId,
      businessId: id as string,
      type: 'software_detection',
      data: {
        technologies: [
          {
            name: 'Wix',
            categories: [{ id: 1, name: 'CMS' }],
            version: null,
            confidence: 100,
            group: 'business',
            evidence: [],
          },
        ],
      },
      producedBy: 'builtin',
      sourceUrl: 'https://example.cz/',
    });
    // As migration 0019 kept them, and sources without source_ref or with a key the contract lacks.
    await t.database.pool.query('UPDATE businesses SET listed_software = $2, sources = $3 WHERE id = $1', [
      id,
      JSON.stringify([
        {
          name: 'Wix',
          version: null,
          confidence: 100,
          group: 'business',
          categories: [{ id: 1, name: 'CMS' }],
        },
      ]),
      JSON.stringify([
        { source: 'osm', url: 'https://osm.org/node/1', tile: 3 },
        { source: 'import', source_ref: 'row 9' },
      ]),
    ]);
    const migration = await readFile(
      join(findMigrationsFolder(), '0020_listed_as_the_page_sends.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.database.pool.query(statement);

    const { rows } = await t.database.pool.query(
      'SELECT listed_software, sources FROM businesses WHERE id = $1',
      [id],
    );
    expect(rows[0].listed_software).toEqual([
      { name: 'Wix', category: 'CMS', version: null, confidence: 100, group: 'business' },
    ]);
    expect(rows[0].sources).toEqual([
      { source: 'osm', source_ref: null, url: 'https://osm.org/node/1' },
      { source: 'import', source_ref: 'row 9' },
    ]);
    const written = JSON.parse((await writtenJson([id as string])).get(id as string) as string);
    expect(written).toEqual((await mapped([id as string])).get(id as string));
  });
});

describe('withRowsWritten', () => {
  const stand = (id: string) => `{"unwritten":"${id}"}`;
  const row = (id: string) => `{"id":"${id}","attributes_like":{"unwritten":"${id}"}}`;
  const page = (items: string[], unwritten: string[]) => ({ items: items.join(','), unwritten, total: 9 });

  it('puts each mapped row in its stand-in’s place, first, between and last', () => {
    const written = new Map([
      ['a', '{"id":"a"}'],
      ['c', '{"id":"c"}'],
      ['e', '{"id":"e"}'],
    ]);
    const items = withRowsWritten(
      page([stand('a'), '{"id":"b"}', stand('c'), '{"id":"d"}', stand('e')], ['a', 'c', 'e']),
      written,
    );
    expect(JSON.parse(`[${items}]`).map((b: { id: string }) => b.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('leaves out a row deleted between the reads, with its comma', () => {
    for (const [items, gone] of [
      [[stand('a'), '{"id":"b"}'], 'a'],
      [['{"id":"b"}', stand('a'), '{"id":"c"}'], 'a'],
      [['{"id":"b"}', stand('a')], 'a'],
      [[stand('a')], 'a'],
    ] as const) {
      const out = withRowsWritten(page([...items], [gone]), new Map());
      expect(JSON.parse(`[${out}]`).map((b: { id: string }) => b.id)).toEqual(
        items.filter((item) => item !== stand(gone)).map((item) => JSON.parse(item).id),
      );
    }
  });

  it('replaces only a stand-in, never the same text inside a row', () => {
    const items = withRowsWritten(page([row('x'), stand('x')], ['x']), new Map([['x', '{"id":"x2"}']]));
    expect(items).toBe(`${row('x')},{"id":"x2"}`);
  });
});
