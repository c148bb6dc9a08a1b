import { describe, expect, it } from 'vitest';
import {
  decodeFeatures,
  encodeFeatures,
  featuresOf,
  matchCustomers,
  rankLookalikes,
  type SimilarityBusiness,
  stem,
  termsOf,
} from './index';

const wineShop = (id: string, extra: Partial<SimilarityBusiness> = {}): SimilarityBusiness => ({
  id,
  name: `Weinhandel ${id}`,
  category: 'Wine shop',
  industry: 'Retail',
  software: [
    { name: 'Shopware', categories: [6] },
    { name: 'Klarna Checkout', categories: [41, 91] },
    { name: 'Google Analytics', categories: [10] },
  ],
  employees: 20,
  text: 'Weine aus Franken und Italien, Weinproben und Lieferung nach Hause.',
  language: 'de',
  lat: 49.79,
  lng: 9.95,
  ...extra,
});

const bakery = (id: string, extra: Partial<SimilarityBusiness> = {}): SimilarityBusiness => ({
  id,
  name: `Bäckerei ${id}`,
  category: 'Bakery',
  industry: 'Food & Beverage',
  software: [
    { name: 'Google Analytics', categories: [10] },
    { name: 'WordPress', categories: [1, 11] },
  ],
  employees: 8,
  text: 'Frisches Brot und Brötchen jeden Morgen, Kuchen und Torten.',
  language: 'de',
  lat: 48.14,
  lng: 11.58,
  ...extra,
});

describe('words', () => {
  it('meets inflections of one word and drops stop words, in the site language', () => {
    expect(stem('weine', 'de')).toBe(stem('wein', 'de'));
    expect(stem('wines', 'en')).toBe(stem('wine', 'en'));
    expect(termsOf('Die Weine und der Wein', 'de').map((t) => t.stem)).toEqual(['wein', 'wein']);
    expect(termsOf('Les vins et la dégustation', 'fr').map((t) => t.word)).toEqual(['vins', 'degustation']);
  });

  it('reads an unknown language as English and a blank text as no terms', () => {
    expect(termsOf('the wines', 'xx').map((t) => t.stem)).toEqual(['wine']);
    expect(termsOf(null, 'de')).toEqual([]);
  });
});

describe('rankLookalikes', () => {
  const seeds = [wineShop('s1'), wineShop('s2', { software: [{ name: 'Shopware', categories: [6] }] })];
  const population = [
    bakery('b1'),
    bakery('b2'),
    wineShop('w1', { name: 'Vinothek Main', lat: 49.8, lng: 10.05 }),
    wineShop('w2', { software: [], employees: null }),
    bakery('b3', { category: 'Wine shop' }),
    ...seeds,
  ];

  it('ranks the businesses like the seeds first, scores 0–1, and leaves the seeds out', () => {
    const { ranked } = rankLookalikes(seeds, population);
    expect(ranked.map((r) => r.id)).toEqual(['w1', 'w2', 'b3', 'b1', 'b2']);
    for (const r of ranked) {
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(1);
      const parts = Object.values(r.contributions ?? {}).reduce((a, b) => a + b, 0);
      expect(Math.abs(parts - r.score)).toBeLessThan(0.01);
    }
    expect(ranked[0]?.score).toBeGreaterThan(0.8);
    expect(ranked.at(-1)?.score).toBeLessThan(0.2);
  });

  it('weighs a rare tool above one everybody has', () => {
    const withRare = { ...bakery('x1'), software: [{ name: 'Shopware', categories: [6] }] };
    const withCommon = {
      ...bakery('x2'),
      software: [{ name: 'Google Analytics', categories: ['Analytics'] }],
    };
    const { ranked } = rankLookalikes(seeds, [...population, withRare, withCommon]);
    const rare = ranked.find((r) => r.id === 'x1');
    const common = ranked.find((r) => r.id === 'x2');
    expect(rare?.contributions?.software ?? 0).toBeGreaterThan((common?.contributions?.software ?? 0) * 3);
  });

  it('explains in words what is shared and what differs', () => {
    const { ranked } = rankLookalikes(seeds, population, { distance: true });
    const best = ranked.find((r) => r.id === 'w1')?.explanation;
    expect(best?.text).toContain('Wine shop, as 100% of the seeds are');
    expect(best?.text).toContain('uses Shopware and Klarna Checkout');
    expect(best?.text).toContain('10–50 staff');
    expect(best?.reasons.some((r) => /^\d+(\.\d)? km from Weinhandel s/.test(r))).toBe(true);
    expect(best?.distance_km).toBeGreaterThan(3);
    const bare = ranked.find((r) => r.id === 'w2')?.explanation;
    expect(bare?.differences).toEqual(
      expect.arrayContaining(['no business software known (not enriched, or none found)', 'size not known']),
    );
    const baker = ranked.find((r) => r.id === 'b1')?.explanation;
    expect(baker?.differences).toEqual(expect.arrayContaining(['Bakery, not Wine shop']));
  });

  it('names only telling words, not those most businesses use', () => {
    const withCommon = (b: SimilarityBusiness) => ({ ...b, text: `${b.text} Qualität seit Jahren.` });
    const { ranked } = rankLookalikes(seeds.map(withCommon), population.map(withCommon));
    const text = ranked.find((r) => r.id === 'w1')?.explanation?.text ?? '';
    expect(text).toContain('its site says “weine”');
    expect(text).not.toContain('qualitat');
  });

  it('lists in the locale asked for', () => {
    const { ranked } = rankLookalikes(seeds, population, { locale: 'de' });
    expect(ranked[0]?.explanation?.text).toContain('uses Shopware und Klarna Checkout');
  });

  it('counts distance only when asked, and only features the seeds have', () => {
    const far = wineShop('far', { lat: -33.9, lng: 151.2 });
    const without = rankLookalikes(seeds, [...population, far]).ranked.find((r) => r.id === 'far');
    const withDistance = rankLookalikes(seeds, [...population, far], { distance: true }).ranked.find(
      (r) => r.id === 'far',
    );
    expect(without?.contributions).not.toHaveProperty('distance');
    expect(withDistance?.score ?? 1).toBeLessThan(without?.score ?? 0);
    const noSize = rankLookalikes([wineShop('s', { employees: null })], population);
    expect(noSize.profile.active).not.toContain('size');
  });

  it('ranks nothing against no seeds and survives businesses with no facts at all', () => {
    const empty = { id: 'e', name: 'Empty' };
    expect(rankLookalikes([], [empty]).ranked).toEqual([
      { id: 'e', score: 0, contributions: {}, explanation: expect.anything() },
    ]);
    const { ranked } = rankLookalikes(seeds, [empty, { ...empty, id: 'e2', lat: Number.NaN, lng: 500 }]);
    expect(ranked.every((r) => r.score === 0)).toBe(true);
    expect(featuresOf({ id: 'n', name: 'n', lat: Number.NaN, lng: 1 }).point).toBeNull();
  });
});

describe('matchCustomers', () => {
  const businesses = [
    { id: '1', name: 'Weinhaus Mayer GmbH', domain: 'weinhaus-mayer.de' },
    { id: '2', name: 'Vinothek am Markt', domain: null },
    { id: '3', name: 'Weinhaus Mayer', domain: 'weinhaus-mayer.de' },
  ];

  it('matches by registrable domain, then by name key, and names what matched nothing', () => {
    expect(
      matchCustomers(
        [
          'https://www.Weinhaus-Mayer.de/shop',
          'VINOTHEK AM MARKT e.K.',
          'Dr. Unknown',
          ' ',
          'nobody.example',
        ],
        businesses,
      ),
    ).toEqual({ ids: ['1', '3', '2'], unmatched: ['Dr. Unknown', 'nobody.example'] });
  });
});

describe('stored features', () => {
  it('read back as they were built, and refuse what is no such text', () => {
    const built = featuresOf(wineShop('w'));
    const read = decodeFeatures('w', built.name, encodeFeatures(built));
    expect(read).toEqual({ ...built, text: null, language: null });
    const seeds = [wineShop('s1')];
    expect(rankLookalikes(seeds, [read as NonNullable<typeof read>]).ranked[0]?.score).toBe(
      rankLookalikes(seeds, [built]).ranked[0]?.score,
    );
    expect(decodeFeatures('x', 'x', 'not json')).toBeNull();
    expect(decodeFeatures('x', 'x', '{"c": 1}')).toBeNull();
    expect(decodeFeatures('x', 'x', encodeFeatures(built).replace('"v":1', '"v":0'))).toBeNull();
  });
});
