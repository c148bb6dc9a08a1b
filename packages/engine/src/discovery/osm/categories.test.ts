import { describe, expect, it } from 'vitest';
import { CATEGORIES, categoryKey, escapeRegex, resolveCategory, resolveQuery } from './categories';
import { buildOverpassQuery } from './overpass-query';

describe('categories', () => {
  it('has at least 60 everyday categories, each with synonyms and OSM filters', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(60);
    for (const category of CATEGORIES) {
      expect(category.synonyms.length, category.id).toBeGreaterThan(0);
      expect(category.osm.length, category.id).toBeGreaterThan(0);
    }
    const ids = CATEGORIES.map((c) => c.id);
    // biome-ignore format: compact
    for (const id of ['dentist', 'plumber', 'hair salon', 'bakery', 'gym', 'law firm', 'accountant', 'restaurant', 'cafe', 'bar', 'florist', 'optician', 'pharmacy', 'veterinarian', 'car repair', 'electrician', 'hotel', 'yoga studio', 'kindergarten', 'real estate agent', 'insurance agent', 'architect', 'photographer', 'tattoo', 'bike shop', 'bookstore', 'butcher', 'fast food', 'vegan restaurant']) {
      expect(ids).toContain(id);
    }
  });

  it('resolves every id and synonym to its own category', () => {
    for (const category of CATEGORIES) {
      for (const term of [category.id, ...category.synonyms]) {
        expect(resolveCategory(term)?.id, term).toBe(category.id);
      }
    }
  });

  it('ignores case, accents, plurals and extra spaces', () => {
    expect(resolveCategory('  Dentists ')?.id).toBe('dentist');
    expect(resolveCategory('HAIR SALONS')?.id).toBe('hair salon');
    expect(resolveCategory('bakeries')?.id).toBe('bakery');
    expect(resolveCategory('Cafés')?.id).toBe('cafe');
    expect(resolveCategory('Bäckerei')?.id).toBe('bakery');
    expect(resolveCategory('baeckerei')).toBeNull();
    expect(resolveCategory('Zahnärzte'.replace('ärzte', 'arzt'))?.id).toBe('dentist');
    expect(resolveCategory('pizzerias')?.id).toBe('pizza');
    expect(resolveCategory('B&B')?.id).toBe('guest house');
    expect(categoryKey('Hair-Salons')).toBe('hair salon');
  });

  it('maps to OSM tags', () => {
    expect(resolveCategory('dentist')?.filters).toEqual([
      [{ key: 'amenity', op: '=', value: 'dentist' }],
      [{ key: 'healthcare', op: '=', value: 'dentist' }],
    ]);
    expect(resolveCategory('vegan')?.filters[0]?.map((c) => c.key)).toEqual(['amenity', 'diet:vegan']);
  });

  it('falls back to an escaped, case-insensitive search on name, cuisine and description', () => {
    expect(resolveCategory('kombucha bar & co (new)')).toBeNull();
    const query = resolveQuery('kombucha.*(x)');
    expect(query.category).toBeNull();
    expect(query.filters.map((f) => f[0]?.key)).toEqual(['name', 'cuisine', 'description']);
    expect(query.filters[0]?.[0]).toEqual({
      key: 'name',
      op: '~',
      value: 'kombucha\\.\\*\\(x\\)',
      isCaseInsensitive: true,
    });
    const ql = buildOverpassQuery({ filters: query.filters, bbox: [51, 11, 52, 12] });
    expect(ql).toContain(
      'nwr["name"~"kombucha\\\\.\\\\*\\\\(x\\\\)",i][~"^(shop|amenity|craft|office|healthcare|leisure|tourism)$"~"."](51,11,52,12);',
    );
    expect(escapeRegex('a+b|c')).toBe('a\\+b\\|c');
  });

  it('narrows a known category with the words in front of it', () => {
    const query = resolveQuery('Italian restaurants');
    expect(query).toMatchObject({ category: 'restaurant', qualifier: 'Italian' });
    expect(query.filters).toHaveLength(3);
    expect(query.filters[1]).toEqual([
      { key: 'amenity', op: '=', value: 'restaurant' },
      { key: 'cuisine', op: '~', value: 'Italian', isCaseInsensitive: true },
    ]);
  });
});

describe('buildOverpassQuery', () => {
  it('builds QL for a bbox with out center tags, a timeout and a cap', () => {
    const filters = resolveCategory('pizza')?.filters ?? [];
    expect(
      buildOverpassQuery({ filters, bbox: [51.4, 11.85, 51.55, 12.05], timeoutSec: 30, maxCount: 500 }),
    ).toBe(
      '[out:json][timeout:30];\n(\n  nwr["amenity"~"^(restaurant|fast_food|cafe|food_court)$"]["cuisine"~"pizza"](51.4,11.85,51.55,12.05);\n);\nout center tags 500;\n',
    );
  });

  it('builds an around query and splits a bbox crossing the antimeridian', () => {
    const filters = [[{ key: 'amenity', op: '=' as const, value: 'cafe' }]];
    expect(buildOverpassQuery({ filters, around: { lat: 42, lng: 21.43, radiusM: 1500 } })).toContain(
      'nwr["amenity"="cafe"](around:1500,42,21.43);',
    );
    const ql = buildOverpassQuery({ filters, bbox: [-18, 178, -16, -179] });
    expect(ql).toContain('(-18,178,-16,180);');
    expect(ql).toContain('(-18,-180,-16,-179);');
  });

  it('escapes quotes and backslashes in values', () => {
    const ql = buildOverpassQuery({
      filters: [[{ key: 'name', op: '=', value: 'Pizza "Mamma"\\' }]],
      bbox: [1, 2, 3, 4],
    });
    expect(ql).toContain('["name"="Pizza \\"Mamma\\"\\\\"]');
  });
});
