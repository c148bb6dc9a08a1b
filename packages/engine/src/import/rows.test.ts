import { describe, expect, it } from 'vitest';
import { type ImportBatch, importCsv, linkAcrossBatches } from './import';
import { ImportMappingError, mapRow } from './rows';
import { parseLatLngPair, parseNumber, unwrapCell } from './values';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function collect(batches: AsyncIterable<ImportBatch>) {
  const all: ImportBatch[] = [];
  for await (const batch of batches) all.push(batch);
  return {
    batches: all,
    records: all.flatMap((b) => b.records),
    rejected: all.flatMap((b) => b.rejected),
    warnings: all.flatMap((b) => b.warnings),
    progress: all[all.length - 1]?.progress,
  };
}

describe('mapRow', () => {
  const headers = [
    'title',
    'website',
    'phone',
    'address',
    'latitude',
    'longitude',
    'category',
    'rating',
    'reviews',
  ];
  const mapping = {
    name: 'title',
    website: 'website',
    phone: 'phone',
    address: 'address',
    lat: 'latitude',
    lng: 'longitude',
    category: 'category',
    rating: 'rating',
    review_count: 'reviews',
  };

  it('normalises a google-maps-scraper style row', () => {
    const cells = [
      'The Gyro Shop',
      'http://www.TheGyroShopTX.com/',
      '(469)\u202f287-2159',
      '8549 Gaylord Pkwy #111, Frisco, TX 75034',
      '33.102935',
      '-96.809560',
      '["Gyro restaurant", "Mediterranean restaurant"]',
      '4.400000',
      '1,386',
    ];
    const result = mapRow(cells, headers, mapping, { line: 7 });
    expect(result).toEqual({
      ok: true,
      warnings: [],
      record: expect.objectContaining({
        name: 'The Gyro Shop',
        domain: 'thegyroshoptx.com',
        phone: '+14692872159',
        address: '8549 Gaylord Pkwy #111',
        city: 'Frisco',
        region: 'TX',
        postal_code: '75034',
        country: 'US',
        lat: 33.102935,
        lng: -96.80956,
        category: 'Gyro restaurant, Mediterranean restaurant',
        rating: 4.4,
        review_count: 1386,
        source: 'import',
        source_ref: 'line/7',
      }),
    });
  });

  it('rejects a row without a name, saying how short it was', () => {
    expect(mapRow(['', 'x.com'], headers, mapping)).toEqual({ ok: false, reason: 'no name' });
    expect(mapRow(['null'], ['a', 'title'], { name: 'title' })).toEqual({
      ok: false,
      reason: 'row has 1 cell, expected at least 2: no name',
    });
  });

  it('keeps a row whose other values cannot be read, with warnings', () => {
    const result = mapRow(['Acme', 'not a site', 'call us', '', '123.5', '13.4'], headers, mapping);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.record).toMatchObject({ name: 'Acme', website: null, phone: null, lat: null, lng: null });
    expect(result.warnings.map((w) => w.field)).toEqual(['website', 'phone', 'lat']);
    expect(result.warnings[2]?.message).toMatch(/latitude .*123\.5/);
  });

  it('reads a "(lat, lon)" column mapped to both lat and lng, and a JSON address object', () => {
    const result = mapRow(
      [
        'Acme',
        '(41.894672089979515, -87.77043743792723)',
        '{"street":"5805 W Chicago Ave","city":"Chicago","postal_code":"60651","state":"Illinois","country":"US"}',
      ],
      ['name', 'LOCATION', 'complete_address'],
      { name: 'name', lat: 'LOCATION', lng: 'LOCATION', address: 'complete_address' },
    );
    expect(result.ok && result.record).toMatchObject({
      lat: 41.894672089979515,
      lng: -87.77043743792723,
      address: '5805 W Chicago Ave',
      city: 'Chicago',
      region: 'Illinois',
      postal_code: '60651',
      country: 'US',
    });
  });

  it('reads a locality without a street ("Tampa, FL, USA"; several places → the first)', () => {
    const map = (value: string) => {
      const result = mapRow(['Acme', value], ['name', 'loc'], { name: 'name', address: 'loc' });
      return result.ok ? result.record : null;
    };
    expect(map('Tampa, FL, USA')).toMatchObject({
      address: null,
      city: 'Tampa',
      region: 'FL',
      country: 'US',
    });
    expect(map('San Francisco, CA, USA; Remote')).toMatchObject({ city: 'San Francisco', region: 'CA' });
    expect(map('Copenhagen, Denmark')).toMatchObject({ city: 'Copenhagen', region: null, country: 'DK' });
    expect(map('Remote')).toMatchObject({ address: null, city: null, country: null });
  });

  it('uses own city/state/zip columns and the default country for phones', () => {
    const result = mapRow(
      ['Müller GmbH', 'Hauptstr. 5', 'Köln', '50667', '0221 1234567'],
      ['Firma', 'Straße', 'Ort', 'PLZ', 'Telefon'],
      { name: 'Firma', address: 'Straße', city: 'Ort', postal_code: 'PLZ', phone: 'Telefon' },
      { defaultCountry: 'DE' },
    );
    expect(result.ok && result.record).toMatchObject({
      address: 'Hauptstr. 5',
      city: 'Köln',
      postal_code: '50667',
      country: 'DE',
      phone: '+492211234567',
    });
  });

  it('refuses a mapping that names a column the file does not have, or no name', () => {
    expect(() => mapRow(['a'], ['Name'], { name: 'Company' })).toThrow(ImportMappingError);
    expect(() => mapRow(['a'], ['Name'], { website: 'Name' })).toThrow(/name/);
  });
});

describe('cell values', () => {
  it.each([
    ['4.400000', false, 4.4],
    ['4,4', false, 4.4],
    ['1,386', true, 1386],
    ['1.386', true, 1386],
    ['1.234,5', false, 1234.5],
    ['2 150', true, 2150],
    ['n/a', false, null],
    ['abc', false, null],
  ] as const)('parseNumber(%j) → %j', (text, integer, number) => {
    expect(parseNumber(text, integer)).toBe(number);
  });

  it('reads coordinate pairs, never a decimal comma', () => {
    expect(parseLatLngPair('(41.894672089979515, -87.77043743792723)')).toEqual({
      lat: 41.894672089979515,
      lng: -87.77043743792723,
    });
    expect(parseLatLngPair('POINT (-87.77 41.89)')).toEqual({ lat: 41.89, lng: -87.77 });
    expect(parseLatLngPair('52,52')).toBeNull();
    expect(parseLatLngPair('(95.1, 13.4)')).toBeNull();
    const result = mapRow(['Acme', '52,52', '13,40'], ['name', 'lat', 'lng'], {
      name: 'name',
      lat: 'lat',
      lng: 'lng',
    });
    expect(result.ok && result.record).toMatchObject({ lat: 52.52, lng: 13.4 });
  });

  it('unwraps JSON cells', () => {
    expect(unwrapCell('["SaaS", "Productivity"]')).toBe('SaaS');
    expect(unwrapCell('["SaaS", "Productivity"]', 'join')).toBe('SaaS, Productivity');
    expect(unwrapCell('{"link":"","source":""}')).toBeNull();
    expect(unwrapCell('{"id":"1","name":"The Gyro Shop (Owner)"}')).toBe('The Gyro Shop (Owner)');
    expect(unwrapCell('[]')).toBeNull();
    expect(unwrapCell('null')).toBeNull();
    expect(unwrapCell('[not json')).toBe('[not json');
  });
});

describe('importCsv', () => {
  it('streams batches with rejected rows and their physical line numbers', async () => {
    const text =
      'Website;Name;Phone\nacme.com;Acme;+49 30 1234567\nnobody.com;;\n\n"beta.de\n";Beta;\nlonely.com\nacme.com;Acme GmbH\n';
    const result = await collect(
      importCsv(utf8(text), { name: 'Name', website: 'Website', phone: 'Phone' }, { batchSize: 2 }),
    );
    expect(result.batches.map((b) => b.rejected.length + b.records.length)).toEqual([2, 2, 1]);
    expect(result.rejected).toEqual([
      { line: 3, reason: 'no name' },
      { line: 7, reason: 'row has 1 cell, expected at least 2: no name' },
    ]);
    expect(result.progress).toMatchObject({ rows: 5, accepted: 3, rejected: 2 });
    // Acme GmbH shares Acme's domain and name in a later batch: it keeps Acme's dedupe_key so the store updates
    // that row.
    const acme = result.records.find((r) => r.name === 'Acme');
    const gamma = result.records.find((r) => r.name === 'Acme GmbH');
    expect(gamma?.dedupe_key).toBe(acme?.dedupe_key);
    expect(result.progress?.linked).toBe(1);
  });

  it('merges duplicates within a batch, keeping every row as a source', async () => {
    const text = 'name,phone\nAcme,+1 469 287 2159\nACME Inc.,(469) 287-2159\n';
    const result = await collect(
      importCsv(utf8(text), { name: 'name', phone: 'phone' }, { defaultCountry: 'US' }),
    );
    expect(result.records).toHaveLength(1);
    expect(result.records[0]?.sources.map((s) => s.source_ref)).toEqual(['line/2', 'line/3']);
    expect(result.progress).toMatchObject({ accepted: 2, merged: 1 });
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    const rows = 'name\nA\nB\n';
    await expect(
      collect(importCsv(utf8(rows), { name: 'name' }, { signal: controller.signal })),
    ).rejects.toThrow('cancelled');
  });
});

describe('linkAcrossBatches', () => {
  it('never gives one batch the same dedupe_key twice', () => {
    const link = linkAcrossBatches();
    const business = (dedupe_key: string, match_keys: string[]) =>
      ({ dedupe_key, match_keys }) as Parameters<typeof link>[0][number];
    link([business('d:x.com', ['d:x.com', 'p:+1'])]);
    const later = [business('p:+1', ['p:+1']), business('d:x.com', ['d:x.com'])];
    expect(link(later)).toBe(1);
    expect(later.map((b) => b.dedupe_key)).toEqual(['p:+1', 'd:x.com']);
  });
});
