/**
 * What a user sees of an Overpass answer: the category of each place from all of its tags, no parks or benches,
 * unnamed businesses kept, and hotels merged with their own restaurants but not with a neighbour sharing a phone.
 * fixtures/mosel-valley.overpass.json is of our own making, shaped like a real answer for the Mosel valley
 * (hotels with restaurants, wineries, a Kurpark, a place tagged only building=hotel); the real answers of
 * ../shared/fixtures/osm are read in place.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mergeBusinesses } from '../../dedupe/merge';
import { fixturesPresent } from '../../fixtures-present';
import { resolveQuery } from './categories';
import { categorizeElement } from './element-category';
import { normalizeOverpassResponse, osmElementToBusiness } from './osm-element';

const HERE = dirname(fileURLToPath(import.meta.url));
const mosel = JSON.parse(readFileSync(resolve(HERE, 'fixtures/mosel-valley.overpass.json'), 'utf8'));
const SHARED = resolve(HERE, '../../../../../../shared/fixtures/osm');
const VEGGIE = resolve(SHARED, 'veggiekarte-local_halle-saale_vegan-friendly_overpass.json');
const SKOPJE = resolve(SHARED, 'FastFoodNearMe_skopje_fastfood_overpass.json');

/** The main category each element must get; null: it is no business and must not be returned. */
// biome-ignore format: one table
const EXPECTED: Record<number, string | null> = {
  1001: 'hotel', 1002: 'hotel', 1003: 'guest house', 1004: 'restaurant', 1005: 'winery', 1006: 'winery',
  1007: null, 1008: null, 1009: null, 1010: null, 1011: null, 1012: 'hotel', 1013: 'winery', 1014: 'restaurant',
  1015: null, 1016: 'restaurant', 1017: 'hotel', 1018: 'restaurant', 1019: 'hotel', 1020: 'restaurant',
  1021: 'winery', 1022: 'restaurant', 1023: 'pub', 1024: 'guest house', 1025: 'guest house', 1026: 'guest house',
  1027: 'hotel', 1028: 'ice cream', 1029: 'bakery', 1030: null, 1031: null, 1032: 'camp site', 1033: null,
  1034: 'doctor', 1035: 'travel agency', 1036: 'hotel', 1037: 'hotel', 1038: 'bank', 1039: 'bank',
  1040: 'liquor store',
};

const idOf = (ref: string | null) => Number(ref?.split('/')[1]);

describe('OSM categories from all of an element’s tags', () => {
  const { businesses, dropped } = normalizeOverpassResponse(mosel, { defaultCountry: 'DE' });
  const byId = new Map(businesses.map((b) => [idOf(b.source_ref), b]));

  it('gives every Mosel place its main category and drops what is not a business', () => {
    const got = Object.fromEntries(
      Object.keys(EXPECTED).map((id) => [id, byId.get(Number(id))?.category ?? null]),
    );
    expect(got).toEqual(Object.fromEntries(Object.entries(EXPECTED).map(([id, c]) => [id, c])));
    expect(dropped).toBe(Object.values(EXPECTED).filter((c) => c === null).length);
  });

  it('keeps the secondary categories: a hotel with a restaurant, a winery with a shop and a tavern', () => {
    expect(byId.get(1001)?.categories).toEqual(['hotel', 'restaurant']);
    expect(byId.get(1005)?.categories).toEqual(['winery', 'wine shop', 'restaurant']);
    expect(byId.get(1029)?.categories).toEqual(['bakery', 'cafe']);
    expect(byId.get(1004)?.categories).toBeUndefined();
  });

  it('names an unnamed business with a phone and a website after its operator, else its website', () => {
    expect(byId.get(1014)).toMatchObject({ name: 'Weingut Thanisch Erben', domain: 'thanisch-erben.de' });
    expect(byId.get(1013)).toMatchObject({ name: 'weinhaus-sonnenuhr.de', category: 'winery' });
    expect(byId.has(1015)).toBe(false); // no name, phone or website: nothing to call it
  });

  it('keeps both numbers of a tag holding two', () => {
    expect(byId.get(1027)).toMatchObject({ phone: '+4965315080', phones: ['+4965315080', '+496531508100'] });
  });

  it('names a search’s place by its main tag, and adds the searched category when it is about an outlet', () => {
    const restaurant = resolveQuery('restaurant');
    const options = {
      category: restaurant.category,
      categoryFilters: restaurant.filters,
      defaultCountry: 'DE',
    };
    const hotel = osmElementToBusiness(mosel.elements[0], options);
    expect(hotel).toMatchObject({ category: 'hotel', categories: ['hotel', 'restaurant'] });
    const pizza = resolveQuery('pizzeria');
    const pizzeria = mosel.elements.find((e: { id: number }) => e.id === 1022);
    expect(
      osmElementToBusiness(pizzeria, { category: pizza.category, categoryFilters: pizza.filters }),
    ).toMatchObject({ category: 'pizza', categories: ['pizza', 'restaurant'] });
  });

  it('returns a park only to a search that asked for parks', () => {
    const kurpark = mosel.elements.find((e: { id: number }) => e.id === 1007);
    expect(osmElementToBusiness(kurpark)).toBeNull();
    expect(osmElementToBusiness(kurpark, { query: 'Parks' })).toMatchObject({
      name: 'Kurpark',
      category: 'park',
    });
    expect(categorizeElement({ amenity: 'toilets' }, { query: 'public toilets' }).isKept).toBe(true);
    expect(categorizeElement({ amenity: 'toilets' }, { query: 'restaurant' }).isKept).toBe(false);
  });

  it('keeps a generic shop and reads a fuel station with a shop as a fuel station', () => {
    expect(categorizeElement({ shop: 'yes' })).toMatchObject({ isKept: true, category: null });
    expect(categorizeElement({ amenity: 'fuel', shop: 'convenience' }).categories).toEqual([
      'gas station',
      'convenience store',
    ]);
  });
});

describe('merging the Mosel places', () => {
  const { businesses } = normalizeOverpassResponse(mosel, { defaultCountry: 'DE' });
  const merged = mergeBusinesses(businesses);
  const find = (id: number) => merged.find((m) => m.sources.some((s) => idOf(s.source_ref) === id));

  it('names a hotel and its restaurant after the hotel, with the restaurant as an alias', () => {
    expect(find(1016)).toBe(find(1017));
    expect(find(1016)).toMatchObject({
      name: 'Parkhotel Bad Bertrich',
      aliases: ['Kartoffelstube'],
      category: 'hotel',
      categories: ['hotel', 'restaurant'],
      email: 'info@parkhotel-bad-bertrich.de',
    });
    expect(find(1016)?.websites).toEqual([
      'https://www.parkhotel-bad-bertrich.de/',
      'https://www.parkhotel-bad-bertrich.de/kartoffelstube',
    ]);
    expect(find(1018)).toMatchObject({ name: 'Schloss Lieser', aliases: ['Restaurant Puricelli'] });
  });

  it('names a winery and its tavern after the winery its website is named for', () => {
    expect(find(1020)).toMatchObject({
      name: 'Weingut Karp-Schreiber',
      aliases: ['Gutsausschank im Gewölbekeller'],
      category: 'winery',
    });
  });

  it('does not merge businesses that share only a phone, and loses no website', () => {
    expect(find(1022)).not.toBe(find(1023));
    const houses = [1024, 1025, 1026].map(find);
    expect(new Set(houses).size).toBe(3);
    expect(houses.map((h) => h?.website)).toEqual([
      'https://gaestehaus-mosella.de/',
      'https://ferienhaus-rebenblick.de/',
      null,
    ]);
    expect(new Set(merged.map((m) => m.dedupe_key)).size).toBe(merged.length);
  });

  it('merges one hotel mapped twice, and one bank’s branches sharing its website and number', () => {
    expect(find(1036)).toBe(find(1037));
    expect(find(1038)).toBe(find(1039));
    expect(merged).toHaveLength(26);
  });
});

describe.runIf(fixturesPresent(existsSync(VEGGIE) && existsSync(SKOPJE), 'the Overpass fixtures'))(
  'real Overpass answers',
  () => {
    it('Halle: the hotel with a restaurant is a hotel, the bakery with a café a bakery; every place kept', () => {
      const json = JSON.parse(readFileSync(VEGGIE, 'utf8'));
      const { businesses, dropped } = normalizeOverpassResponse(json);
      const named = (json.elements as Array<{ tags?: Record<string, string> }>).filter((e) => e.tags?.name);
      expect(businesses).toHaveLength(named.length);
      expect(dropped).toBe(json.elements.length - named.length);
      expect(businesses.find((b) => b.name === 'Alte Apotheke')).toMatchObject({
        category: 'hotel',
        categories: ['hotel', 'restaurant'],
      });
      expect(businesses.find((b) => b.name === 'KornLiebchen')).toMatchObject({
        category: 'bakery',
        categories: ['bakery', 'cafe'],
      });
    });

    it('Skopje: fast-food places stay fast food; unnamed ones without contacts are left out', () => {
      const json = JSON.parse(readFileSync(SKOPJE, 'utf8'));
      const { businesses } = normalizeOverpassResponse(json);
      const withName = (json.elements as Array<{ tags?: Record<string, string> }>).filter(
        (e) => e.tags?.name,
      );
      expect(businesses).toHaveLength(withName.length);
      const counts = new Map<string | null, number>();
      for (const b of businesses) counts.set(b.category, (counts.get(b.category) ?? 0) + 1);
      expect(counts.get('fast food')).toBe(withName.length - 2);
      expect(businesses.find((b) => b.name === 'Жито Леб')?.categories).toEqual(['bakery', 'fast food']);
    });
  },
);
