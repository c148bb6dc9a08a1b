/**
 * Built-in segmenting: 2–5 segments of at least 3 businesses each, named as a salesperson names a list (industry,
 * place, business tool, hiring, size), never by website furniture; or a reason in words when there cannot be two.
 */
import { describe, expect, it } from 'vitest';
import type { BusinessFacts } from './facts';
import { buildSegments, MIN_SEGMENT_SIZE } from './segments';

let n = 0;
const business = (over: Partial<BusinessFacts> = {}): BusinessFacts => {
  n++;
  return {
    id: `b${n}`,
    name: `Business ${n}`,
    website: null,
    category: null,
    city: null,
    region: null,
    country: null,
    industry: null,
    summary: null,
    rating: null,
    review_count: null,
    hiring: null,
    icp_score: null,
    icp_tier: null,
    software: [],
    software_urls: [],
    software_categories: [],
    employee_estimate: null,
    roles: [],
    careers_url: null,
    summary_url: null,
    source_url: null,
    domain: null,
    people: null,
    ...over,
  };
};
const times = (count: number, over: Partial<BusinessFacts>) =>
  Array.from({ length: count }, () => business(over));

// Wappalyzer categories: 72 appointment scheduling, 80 WordPress themes, 67 cookie compliance, 1 CMS.
const doctolib = { software: ['Doctolib'], software_urls: [null], software_categories: [[72]] };
const furniture = {
  software: ['WordPress', 'aThemes Sydney', 'Cookie Notice'],
  software_urls: [null, null, null],
  software_categories: [[1], [80], [67, 87]],
};

function expectWellFormed(result: ReturnType<typeof buildSegments>, asked: number) {
  expect(result.reason).toBeNull();
  const { segments } = result;
  expect(segments.length).toBeGreaterThanOrEqual(2);
  expect(segments.length).toBeLessThanOrEqual(Math.min(5, asked));
  const seen = new Set<string>();
  for (const s of segments) {
    expect(s.size).toBeGreaterThanOrEqual(MIN_SEGMENT_SIZE);
    expect(s.members).toHaveLength(s.size);
    for (const m of s.members) {
      expect(seen.has(m.id), `${m.id} is in two segments`).toBe(false);
      seen.add(m.id);
    }
    expect(s.name).not.toMatch(/WordPress|Sydney|Cookie|tier|&/);
  }
  expect(new Set(segments.map((s) => s.name)).size).toBe(segments.length);
}

describe('segments a salesperson would work through', () => {
  it('names them by industry, place and business tool: "Dental practices in Munich using Doctolib"', () => {
    const result = buildSegments(
      [
        ...times(4, { industry: 'Dental', city: 'Munich', ...doctolib, icp_score: 80 }),
        ...times(3, { industry: 'Dental', city: 'Munich', ...furniture, icp_score: 70 }),
        ...times(5, { industry: 'Restaurants, cafés & bars', city: 'Berlin', hiring: true, icp_score: 50 }),
        ...times(3, { industry: 'Hotels & accommodation', city: 'Waren', ...furniture, icp_score: 40 }),
      ],
      4,
    );
    expectWellFormed(result, 4);
    // Best scored first; the largest list (7 dental practices) split by the tool that divides it most evenly.
    const names = result.segments.map((s) => s.name);
    expect(names).toEqual([
      'Dental practices in Munich using Doctolib',
      'Other dental practices in Munich',
      'Hiring restaurants and cafés in Berlin',
      'Hotels and guesthouses in Waren',
    ]);
    expect(
      buildSegments(
        result.segments.flatMap((s) => s.members),
        3,
      ).segments.map((s) => s.name),
    ).toEqual([
      'Dental practices in Munich',
      'Hiring restaurants and cafés in Berlin',
      'Hotels and guesthouses in Waren',
    ]);
    const [first] = result.segments;
    expect(first?.criteria).toMatchObject({
      industries: ['Dental'],
      locations: ['Munich'],
      software_signals: ['Doctolib'],
      hiring_signal: null,
    });
    expect(result.segments[2]?.criteria.hiring_signal).toBe(true);
    expect(first?.stats.topSoftware).toEqual([{ name: 'Doctolib', count: 4 }]);
  });

  it('splits one homogeneous list into as many as asked for, each of at least 3', () => {
    const list = [
      ...times(6, { industry: 'Dental', city: 'Leeds', employee_estimate: 5 }),
      ...times(4, { industry: 'Dental', city: 'York', employee_estimate: 20 }),
      ...times(3, { industry: 'Dental', city: 'Leeds', employee_estimate: 30, hiring: true }),
    ];
    for (const asked of [2, 3, 4, 5]) {
      const result = buildSegments(list, asked);
      expectWellFormed(result, asked);
      for (const s of result.segments) expect(s.name).toMatch(/dental practices/i);
    }
    const names = buildSegments(list, 2).segments.map((s) => s.name);
    // Split by size, the most even split (6 and 7); all of the small ones are in Leeds, and the name says so.
    expect(names).toEqual([
      'Dental practices with 10–49 employees',
      'Dental practices in Leeds with 1–9 employees',
    ]);
  });

  it('asks for 5 and gives 5 when the businesses allow it, never more', () => {
    const list = [
      ...times(3, { industry: 'Dental', city: 'Leeds' }),
      ...times(3, { industry: 'Legal services', city: 'Leeds' }),
      ...times(3, { industry: 'Retail', city: 'York' }),
      ...times(3, { industry: 'Automotive', city: 'Hull' }),
      ...times(3, { industry: 'Real estate', city: 'Hull' }),
      ...times(3, { industry: 'Fitness & sports', city: 'Hull' }),
    ];
    const result = buildSegments(list, 9);
    expectWellFormed(result, 5);
    expect(result.segments).toHaveLength(5);
  });

  it('uses the listing category when there is no industry, and place or hiring when nothing else is shared', () => {
    const result = buildSegments(
      [...times(3, { category: 'hairdresser', city: 'Bonn' }), ...times(3, { city: 'Köln', hiring: true })],
      3,
    );
    expectWellFormed(result, 3);
    expect(result.segments.map((s) => s.name).sort()).toEqual([
      'Hairdressers in Bonn',
      'Hiring businesses in Köln',
    ]);
    expect(result.segments.find((s) => s.name === 'Hairdressers in Bonn')?.criteria.keywords).toEqual([
      'hairdresser',
    ]);
  });

  it('never segments by website furniture: themes, cookie banners and the CMS are no tools', () => {
    const result = buildSegments(
      [
        ...times(3, { industry: 'Hotels & accommodation', ...furniture }),
        ...times(3, { industry: 'Retail', ...furniture }),
      ],
      3,
    );
    expectWellFormed(result, 3);
    expect(result.segments.map((s) => s.name).sort()).toEqual(['Hotels and guesthouses', 'Shops']);
    for (const s of result.segments) {
      expect(s.criteria.software_signals).toEqual([]);
      expect(s.stats.topSoftware).toEqual([]);
    }
  });

  it('is deterministic: the same businesses in another order give the same segments', () => {
    const list = [
      ...times(4, { industry: 'Dental', city: 'Munich', ...doctolib }),
      ...times(4, { industry: 'Retail', city: 'Munich' }),
      ...times(3, { industry: 'Retail', city: 'Bonn' }),
    ];
    const names = (l: BusinessFacts[]) =>
      buildSegments(l, 3).segments.map(
        (s) =>
          `${s.name}:${s.members
            .map((m) => m.id)
            .sort()
            .join(',')}`,
      );
    expect(names([...list].reverse())).toEqual(names(list));
  });
});

describe('too few businesses to segment', () => {
  it('says why when there are fewer than 6 businesses', () => {
    const result = buildSegments(times(5, { industry: 'Dental', city: 'Leeds' }), 3);
    expect(result.segments).toEqual([]);
    expect(result.reason).toBe(
      'Profiles need at least 6 businesses (2 groups of 3); this session has 5. Discover or import more businesses first.',
    );
  });

  it('says why when no two groups of 3 share anything', () => {
    const result = buildSegments(
      [
        business({ industry: 'Dental', city: 'Leeds' }),
        business({ industry: 'Retail', city: 'York' }),
        business({ industry: 'Automotive', city: 'Hull' }),
        business({ industry: 'Legal services', city: 'Bonn' }),
        business({ industry: 'Real estate', city: 'Köln' }),
        business({ industry: 'Public sector', city: 'Ulm' }),
        business({ industry: 'Other', city: 'Graz' }),
      ],
      3,
    );
    expect(result.segments).toEqual([]);
    expect(result.reason).toMatch(
      /^These 7 businesses do not form 2 groups of at least 3 that share an industry, a place, business software, hiring or a company size\./,
    );
  });

  it('gives no segment of 1 or 2: six identical-looking businesses make one group, so no profiles', () => {
    const result = buildSegments(times(6, { industry: 'Dental', city: 'Leeds' }), 3);
    expect(result.segments).toEqual([]);
    expect(result.reason).toMatch(/do not form 2 groups of at least 3/);
  });
});

describe('names of industries outside the taxonomy', () => {
  it('says an imported label in ordinary words', () => {
    const result = buildSegments(
      [
        ...times(3, { industry: 'Food & Beverage', city: 'Berlin' }),
        ...times(3, { industry: 'Food & Beverage', city: 'Hamburg' }),
      ],
      2,
    );
    // The rest of the split are all in Berlin, and their name says so rather than "Other …".
    expect(result.segments.map((s) => s.name).sort()).toEqual([
      'Food and beverage businesses in Berlin',
      'Food and beverage businesses in Hamburg',
    ]);
  });
});
