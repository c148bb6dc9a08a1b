import { describe, expect, it } from 'vitest';
import type { RawBusiness } from '../discovery/source';
import { streetKey } from './keys';
import { createBusinessMerger, mergeBusinesses } from './merge';

const base: RawBusiness = {
  name: '',
  website: null,
  domain: null,
  email: null,
  phone: null,
  address: null,
  city: null,
  region: null,
  postal_code: null,
  country: null,
  lat: null,
  lng: null,
  category: null,
  source: 'osm',
  source_ref: null,
  rating: null,
  review_count: null,
};
const biz = (fields: Partial<RawBusiness>): RawBusiness => ({ ...base, ...fields });

describe('mergeBusinesses', () => {
  it("keeps each branch's address with its source when two branches share a website", () => {
    const [chain, ...rest] = mergeBusinesses([
      biz({
        name: 'The Gyro Shop',
        domain: 'thegyroshop.example',
        website: 'https://thegyroshop.example/',
        source: 'import',
        source_ref: 'line 2',
        address: '8549 Gaylord Pkwy, Frisco, TX 75034',
        city: 'Frisco',
        postal_code: '75034',
      }),
      biz({
        name: 'The Gyro Shop Plano',
        domain: 'thegyroshop.example',
        website: 'https://thegyroshop.example/plano',
        source: 'import',
        source_ref: 'line 9',
        address: '6909 Coit Rd',
        city: 'Plano',
        postal_code: '75023',
      }),
    ]);
    expect(rest).toEqual([]);
    expect(chain?.address).toBe('8549 Gaylord Pkwy, Frisco, TX 75034');
    expect(chain?.sources.map((s) => s.address)).toEqual([
      '8549 Gaylord Pkwy, Frisco, TX 75034',
      '6909 Coit Rd, 75023 Plano',
    ]);
  });

  it('merges across sources on the domain and keeps both sources, preferring the more trusted fields', () => {
    const merged = mergeBusinesses([
      biz({
        name: 'Zahnarzt Dr. Müller',
        domain: 'mueller-zahn.de',
        website: 'https://mueller-zahn.de/',
        source_ref: 'node/1',
        lat: 51.48,
        lng: 11.97,
        category: 'dentist',
        url: 'https://www.openstreetmap.org/node/1',
      }),
      biz({
        name: 'Zahnarztpraxis Dr. med. dent. Müller',
        domain: 'mueller-zahn.de',
        website: 'https://www.mueller-zahn.de/kontakt',
        phone: '+493451234567',
        source: 'google_places',
        source_ref: 'ChIJ1',
        rating: 4.8,
        review_count: 120,
        address: 'Hauptstr. 5',
        city: 'Halle (Saale)',
        postal_code: '06108',
        country: 'DE',
      }),
    ]);
    expect(merged).toHaveLength(1);
    const [one] = merged;
    expect(one?.sources).toEqual([
      { source: 'osm', source_ref: 'node/1', url: 'https://www.openstreetmap.org/node/1' },
      { source: 'google_places', source_ref: 'ChIJ1', address: 'Hauptstr. 5, 06108 Halle (Saale)' },
    ]);
    expect(one).toMatchObject({
      source: 'osm',
      source_ref: 'node/1',
      name: 'Zahnarztpraxis Dr. med. dent. Müller',
      website: 'https://www.mueller-zahn.de/kontakt',
      phone: '+493451234567',
      rating: 4.8,
      review_count: 120,
      lat: 51.48,
      address: 'Hauptstr. 5',
      city: 'Halle (Saale)',
      category: 'dentist',
      dedupe_key: 'd:mueller-zahn.de|muller',
    });
    expect(one?.match_keys).toEqual(
      expect.arrayContaining(['d:mueller-zahn.de|muller', 'p:+493451234567|muller']),
    );
    expect(one?.aliases).toEqual(['Zahnarzt Dr. Müller']);
  });

  it('merges on the same E.164 phone when the names are alike', () => {
    const merged = mergeBusinesses([
      biz({ name: 'Papa Johns', phone: '+493456788999', source_ref: 'node/1' }),
      biz({ name: "Papa John's Pizza", phone: '+493456788999', source: 'import', source_ref: 'line 4' }),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.dedupe_key).toBe('p:+493456788999|johns');
    expect(merged[0]?.name).toBe("Papa John's Pizza");
  });

  it('merges on name + street address, even written differently', () => {
    expect(streetKey('Hauptstraße 5')).toBe(streetKey('Hauptstr. 5'));
    expect(streetKey('123 Main Street')).toBe(streetKey('123 Main St.'));
    const merged = mergeBusinesses([
      biz({ name: 'Müller GmbH', address: 'Hauptstraße 5', postal_code: '06108', source_ref: 'node/1' }),
      biz({
        name: 'Mueller',
        address: 'Hauptstr. 5',
        postal_code: '06108',
        source: 'import',
        source_ref: 'line 2',
      }),
      biz({
        name: 'Müller',
        address: 'Hauptstr. 5',
        postal_code: '06108',
        source: 'import',
        source_ref: 'line 3',
      }),
      biz({
        name: 'Müller',
        address: 'Hauptstr. 7',
        postal_code: '06108',
        source: 'import',
        source_ref: 'line 9',
      }),
    ]);
    expect(merged.map((b) => b.sources.map((s) => s.source_ref))).toEqual([
      ['node/1', 'line 3'],
      ['line 2'],
      ['line 9'],
    ]);
    expect(merged[0]?.dedupe_key).toBe('a:muller|hauptstr5|06108');
  });

  it('merges the same name within 50 m, not farther', () => {
    const merged = mergeBusinesses([
      biz({ name: 'Café Ludwig', lat: 51.48, lng: 11.97, source_ref: 'node/1' }),
      biz({ name: 'Cafe Ludwig', lat: 51.4803, lng: 11.97, source_ref: 'way/2' }), // ≈ 33 m north
      biz({ name: 'Café Ludwig', lat: 51.481, lng: 11.97, source_ref: 'node/3' }), // ≈ 78 m from the second
      biz({ name: 'Café Anton', lat: 51.48, lng: 11.97, source_ref: 'node/4' }),
    ]);
    expect(merged.map((b) => b.sources.map((s) => s.source_ref))).toEqual([
      ['node/1', 'way/2'],
      ['node/3'],
      ['node/4'],
    ]);
    expect(merged[0]?.dedupe_key).toBe('r:osm:node/1');
  });

  it('joins groups transitively and keeps the merged list stable batch by batch', () => {
    const merger = createBusinessMerger();
    merger.add([
      biz({ name: 'A', domain: 'a.de', source_ref: 'node/1' }),
      biz({ name: 'A', phone: '+49301234567', source_ref: 'node/2' }),
    ]);
    expect(merger.businesses()).toHaveLength(2);
    merger.add([
      biz({ name: 'A GmbH', domain: 'a.de', phone: '+49301234567', source: 'import', source_ref: 'line 2' }),
    ]);
    const merged = merger.businesses();
    expect(merged).toHaveLength(1);
    expect(merged[0]?.sources.map((s) => s.source_ref)).toEqual(['node/1', 'node/2', 'line 2']);
    expect(merged[0]?.dedupe_key).toBe('d:a.de|a');
  });

  it('does not mix the address of one record with the city of another', () => {
    const [one] = mergeBusinesses([
      biz({
        name: 'X',
        domain: 'x.de',
        address: 'Hauptstr. 5',
        city: 'Halle (Saale)',
        source: 'import',
        source_ref: '1',
      }),
      biz({
        name: 'X',
        domain: 'x.de',
        city: 'Leipzig',
        postal_code: '04109',
        region: 'SN',
        source_ref: 'node/2',
      }),
      biz({ name: 'X', domain: 'x.de', city: 'Halle (Saale)', postal_code: '06108', source_ref: 'node/3' }),
    ]);
    expect(one).toMatchObject({
      address: 'Hauptstr. 5',
      city: 'Halle (Saale)',
      postal_code: '06108',
      region: null,
    });
  });

  it('keeps records with nothing in common apart and gives each a key', () => {
    const merged = mergeBusinesses([
      biz({ name: 'A', source_ref: 'node/1' }),
      biz({ name: 'A', source_ref: 'node/2' }),
    ]);
    expect(merged.map((b) => b.dedupe_key)).toEqual(['r:osm:node/1', 'r:osm:node/2']);
  });

  it('does not merge different names on a shared phone alone', () => {
    const merged = mergeBusinesses([
      biz({
        name: 'Pizzeria Calabria',
        phone: '+4965419912',
        address: 'Brückenstraße 8',
        source_ref: 'node/1',
      }),
      biz({
        name: 'Uschis Pilsbar',
        phone: '+4965419912',
        address: 'Moselweinstraße 61',
        source_ref: 'node/2',
      }),
    ]);
    expect(merged.map((b) => b.name)).toEqual(['Pizzeria Calabria', 'Uschis Pilsbar']);
    expect(new Set(merged.map((b) => b.dedupe_key)).size).toBe(2);
  });

  it('does not merge different names on a shared website alone, unless they stand at one spot', () => {
    const apart = mergeBusinesses([
      biz({
        name: 'Haus Sonnenhang',
        domain: 'familie-kerpen.de',
        lat: 49.95,
        lng: 7.09,
        source_ref: 'node/1',
      }),
      biz({
        name: 'Ferienhaus Rebe',
        domain: 'familie-kerpen.de',
        lat: 49.951,
        lng: 7.09,
        source_ref: 'node/2',
      }),
    ]);
    expect(apart).toHaveLength(2);
    const together = mergeBusinesses([
      biz({ name: 'Vinothek', domain: 'weingut-kerpen.de', lat: 49.95, lng: 7.09, source_ref: 'node/1' }),
      biz({
        name: 'Weingut Kerpen',
        domain: 'weingut-kerpen.de',
        lat: 49.9501,
        lng: 7.09,
        source_ref: 'way/2',
      }),
    ]);
    expect(together).toHaveLength(1);
    expect(together[0]).toMatchObject({ name: 'Weingut Kerpen', aliases: ['Vinothek'] });
  });

  it('names a hotel and its restaurant after the hotel and keeps every name, phone, website and category', () => {
    const [one, ...rest] = mergeBusinesses([
      biz({
        name: 'Kartoffelstube',
        phone: '+4926749390',
        website: 'https://www.parkhotel-bad-bertrich.de/kartoffelstube',
        domain: 'parkhotel-bad-bertrich.de',
        category: 'restaurant',
        source_ref: 'node/1',
      }),
      biz({
        name: 'Parkhotel Bad Bertrich',
        phone: '+4926749390',
        phones: ['+4926749390', '+49267493999'],
        website: 'https://www.parkhotel-bad-bertrich.de/',
        domain: 'parkhotel-bad-bertrich.de',
        category: 'hotel',
        source_ref: 'way/2',
      }),
    ]);
    expect(rest).toEqual([]);
    expect(one).toMatchObject({
      name: 'Parkhotel Bad Bertrich',
      aliases: ['Kartoffelstube'],
      category: 'hotel',
      categories: ['hotel', 'restaurant'],
      website: 'https://www.parkhotel-bad-bertrich.de/',
      websites: [
        'https://www.parkhotel-bad-bertrich.de/',
        'https://www.parkhotel-bad-bertrich.de/kartoffelstube',
      ],
      phones: ['+4926749390', '+49267493999'],
      dedupe_key: 'd:parkhotel-bad-bertrich.de|bad',
    });
  });

  it('prefers the lodging over its outlet when the website names neither', () => {
    const [one] = mergeBusinesses([
      biz({
        name: 'Bistro Rebstock',
        phone: '+4965311111',
        domain: 'mosel-urlaub.de',
        category: 'restaurant',
      }),
      biz({
        name: 'Gästehaus Anna',
        phone: '+4965311111',
        domain: 'mosel-urlaub.de',
        category: 'guest house',
      }),
    ]);
    expect(one).toMatchObject({ name: 'Gästehaus Anna', aliases: ['Bistro Rebstock'] });
  });

  it('says a business is closed only when every merged record does', () => {
    const closed = biz({
      name: 'Olive Burger',
      domain: 'oliveburger.com',
      is_closed: true,
      source: 'import',
    });
    expect(mergeBusinesses([closed, { ...closed, source_ref: 'line/3' }])[0]?.is_closed).toBe(true);
    expect(mergeBusinesses([closed, { ...closed, is_closed: false }])[0]?.is_closed).toBe(false);
  });
});
