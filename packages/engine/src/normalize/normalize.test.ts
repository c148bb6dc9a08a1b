import { describe, expect, it } from 'vitest';
import { classifyWebsite, domainFromUrl, normalizeWebsite } from './domain';
import { normalizeEmail } from './email';
import { cleanName, nameKey } from './name';
import { normalizePhone } from './phone';

describe('domainFromUrl', () => {
  it.each([
    ['www.x.de', 'x.de'],
    ['http://x.de/path?q=1#top', 'x.de'],
    ['X.DE', 'x.de'],
    ['https://shop.x.co.uk', 'x.co.uk'],
    ['  https://WWW.Example.com:8080/a  ', 'example.com'],
    ['//cdn.example.org/x', 'example.org'],
    ['example.com:8443/path', 'example.com'],
    ['https://www.bäckerei-schäl.de', 'bäckerei-schäl.de'],
    ['https://www.xn--bckerei-schl-gcbk.de/', 'bäckerei-schäl.de'],
    ['https://a.de; https://b.de', 'a.de'],
    ['https://sonnendeckhalle.wixsite.com/sonnendeckhalle/', 'sonnendeckhalle.wixsite.com'],
    ['http://seoulkulinarisch.cafelists.com/', 'seoulkulinarisch.cafelists.com'],
    ['https://bagel29.hpage.com', 'bagel29.hpage.com'],
  ])('%s → %s', (input, expected) => {
    expect(domainFromUrl(input)).toBe(expected);
  });

  it.each([
    'n/a',
    '-',
    '',
    'localhost',
    'http://192.168.1.10/',
    'http://[::1]/',
    'ftp://x.de',
    'info@x.de',
    'just words',
    'https://www.facebook.com/Picerijafresko',
    'instagram.com/jes_pasta',
    'https://www.yelp.de/biz/x',
    'https://maps.google.com/?cid=1',
    'https://linktr.ee/x',
    'https://www.tripadvisor.co.uk/Restaurant_Review',
  ])('%s → null', (input) => {
    expect(domainFromUrl(input)).toBeNull();
  });

  it('keeps the URL canonical and says when a "website" is only a social page', () => {
    expect(normalizeWebsite('www.X.de/Kontakt#map')).toBe('https://www.x.de/Kontakt');
    expect(normalizeWebsite('http://x.de')).toBe('http://x.de/');
    expect(normalizeWebsite('https://facebook.com/x')).toBeNull();
    expect(classifyWebsite('https://www.facebook.com/x')).toEqual({
      website: null,
      domain: null,
      social: 'https://www.facebook.com/x',
    });
    expect(classifyWebsite('x.de')).toEqual({ website: 'https://x.de/', domain: 'x.de', social: null });
  });

  it('reads an address behind a misspelt scheme (a YC export has "htp://www.socrative.com")', () => {
    expect(normalizeWebsite('htp://www.socrative.com')).toBe('http://www.socrative.com/');
    expect(normalizeWebsite('htps://x.de/a')).toBe('https://x.de/a');
    expect(normalizeWebsite('http//x.de')).toBe('http://x.de/');
    expect(normalizeWebsite('https:/x.de')).toBe('https://x.de/');
    expect(normalizeWebsite('ttps://x.de')).toBe('https://x.de/');
    // Not a web address: another scheme, or nothing after the slashes.
    expect(normalizeWebsite('ftp://x.de')).toBeNull();
    expect(normalizeWebsite('http://')).toBeNull();
    expect(normalizeWebsite('htp://')).toBeNull();
  });
});

describe('normalizePhone', () => {
  it.each([
    ['(469) 287-2159', 'US', '+14692872159'],
    ['(469)\u202f287-2159', 'US', '+14692872159'],
    ['+49 (0)30 1234567', 'DE', '+49301234567'],
    ['+49\u00a0(0)30\u00a01234', 'DE', '+49301234'],
    ['030 1234567', 'DE', '+49301234567'],
    ['0049 345 6788999', 'DE', '+493456788999'],
    ['tel:+49-345-6788999', null, '+493456788999'],
    ['+1 469-287-2159 ext. 12', 'US', '+14692872159'],
    ['(469) 287-2159 x12', 'US', '+14692872159'],
    ['+389 78 243 483', 'MK', '+38978243483'],
    ['02/3228044', 'MK', '+38923228044'],
    ['+38971328554;+38923228044', 'MK', '+38971328554'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['020 7946 0958', 'uk', '+442079460958'],
    ['Tel.: 0345 2323200', 'DE', '+493452323200'],
    ['Telefon: 0345 2323200', 'DE', '+493452323200'],
    ['Mobil 0176 61096284', 'DE', '+4917661096284'],
  ])('%s (%s) → %s', (input, country, expected) => {
    expect(normalizePhone(input, country)).toBe(expected);
  });

  it.each([
    ['123', 'DE'],
    ['call us', 'US'],
    ['', 'DE'],
    ['0345 2323200', null],
  ])('%s (%s) → null', (input, c) => {
    expect(normalizePhone(input, c)).toBeNull();
  });
});

describe('normalizeEmail', () => {
  it('lower-cases, strips mailto and takes the first address', () => {
    expect(normalizeEmail(' mailto:Info@Example.DE?subject=Hi ')).toBe('info@example.de');
    expect(normalizeEmail('a@x.de; b@x.de')).toBe('a@x.de');
    expect(normalizeEmail('<kontakt@café.de>')).toBe('kontakt@café.de');
    expect(normalizeEmail('not an email')).toBeNull();
    expect(normalizeEmail('a@b')).toBeNull();
  });
});

describe('names', () => {
  it('cleans without changing case', () => {
    expect(cleanName('  Café\u00a0 Ludwig \n')).toBe('Café Ludwig');
    expect(cleanName('"Mamma Italiana"')).toBe('Mamma Italiana');
    expect(cleanName('Pizza Delivery "Mamma Italiana"')).toBe('Pizza Delivery "Mamma Italiana"');
    expect(cleanName('ЈЕС Паста')).toBe('ЈЕС Паста');
    expect(cleanName('   ')).toBeNull();
  });

  it.each([
    ['Müller & Söhne GmbH & Co. KG', 'muller sohne'],
    ['Acme, Inc.', 'acme'],
    ['ACME LLC', 'acme'],
    ['Smith Ltd', 'smith'],
    ['Smith Limited', 'smith'],
    ['Verein Freunde e.V.', 'verein freunde'],
    ['Bäckerei Schäl', 'backerei schal'],
    ['dean&david', 'dean david'],
    ['Dean and David', 'dean david'],
    ["Papa John's", 'papa johns'],
    ['Papa Johns', 'papa johns'],
    ['Пицерија Џокер ДООЕЛ', 'пицерија џокер'],
    ['GmbH', 'gmbh'],
  ])('nameKey(%s) = %s', (input, expected) => {
    expect(nameKey(input)).toBe(expected);
  });
});
