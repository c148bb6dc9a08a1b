import { describe, expect, it } from 'vitest';
import { addressFromOsmTags, formatStreetLine, parseAddressLine, splitAddress } from './address';
import { countryFromName, countryFromRegionAndPostcode, toCountryCode } from './countries';

describe('parseAddressLine', () => {
  it.each([
    // US
    [
      '123 Main St, Plano, TX 75074',
      null,
      { address: '123 Main St', city: 'Plano', region: 'TX', postal_code: '75074', country: 'US' },
    ],
    [
      '123 Main St, Suite 200, Plano, TX 75074-1234, USA',
      null,
      {
        address: '123 Main St, Suite 200',
        city: 'Plano',
        region: 'TX',
        postal_code: '75074-1234',
        country: 'US',
      },
    ],
    [
      '1401 W Chicago Ave, Chicago, IL',
      'US',
      { address: '1401 W Chicago Ave', city: 'Chicago', region: 'IL', postal_code: null, country: 'US' },
    ],
    [
      '8000 Preston Rd Plano TX 75024',
      null,
      { address: '8000 Preston Rd Plano', city: null, region: 'TX', postal_code: '75024', country: 'US' },
    ],
    // Germany
    [
      'Hauptstr. 5, 06108 Halle (Saale)',
      'DE',
      { address: 'Hauptstr. 5', city: 'Halle (Saale)', region: null, postal_code: '06108', country: 'DE' },
    ],
    [
      'Große Ulrichstraße 51, D-06108 Halle, Deutschland',
      null,
      { address: 'Große Ulrichstraße 51', city: 'Halle', region: null, postal_code: '06108', country: 'DE' },
    ],
    [
      'Hauptstr. 5 06108 Halle',
      'DE',
      { address: 'Hauptstr. 5', city: 'Halle', region: null, postal_code: '06108', country: 'DE' },
    ],
    // United Kingdom
    [
      '221B Baker St, London NW1 6XE, United Kingdom',
      null,
      { address: '221B Baker St', city: 'London', region: null, postal_code: 'NW1 6XE', country: 'GB' },
    ],
    [
      '10 Downing Street, Westminster, London, SW1A2AA',
      null,
      {
        address: '10 Downing Street, Westminster',
        city: 'London',
        region: null,
        postal_code: 'SW1A 2AA',
        country: 'GB',
      },
    ],
    // North Macedonia
    [
      'ул. Аминта Трети 50, 1000 Скопје',
      'MK',
      { address: 'ул. Аминта Трети 50', city: 'Скопје', region: null, postal_code: '1000', country: 'MK' },
    ],
    [
      'Bulevar Partizanski Odredi 12, Skopje 1000, North Macedonia',
      null,
      {
        address: 'Bulevar Partizanski Odredi 12',
        city: 'Skopje',
        region: null,
        postal_code: '1000',
        country: 'MK',
      },
    ],
    // Canada: province and postal code, province names
    [
      '10150 101 St NW, Edmonton, AB T5J 0S4',
      null,
      { address: '10150 101 St NW', city: 'Edmonton', region: 'AB', postal_code: 'T5J 0S4', country: 'CA' },
    ],
    [
      '3895 Boul Saint-Laurent, Montréal QC H2W1X9',
      null,
      {
        address: '3895 Boul Saint-Laurent',
        city: 'Montréal',
        region: 'QC',
        postal_code: 'H2W 1X9',
        country: 'CA',
      },
    ],
    [
      '130 King St W, Toronto, Ontario',
      null,
      { address: '130 King St W', city: 'Toronto', region: 'ON', postal_code: null, country: 'CA' },
    ],
    // A suite or unit stays on the street line, also without a postcode after it
    [
      '2550 Windmill Ln, Ste 100, Las Vegas, NV 89123',
      null,
      {
        address: '2550 Windmill Ln, Ste 100',
        city: 'Las Vegas',
        region: 'NV',
        postal_code: '89123',
        country: 'US',
      },
    ],
    [
      '2550 Windmill Ln, Ste 100',
      'US',
      { address: '2550 Windmill Ln, Ste 100', city: null, region: null, postal_code: null, country: 'US' },
    ],
    [
      'Hauptstraße 5, 2. OG',
      'DE',
      { address: 'Hauptstraße 5, 2. OG', city: null, region: null, postal_code: null, country: 'DE' },
    ],
    [
      '1200 Main St, Las Vegas, Nevada',
      null,
      { address: '1200 Main St', city: 'Las Vegas', region: 'NV', postal_code: null, country: 'US' },
    ],
  ] as const)('%s', (line, country, expected) => {
    expect(parseAddressLine(line, country)).toEqual(expected);
  });

  it('keeps a line it cannot split as the street line', () => {
    expect(parseAddressLine('Marktplatz')).toEqual({
      address: 'Marktplatz',
      city: null,
      region: null,
      postal_code: null,
      country: null,
    });
    expect(parseAddressLine('')).toEqual({
      address: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
    });
  });
});

describe('OSM addr:* tags', () => {
  it('orders number and street by country', () => {
    expect(formatStreetLine('Hauptstr.', '5', 'DE')).toBe('Hauptstr. 5');
    expect(formatStreetLine('Main St', '123', 'US')).toBe('123 Main St');
    expect(formatStreetLine(null, '5', 'DE')).toBe('5');
  });

  it('splits the tags into fields', () => {
    const tags = {
      'addr:street': 'Theodor-Lieser-Straße',
      'addr:housenumber': '7',
      'addr:postcode': '06120',
      'addr:city': 'Halle (Saale)',
    };
    expect(addressFromOsmTags(tags, 'de')).toEqual({
      address: 'Theodor-Lieser-Straße 7',
      city: 'Halle (Saale)',
      region: null,
      postal_code: '06120',
      country: 'DE',
    });
    expect(
      splitAddress({
        'addr:city': 'Cкoпje',
        'addr:country': 'MK',
        'addr:street': 'Аминта Трети',
        'addr:housenumber': '50',
      }),
    ).toEqual({
      address: 'Аминта Трети 50',
      city: 'Cкoпje',
      region: null,
      postal_code: null,
      country: 'MK',
    });
    expect(splitAddress({ 'addr:full': '123 Main St, Plano, TX 75074', 'addr:country': 'US' }).city).toBe(
      'Plano',
    );
  });
});

describe('countries from names, regions and postcodes', () => {
  it('knows every country by its name in the languages lists are written in, but not a US state as one', () => {
    expect(countryFromName('Nigeria')).toBe('NG');
    expect(countryFromName('Singapur')).toBe('SG');
    expect(countryFromName('Émirats arabes unis')).toBe('AE');
    expect(countryFromName('Vietnam')).toBe('VN');
    expect(countryFromName('Georgia')).toBeNull();
    expect(toCountryCode('Deutschland')).toBe('DE');
  });

  it('reads the country from a region and postcode only where they settle it', () => {
    expect(countryFromRegionAndPostcode('CA', '93101')).toBe('US');
    expect(countryFromRegionAndPostcode('Texas', null)).toBe('US');
    expect(countryFromRegionAndPostcode('AB', 'T5J 0S4')).toBe('CA');
    expect(countryFromRegionAndPostcode('Québec', null)).toBe('CA');
    expect(countryFromRegionAndPostcode('Rheinland-Pfalz', '54470')).toBe('DE');
    expect(countryFromRegionAndPostcode(null, 'V6B 5T4')).toBe('CA');
    expect(countryFromRegionAndPostcode('North Yorkshire', 'HG1 1RS')).toBe('GB');
    expect(countryFromRegionAndPostcode(null, '75006')).toBeNull();
    expect(countryFromRegionAndPostcode('WA', '6000')).toBeNull(); // Western Australia, not Washington
  });
});
