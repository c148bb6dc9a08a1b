import { describe, expect, it } from 'vitest';
import { icpCriteria } from '../../../test/icp-criteria';
import type { PlaceArea } from '../../geo/area';
import { looseKey, postcodeKey } from './place-names';
import { matchLocation, matchPlace, type PlaceFacts } from './places';
import { scoreIcp } from './score';
import type { IcpFacts } from './types';

// Skopje's city outline, simplified to a hexagon ([lng, lat] as GeoJSON), with a hole where nothing is the city.
const SKOPJE: PlaceArea = {
  query: 'Skopje',
  name: 'Скопје',
  names: { name: 'Скопје', 'name:en': 'Skopje', 'name:sq': 'Shkup', 'name:mk': 'Скопје' },
  kind: 'city',
  countryCode: 'MK',
  postcode: null,
  bbox: [41.93, 21.3, 42.06, 21.58],
  polygons: [
    [
      [
        [21.3, 41.98],
        [21.38, 42.06],
        [21.52, 42.06],
        [21.58, 41.98],
        [21.5, 41.93],
        [21.36, 41.93],
        [21.3, 41.98],
      ],
      [
        [21.45, 41.99],
        [21.47, 41.99],
        [21.47, 42.0],
        [21.45, 42.0],
        [21.45, 41.99],
      ],
    ],
  ],
};

const MUNICH: PlaceArea = {
  query: 'München',
  name: 'München',
  names: { name: 'München', 'name:en': 'Munich', 'name:it': 'Monaco di Baviera', alt_name: 'Minga;Muenchen' },
  kind: 'city',
  countryCode: 'DE',
  postcode: null,
  bbox: [48.06, 11.36, 48.25, 11.72],
  polygons: null,
};

const place = (fields: Partial<PlaceFacts>): PlaceFacts => ({
  city: null,
  region: null,
  country: null,
  ...fields,
});

describe('place names across scripts and spellings', () => {
  it('gives Cyrillic, Greek and Latin spellings of one name the same key', () => {
    expect(looseKey('Скопје')).toBe(looseKey('Skopje'));
    expect(looseKey('Ниш')).toBe(looseKey('Niš'));
    expect(looseKey('Ниш')).toBe(looseKey('Nish'));
    expect(looseKey('Θεσσαλονίκη')).toBe(looseKey('Thessaloniki'));
    expect(looseKey('München')).toBe(looseKey('Muenchen'));
    expect(looseKey('Skopje')).not.toBe(looseKey('Tetovo'));
    expect(looseKey('München')).not.toBe(looseKey('Munich')); // an exonym: only the area's names know it
  });

  it('compares postcodes without spaces, dashes or a country prefix', () => {
    expect(postcodeKey('MK-1000')).toBe('1000');
    expect(postcodeKey('D-06108')).toBe('06108');
    expect(postcodeKey('sw1a 1aa')).toBe('SW1A1AA');
  });

  it('matches a Cyrillic city to a Latin location and back without a geocoder', () => {
    expect(matchLocation('Skopje', place({ city: 'Скопје', country: 'MK' }))?.matchedOn).toEqual([
      'city Скопје',
    ]);
    expect(matchLocation('Скопје, MK', place({ city: 'Skopje', country: 'MK' }))?.matchedOn).toEqual([
      'city Skopje',
      'country MK',
    ]);
    expect(matchPlace('Niš', place({ city: 'Ниш' }), null)).toBe('"Niš" matches city Ниш');
    expect(matchLocation('Skopje', place({ city: 'Tetovo', country: 'MK' }))).toBeNull();
  });

  it('matches a postcode location to the business postcode', () => {
    expect(matchPlace('1000', place({ city: 'Скопје', postal_code: 'MK-1000' }), null)).toBe(
      '"1000" matches postcode MK-1000',
    );
    expect(matchPlace('1000', place({ city: 'Скопје', postal_code: '1010' }), null)).toBeNull();
  });
});

describe('matching by the geocoded area', () => {
  it('puts a suburb inside the city by its coordinates, whatever its city field says', () => {
    const kiselaVoda = place({ city: 'Kisela Voda', country: 'MK', lat: 41.97, lng: 21.44 });
    expect(matchLocation('Skopje', kiselaVoda)).toBeNull(); // the old string test failed here
    expect(matchPlace('Skopje', kiselaVoda, SKOPJE)).toBe(
      'in "Skopje" (Скопје, MK): inside the city\'s area',
    );
  });

  it('does not put a place outside the outline (or in its hole) inside, even within the bbox', () => {
    const corner = place({ city: 'Somewhere', lat: 42.05, lng: 21.31 }); // bbox yes, hexagon no
    const hole = place({ city: 'Somewhere', lat: 41.995, lng: 21.46 });
    const tetovo = place({ city: 'Tetovo', country: 'MK', lat: 42.01, lng: 20.97 });
    expect(matchPlace('Skopje', corner, SKOPJE)).toBeNull();
    expect(matchPlace('Skopje', hole, SKOPJE)).toBeNull();
    expect(matchPlace('Skopje', tetovo, SKOPJE)).toBeNull();
  });

  it('falls back to the bbox when the geocoder gave no outline, and says so', () => {
    const schwabing = place({ city: 'Schwabing', lat: 48.16, lng: 11.58 });
    expect(matchPlace('München', schwabing, MUNICH)).toBe(
      'in "München" (München, DE): inside the city\'s bounding box (no outline known)',
    );
  });

  it("matches München and Munich through the area's names in other languages", () => {
    expect(matchLocation('München', place({ city: 'Munich', country: 'DE' }))).toBeNull();
    expect(matchPlace('München', place({ city: 'Munich', country: 'DE' }), MUNICH)).toBe(
      'in "München" (München, DE): city "Munich" is its English name',
    );
    expect(matchPlace('Munich', place({ city: 'Monaco di Baviera', country: 'IT' }), MUNICH)).toBeNull();
    expect(matchPlace('München', place({ city: 'Minga' }), MUNICH)).toBe(
      'in "München" (München, DE): city "Minga" is its other name',
    );
  });

  it('matches a Cyrillic city name against the area when the business has no coordinates', () => {
    expect(matchPlace('Skopje', place({ city: 'Скопје', country: 'MK' }), SKOPJE)).toBe(
      'in "Skopje" (Скопје, MK): city "Скопје" is its local name',
    );
    expect(matchPlace('Skopje', place({ city: 'Škup', country: 'MK' }), SKOPJE)).toBe(
      'in "Skopje" (Скопје, MK): city "Škup" is its Albanian name "Shkup"',
    );
  });

  it('matches a postcode area by the business postcode or by coordinates inside it', () => {
    const area: PlaceArea = {
      query: '06108',
      name: '06108',
      names: { name: '06108' },
      kind: 'postcode',
      countryCode: 'DE',
      postcode: '06108',
      bbox: [51.47, 11.94, 51.5, 11.99],
      polygons: null,
    };
    expect(matchPlace('06108', place({ city: 'Halle', postal_code: 'D-06108' }), area)).toBe(
      'in "06108" (06108, DE): postcode "D-06108"',
    );
    expect(matchPlace('06108', place({ city: 'Halle', lat: 51.48, lng: 11.97 }), area)).toBe(
      'in "06108" (06108, DE): inside the postcode\'s bounding box (no outline known)',
    );
    expect(
      matchPlace('06108', place({ city: 'Halle', postal_code: '06110', lat: 51.0, lng: 11.0 }), area),
    ).toBeNull();
  });

  it('matches a country area by the business country in any language', () => {
    const germany: PlaceArea = {
      ...MUNICH,
      query: 'Germany',
      name: 'Deutschland',
      kind: 'country',
      names: { name: 'Deutschland' },
    };
    expect(matchPlace('Germany', place({ city: 'Halle', country: 'Deutschland' }), germany)).toBe(
      'in "Germany" (Deutschland, DE): country "Deutschland"',
    );
  });
});

describe('the locations reason of scoreIcp', () => {
  const icp = icpCriteria({ locations: ['Skopje'] });
  const facts = (fields: Partial<IcpFacts>): IcpFacts => ({
    name: 'Бургер бар',
    category: 'fast_food',
    city: null,
    region: null,
    country: null,
    industry: null,
    summary: null,
    services: [],
    keywords: [],
    software: [],
    hiring: null,
    employee_estimate: null,
    ...fields,
  });
  const locations = (f: IcpFacts, areas?: Record<string, PlaceArea | null>) =>
    scoreIcp(f, icp, areas ? { areas } : {}).reasons.find((r) => r.criterion === 'locations');

  it('scores "Скопје, MK" inside "Skopje", naming the matched area', () => {
    const reason = locations(facts({ city: 'Скопје', country: 'MK', lat: 41.996, lng: 21.431 }), {
      Skopje: SKOPJE,
    });
    expect(reason).toMatchObject({ matched: true, points: 100 });
    expect(reason?.evidence).toBe('in "Skopje" (Скопје, MK): inside the city\'s area');
  });

  it('says the coordinates were outside every geocoded area when nothing matched', () => {
    const reason = locations(facts({ city: 'Тетово', country: 'MK', lat: 42.01, lng: 20.97 }), {
      Skopje: SKOPJE,
    });
    expect(reason).toMatchObject({ matched: false, points: 0 });
    expect(reason?.evidence).toBe(
      '"Тетово, MK" is not in "Skopje"; its coordinates are outside the geocoded area of "Skopje"',
    );
  });

  it('scores by names alone when the location was not geocoded (no geocoder, or it found nothing)', () => {
    expect(locations(facts({ city: 'Скопје', country: 'MK' }))?.evidence).toBe(
      '"Skopje" matches city Скопје',
    );
    expect(locations(facts({ city: 'Скопје', country: 'MK' }), { Skopje: null })?.matched).toBe(true);
  });
});
