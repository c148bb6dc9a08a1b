/**
 * The real, messy CSVs of ../shared/fixtures/csv: each must get the right automatic mapping and import with
 * the expected counts. Expected numbers are derived here from the data itself (csv-parse/sync, tldts), not
 * from the code under test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { getDomain } from 'tldts';
import { describe, expect, it } from 'vitest';
import { fixturesPresent } from '../fixtures-present';
import { type ImportBatch, importCsv } from './import';
import { suggestMapping } from './mapping';
import { previewCsv } from './parse';

const CSV_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/fixtures/csv');
const FILES = {
  chicago: 'chicago_business_licenses_w-chicago-ave.csv',
  gmaps: 'google-maps-scraper_gyro-restaurants_plano-frisco-tx.csv',
  yc: 'yc_companies_essential_data.csv',
};
const hasFixtures = fixturesPresent(
  Object.values(FILES).every((file) => existsSync(resolve(CSV_DIR, file))),
  `the CSV fixtures in ${CSV_DIR}`,
);
if (!hasFixtures)
  console.warn(`[engine/import] CSV fixtures not found in ${CSV_DIR} — the fixture tests are skipped.`);

const read = (file: string) => readFileSync(resolve(CSV_DIR, file));

/** The file as an independent parser sees it: header and rows as objects. */
function table(bytes: Buffer) {
  const [header = [], ...rows] = parse(bytes, { bom: true, relax_column_count: true }) as string[][];
  return rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])));
}

async function runImport(bytes: Uint8Array, batchSize = 1000) {
  const preview = await previewCsv(bytes);
  const mapping = suggestMapping(preview.headers, preview.rows);
  const batches: ImportBatch[] = [];
  for await (const batch of importCsv(bytes, mapping, { batchSize })) batches.push(batch);
  const last = batches[batches.length - 1];
  return {
    preview,
    mapping,
    batches,
    records: batches.flatMap((b) => b.records),
    rejected: batches.flatMap((b) => b.rejected),
    warnings: batches.flatMap((b) => b.warnings),
    progress: last?.progress,
  };
}

/**
 * Number of groups when rows sharing any of their keys, or `isSame` for a pair, are one group (union-find).
 */
function countGroups(keysPerRow: string[][], isSame?: (a: number, b: number) => boolean): number {
  const parent = keysPerRow.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    return root;
  };
  const union = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  const owner = new Map<string, number>();
  keysPerRow.forEach((keys, i) => {
    for (const key of keys) {
      const j = owner.get(key);
      if (j === undefined) owner.set(key, i);
      else union(i, j);
    }
    if (isSame) for (let j = 0; j < i; j++) if (isSame(i, j)) union(i, j);
  });
  return new Set(keysPerRow.map((_, i) => find(i))).size;
}

/** Metres between two points (haversine). */
function metres(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b[0] - a[0]) * rad) / 2) ** 2 +
    Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a[1]) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

const squash = (text: string | undefined) => (text ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

describe.skipIf(!hasFixtures)('CSV fixtures', () => {
  it('Chicago business licences: DBA name, address; duplicate licence terms merged', async () => {
    const bytes = read(FILES.chicago);
    const rows = table(bytes);
    const result = await runImport(bytes);

    expect(result.mapping).toMatchObject({
      name: 'DOING BUSINESS AS NAME',
      website: null,
      phone: null,
      address: 'ADDRESS',
      city: 'CITY',
      region: 'STATE',
      postal_code: 'ZIP CODE',
      lat: 'LATITUDE',
      lng: 'LONGITUDE',
      category: 'BUSINESS ACTIVITY',
    });
    expect(result.preview).toMatchObject({ delimiter: ',', encoding: 'utf-8', row_count: rows.length });
    expect(result.progress).toMatchObject({ rows: rows.length, accepted: rows.length, rejected: 0 });

    // One business per licence term: the same DBA name (the same words) at the same address, or within 50 m
    // (the address written differently: "5805 W CHICAGO AVE" / "5803 W CHICAGO AVE", "… 1ST"), is one.
    const dba = rows.map((r) =>
      (r['DOING BUSINESS AS NAME'] ?? '')
        .toLowerCase()
        .replace(/['’]/g, '')
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .join(' '),
    );
    const point = rows.map((r) => [Number(r.LATITUDE), Number(r.LONGITUDE)] as [number, number]);
    const byAddress = new Set(rows.map((r, i) => `${dba[i]}|${squash(r.ADDRESS)}`)).size;
    const expected = countGroups(
      rows.map((r, i) => [`${dba[i]}|${squash(r.ADDRESS)}`]),
      (a, b) => dba[a] === dba[b] && metres(point[a] as [number, number], point[b] as [number, number]) < 50,
    );
    expect(expected).toBeLessThan(byAddress);
    expect(result.records).toHaveLength(expected);
    expect(result.records.reduce((sum, r) => sum + r.sources.length, 0)).toBe(rows.length);
    expect(result.records.find((r) => r.name === 'LIBERTY TAX SERVICE')).toMatchObject({
      city: 'CHICAGO',
      region: 'IL',
      postal_code: '60651',
      country: 'US',
    });
  });

  it('google-maps-scraper: title, website, phone to E.164, address split; same domain or phone merged', async () => {
    const bytes = read(FILES.gmaps);
    const rows = table(bytes);
    const result = await runImport(bytes);

    expect(result.mapping).toMatchObject({
      name: 'title',
      website: 'website',
      phone: 'phone',
      address: 'address',
      email: 'emails',
      category: 'category',
      lat: 'latitude',
      lng: 'longitude',
      rating: 'review_rating',
      review_count: 'review_count',
    });
    expect(result.progress).toMatchObject({ rows: rows.length, accepted: rows.length, rejected: 0 });
    expect(result.warnings).toEqual([]);

    const digits = (phone: string | undefined) => (phone ?? '').replace(/\D/g, '');
    const expected = countGroups(
      rows.map((r) => {
        const domain = r.website ? getDomain(r.website) : null;
        return [
          ...(domain ? [`d:${domain}`] : []),
          ...(digits(r.phone) ? [`p:${digits(r.phone)}`] : []),
          `a:${squash(r.title)}|${squash(r.address)}`,
        ];
      }),
    );
    expect(result.records).toHaveLength(expected);
    const phones = result.records.flatMap((r) => (r.phone ? [r.phone] : []));
    expect(phones.length).toBeGreaterThan(0);
    for (const phone of phones) expect(phone).toMatch(/^\+1\d{10}$/);
    expect(result.records.find((r) => r.phone === '+14692872159')).toMatchObject({
      name: 'The Gyro Shop',
      domain: 'thegyroshoptx.com',
      address: '8549 Gaylord Pkwy #111',
      city: 'Frisco',
      region: 'TX',
      postal_code: '75034',
      rating: 4.4,
      review_count: 564,
    });
  });

  it('YC companies: 4,423 rows stream through in bounded batches; same website merged across batches', async () => {
    const bytes = read(FILES.yc);
    const result = await runImport(bytes, 500);
    expect(result.preview.row_count).toBe(4423); // as the fixtures README counts them

    expect(result.mapping).toMatchObject({
      name: 'name',
      website: 'website',
      phone: null,
      address: 'all_locations',
      category: 'industry',
    });
    expect(result.progress).toMatchObject({ rows: 4423, accepted: 4423, rejected: 0 });
    expect(result.batches).toHaveLength(Math.ceil(4423 / 500));
    for (const batch of result.batches)
      expect(batch.records.length + batch.rejected.length).toBeLessThanOrEqual(500);

    // Lines are physical: multi-line descriptions push the last row far past line 4,424.
    const lastLine = Number(result.records.at(-1)?.sources.at(-1)?.source_ref?.replace('line/', ''));
    expect(lastLine).toBe(
      readFileSync(resolve(CSV_DIR, FILES.yc), 'utf8')
        .trimEnd()
        .split(/\r\n|\r|\n/).length,
    );

    // http vs https and www. or not make no difference; a business domain shared by two rows of one company
    // ("Tap to Learn", "TapToLearn") merges them, also when the rows fall in different batches (the later one
    // takes the earlier dedupe_key). Different companies on one site (three on github.com, Storyline on its
    // acquirer's producthunt.com) stay apart: a shared website alone does not make different names one.
    const letters = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const companies = new Set(
      result.records.flatMap((r) => (r.domain ? [`${r.domain}|${letters(r.name)}`] : [])),
    );
    const distinctKeys = new Set(result.records.map((r) => r.dedupe_key));
    expect(companies.size).toBe(distinctKeys.size - result.records.filter((r) => !r.domain).length);
    expect(result.records.filter((r) => r.domain === 'github.com')).toHaveLength(3);
    const tapToLearn = result.records.filter((r) => r.domain === 'taptolearn.com');
    expect(new Set(tapToLearn.map((r) => r.dedupe_key)).size).toBe(1);
    const progress = result.progress ?? { merged: 0, linked: 0 };
    expect(result.records.length - progress.linked).toBe(distinctKeys.size);
    expect(result.records.find((r) => r.name === 'Wufoo')).toMatchObject({
      website: 'http://wufoo.com/',
      domain: 'wufoo.com',
      city: 'Tampa',
      region: 'FL',
      country: 'US',
      category: 'B2B',
    });
  });
});
