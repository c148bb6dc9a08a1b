import { IMPORT_FIELDS, IMPORT_UPLOAD } from '@argo/contract';
import { describe, expect, it } from 'vitest';
import { normalizeHeader, suggestMapping } from './mapping';

/** The field each single header maps to when it is the only column. */
const fieldOf = (header: string) => {
  const mapping = suggestMapping([header]);
  return (Object.entries(mapping).find(([, h]) => h === header)?.[0] ?? null) as string | null;
};

describe('normalizeHeader', () => {
  it.each([
    ['Company Name', 'company name'],
    ['company_name', 'company name'],
    [' BUSINESS NAME ', 'business name'],
    ['companyName', 'company name'],
    ['E-Mail', 'e mail'],
    ['Straße', 'strasse'],
    ['Téléphone', 'telephone'],
    ['ZIP CODE', 'zip code'],
    ['objectID', 'object id'],
  ])('%j → %j', (header, normal) => {
    expect(normalizeHeader(header)).toBe(normal);
  });
});

describe('suggestMapping', () => {
  it.each([
    [
      'name',
      [
        'Company Name',
        'company_name',
        ' BUSINESS NAME ',
        'Name',
        'Firma',
        'Firmenname',
        'DBA',
        'organisation',
      ],
    ],
    ['website', ['Website', 'url', 'URL', 'domain', 'Web Site', 'Homepage', 'website_url', 'Webseite']],
    ['email', ['Email', 'E-Mail', 'email_address', 'emails', 'Mail']],
    ['phone', ['Phone', 'phone_number', 'Telefon', 'Tel.', 'Telephone Number', 'Téléphone']],
    ['address', ['Address', 'street', 'Street Address', 'Adresse', 'address_line_1', 'Straße']],
    ['city', ['city', 'City', 'Town', 'Ort', 'locality']],
    ['region', ['state', 'State', 'Region', 'province', 'Bundesland']],
    ['postal_code', ['ZIP CODE', 'zip', 'Postal Code', 'postcode', 'PLZ', 'zipcode']],
    ['country', ['country', 'Country Code', 'Land']],
    ['lat', ['latitude', 'LAT', 'Latitude']],
    ['lng', ['longitude', 'lng', 'lon', 'LONG']],
    ['category', ['category', 'industry', 'type', 'Business Type', 'main_category', 'Branche']],
    ['rating', ['rating', 'review_rating', 'Stars']],
    ['review_count', ['review_count', 'reviews', 'Number of Reviews']],
  ])('maps the variants of %s', (field, headers) => {
    for (const header of headers) expect([header, fieldOf(header)]).toEqual([header, field]);
  });

  it.each([
    'SITE NUMBER',
    'ACCOUNT NUMBER',
    'small_logo_thumb_url',
    'former_names',
    'owner name',
    'APPLICATION TYPE',
    'reviews_per_rating',
    'LICENSE CODE',
    'id',
    'notes',
  ])('leaves %j unmapped', (header) => {
    expect(fieldOf(header)).toBeNull();
  });

  it('returns every import field, null when unmatched', () => {
    const mapping = suggestMapping(['Company', 'Notes']);
    expect(Object.keys(mapping).sort()).toEqual([...IMPORT_FIELDS].sort());
    expect(mapping.name).toBe('Company');
    expect(Object.values(mapping).filter((h) => h !== null)).toEqual(['Company']);
  });

  it('prefers the doing-business-as name over the legal name, and uses each header once', () => {
    const mapping = suggestMapping(['LEGAL NAME', 'DOING BUSINESS AS NAME', 'Company', 'Website', 'url']);
    expect(mapping.name).toBe('DOING BUSINESS AS NAME');
    expect(mapping.website).toBe('Website');
    const used = Object.values(mapping).filter((h) => h !== null);
    expect(new Set(used).size).toBe(used.length);
  });

  it('uses sample values to turn down columns that do not fit', () => {
    const headers = ['top_company', 'company_name'];
    // Without samples, both are name candidates and the exact one wins anyway.
    expect(suggestMapping(headers).name).toBe('company_name');
    // A "Type" column of numbers is no category.
    expect(
      suggestMapping(
        ['Name', 'Type'],
        [
          ['Acme', '3'],
          ['Beta', '7'],
        ],
      ).category,
    ).toBeNull();
    expect(suggestMapping(['Name', 'Type'], [['Acme', 'Bakery']]).category).toBe('Type');
  });

  it('maps one "(lat, lon)" column to both lat and lng when there are no separate ones', () => {
    const rows = [['Acme', '(41.894672089979515, -87.77043743792723)']];
    const mapping = suggestMapping(['Name', 'LOCATION'], rows);
    expect(mapping).toMatchObject({ name: 'Name', lat: 'LOCATION', lng: 'LOCATION', address: null });
    // With separate columns, LOCATION is left alone.
    const chicago = suggestMapping(
      ['Name', 'ADDRESS', 'LATITUDE', 'LONGITUDE', 'LOCATION'],
      [['Acme', '5805 W CHICAGO AVE', '41.89', '-87.77', '(41.89, -87.77)']],
    );
    expect(chicago).toMatchObject({ address: 'ADDRESS', lat: 'LATITUDE', lng: 'LONGITUDE' });
  });

  it('maps 1,000 columns of long names in bounded time, each word of a name looked up once', () => {
    // Names of the longest length an upload takes, made of synonym words: tried against every synonym of every
    // field in turn, such names made the mapping slow.
    const words = 'ort web tel zip plz www'.split(' ');
    const headers = Array.from({ length: IMPORT_UPLOAD.maxColumns - 1 }, (_, column) => {
      let name = `c${column}`;
      for (let w = column; name.length + 10 < IMPORT_UPLOAD.maxHeaderChars; w++)
        name += ` ${words[w % words.length]}`;
      return name;
    });
    headers.splice(500, 0, 'Company Name');
    const rows = [headers.map((_, column) => `Value ${column}`)];
    const started = performance.now();
    const mapping = suggestMapping(headers, rows);
    const took = performance.now() - started;
    expect(mapping.name).toBe('Company Name');
    // Bounded, not stalled (it takes a few tens of milliseconds).
    expect(took).toBeLessThan(3_000);
  });
});
