/**
 * The CSV export against the real database, on the seeded session of results.fixtures.ts: RFC 4180 with a BOM
 * and a file name from the session, parsed back with a real CSV parser and compared row for row with the results
 * of the same query; nested facts flattened into cells; spreadsheet formulas neutralised; a header-only file when
 * nothing matches; and a 400 for a bad filter before anything is streamed.
 */
import { encodeFilters } from '@argo/contract';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestUser } from '../access/access.fixtures';
import { EVIL, type ResultsSession, seedResultsSession } from './results.fixtures';

let t: TestApp;
let viewer: TestUser;
let sessionId: string;
let page: ResultsSession['page'];

beforeAll(async () => {
  ({ t, viewer, sessionId, page } = await seedResultsSession());
});
afterAll(() => t?.close());

describe('GET /user/session/:id/export', () => {
  async function exportCsv(query: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/session/${sessionId}/export`,
      query,
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    return res;
  }
  const parse = (text: string) => {
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    return parsed.data;
  };

  it('streams RFC 4180 CSV with a BOM and a file name, rows equal to the results of the same query', async () => {
    const cases: Record<string, string>[] = [
      {},
      { search: 'dental', sortBy: 'name', sortOrder: 'asc' },
      { filters: encodeFilters({ icp_tier: ['A', 'B', null] }), sortBy: 'icp_score', sortOrder: 'desc' },
      { filters: encodeFilters({ software: { present: true }, city: ['Leeds', 'York'] }) },
    ];
    for (const query of cases) {
      const res = await exportCsv(query);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="dentists-plumbers-yorkshire-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(res.body).toContain('\r\n');
      const [header, ...rows] = parse(res.body);
      expect(header?.slice(0, 3)).toEqual(['id', 'name', 'website']);
      const results = await page({ ...query, pageSize: 5000 });
      expect(rows.map((r) => r[0])).toEqual(results.body.items.map((b: { id: string }) => b.id));
      const column = (name: string) => header?.indexOf(name) ?? -1;
      for (const [i, row] of rows.entries()) {
        const item = results.body.items[i];
        const plain = (v: unknown) => (v === null ? '' : String(v));
        expect(row[column('domain')]).toBe(plain(item.domain));
        expect(row[column('rating')]).toBe(plain(item.rating));
        expect(row[column('icp_tier')]).toBe(plain(item.icp_tier));
        expect(row[column('hiring')]).toBe(plain(item.hiring));
        expect(row[column('first_seen_at')]).toBe(item.first_seen_at);
        // The business software (infrastructure has its own column).
        expect(row[column('software')]).toBe(
          item.software
            .filter((s: { group: string }) => s.group === 'business')
            .map((s: { name: string; version: string | null }) =>
              s.version ? `${s.name} ${s.version}` : s.name,
            )
            .join('; '),
        );
      }
    }
  });

  it('flattens nested facts and neutralises formulas', async () => {
    const res = await exportCsv({ sortBy: 'name', sortOrder: 'asc' });
    const [header = [], ...rows] = parse(res.body);
    const get = (name: string, column: string) => {
      const row = rows.find((r) => r[1] === name || r[1] === `'${name}`);
      return row?.[header.indexOf(column)];
    };
    expect(get('Alpha Dental', 'sources')).toBe('osm:node/1; google_places:g1');
    expect(get('Alpha Dental', 'software')).toBe('WordPress 6.4; Stripe');
    expect(get('Alpha Dental', 'open_roles')).toBe('Dental Nurse (Leeds); Receptionist');
    expect(get('Alpha Dental', 'careers_url')).toBe('https://alpha-dental.example/jobs');
    expect(get('Alpha Dental', 'ats')).toBe('Personio');
    expect(get('Alpha Dental', 'services')).toBe('Implants; Orthodontics');
    expect(get('Alpha Dental', 'contacts')).toBe('email: hello@alpha-dental.example');
    expect(get('Alpha Dental', 'employee_estimate')).toBe('8');
    expect(get('Alpha Dental', 'icp_matched_criteria')).toBe('industry; hiring');
    expect(get('Alpha Dental', 'lng')).toBe('-1.55');
    expect(get('Gamma Dental', 'enrichment_error')).toBe('The site did not answer.');
    expect(get(EVIL, 'name')).toBe(`'${EVIL}`);
    expect(get(EVIL, 'city')).toBe("'+Leeds");
    expect(get(EVIL, 'category')).toBe("'@cmd");
    expect(get(EVIL, 'address')).toBe('\'-1 Quote "Street", Flat 2\nLeeds');
    expect(get(EVIL, 'summary')).toBe("'\tTabbed summary");
    // On the wire: the quote doubled, the field quoted.
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
  });

  it("writes the table's visible columns, the address one as street, postal code, country and coordinates", async () => {
    const res = await exportCsv({ columns: 'name,address,city', sortBy: 'name', sortOrder: 'asc' });
    expect(res.statusCode).toBe(200);
    const [header = [], ...rows] = parse(res.body);
    expect(header).toEqual(['name', 'address', 'postal_code', 'country', 'lat', 'lng', 'city', 'region']);
    const alpha = rows.find((r) => r[0] === 'Alpha Dental');
    expect(alpha?.slice(4, 6)).toEqual(['53.8', '-1.55']);
    expect(rows.find((r) => r[0] === `'${EVIL}`)?.[1]).toBe('\'-1 Quote "Street", Flat 2\nLeeds');
  });

  it('exports only the header when nothing matches, and answers 400 for a bad filter before streaming', async () => {
    const empty = await exportCsv({ search: 'no such business' });
    expect(empty.statusCode).toBe(200);
    expect(parse(empty.body)).toHaveLength(1);
    const bad = await exportCsv({ filters: encodeFilters({ rating: 'high' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('filters.rating: must be a number');
    const unknown = await exportCsv({ filters: JSON.stringify({ colour: 'red' }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('unknown filter field "colour"');
  });
});
