import { describe, expect, it } from 'vitest';
import { formatAddress, isOtherPlace, sourceRefLabel, sourceRefText } from './place';

const parts = (
  country: string | null,
  postal_code: string | null,
  city: string | null,
  region: string | null,
) => ({
  address: 'Main Street 1',
  postal_code,
  city,
  region,
  country,
});

describe('formatAddress', () => {
  it('puts the postal code after the city and state where the country writes it so', () => {
    expect(
      formatAddress({ ...parts('US', '75034', 'Frisco', 'TX'), address: '8549 Gaylord Pkwy #111' }),
    ).toBe('8549 Gaylord Pkwy #111, Frisco, TX 75034, US');
    expect(formatAddress(parts('GB', 'SW1A 1AA', 'London', null))).toBe(
      'Main Street 1, London, SW1A 1AA, GB',
    );
  });

  it('puts it before the city elsewhere', () => {
    expect(formatAddress(parts('DE', '54470', 'Bernkastel-Kues', 'Rheinland-Pfalz'))).toBe(
      'Main Street 1, 54470 Bernkastel-Kues, Rheinland-Pfalz, DE',
    );
    expect(formatAddress(parts(null, '75001', 'Paris', null))).toBe('Main Street 1, 75001 Paris');
  });

  it('leaves out what is missing', () => {
    expect(formatAddress(parts('US', null, 'Plano', null))).toBe('Main Street 1, Plano, US');
    expect(formatAddress({ address: null, postal_code: null, city: null, region: null, country: null })).toBe(
      '',
    );
  });
});

describe('sourceRefLabel', () => {
  it('names the line of an imported row, and keeps other references', () => {
    expect(sourceRefLabel('CSV', 'line/2')).toBe('CSV, line 2');
    expect(sourceRefLabel('OpenStreetMap', 'node/123')).toBe('OpenStreetMap (node/123)');
    expect(sourceRefLabel('CSV', null)).toBe('CSV');
  });
});

describe('sourceRefText', () => {
  it('reads an imported line as a person says it, and keeps other references', () => {
    expect(sourceRefText('line/13')).toBe('Line 13');
    expect(sourceRefText('node/123')).toBe('node/123');
  });

  it("tells a merged branch's address from the business's own", () => {
    expect(isOtherPlace('6909 Coit Rd, 75023 Plano', '8549 Gaylord Pkwy, Frisco, TX 75034')).toBe(true);
    expect(isOtherPlace('8549 Gaylord Pkwy, Frisco, TX 75034', '8549  gaylord pkwy, Frisco, TX 75034')).toBe(
      false,
    );
    expect(isOtherPlace('Hauptstr. 5, 06108 Halle', 'Hauptstr. 5')).toBe(false);
    expect(isOtherPlace(undefined, 'Hauptstr. 5')).toBe(false);
    expect(isOtherPlace('75023 Plano', null)).toBe(true);
  });
});
