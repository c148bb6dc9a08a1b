import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { normalizePhone, readPhone } from '../../normalize/phone';
import { countryHints, siteCountry } from './country';
import { findPhones } from './phones';
import { summarizeSite } from './summarize';

const page = (body: string, url = 'https://www.example.com/kontakt', lang = 'de') =>
  pageFromHtml({
    url,
    html: `<!doctype html><html lang="${lang}"><head><title>t</title></head><body>${body}</body></html>`,
  });
const phonesOf = async (body: string, url?: string, lang?: string) =>
  (await summarizeSite([page(body, url, lang)])).contacts
    .filter((c) => c.kind === 'phone')
    .map((c) => c.value);

describe('siteCountry', () => {
  it('is settled by the business, schema.org or the ccTLD', () => {
    expect(siteCountry({ businessCountry: 'AT', url: 'https://x.de' }).country).toBe('AT');
    expect(siteCountry({ organizationCountry: 'Austria', url: 'https://hejfish.com' }).country).toBe('AT');
    expect(siteCountry({ url: 'http://www.schlosswirtjuval.it/x' }).country).toBe('IT');
    expect(siteCountry({ url: 'https://shop.example.co.uk/' }).country).toBe('GB');
    // A theme's "de-DE" does not outweigh a .ch domain.
    expect(siteCountry({ url: 'https://beck-ag.ch/', htmlLang: 'de-DE', language: 'de' }).country).toBe('CH');
  });

  it('takes a lang region chosen on purpose, and the countries the pages point to', () => {
    expect(siteCountry({ url: 'https://x.io/', htmlLang: 'de-CH', language: 'de' }).country).toBe('CH');
    expect(siteCountry({ url: 'https://x.com/', language: 'de', hints: ['CH'] }).country).toBe('CH');
    expect(siteCountry({ url: 'https://x.com/', language: 'de', hints: ['DE'] }).country).toBe('DE');
  });

  it('leaves a German-language .com unsettled between Germany, Austria and Switzerland', () => {
    expect(siteCountry({ url: 'https://x.com/', htmlLang: 'de-DE', language: 'de' })).toEqual({
      country: null,
      candidates: ['DE', 'AT', 'CH'],
    });
    expect(siteCountry({ url: 'https://x.com/', language: 'en' }).country).toBeNull();
  });

  it('reads country hints from +CC numbers, prefixed postcodes, named countries and 5-digit postcodes', () => {
    expect(countryHints([page('<p>Tel. +41 (0) 71 222 28 18</p>')], 'de')).toEqual(['CH']);
    expect(countryHints([page('<p>Poststrasse 18, CH-9001 St. Gallen</p>')], 'de')).toContain('CH');
    expect(countryHints([page('<p>Hauptstraße 5<br>5020 Salzburg<br>Österreich</p>')], 'de')).toEqual(['AT']);
    expect(countryHints([page('<p>Gold-Zack-Str. 9, 40822 Mettmann</p>')], 'de')).toEqual(['DE']);
    expect(countryHints([page('<p>Bahnhofstrasse 12, 8001 Zürich</p>')], 'de')).toEqual([]);
  });
});

describe('reading national numbers', () => {
  it('takes a Belgian mobile written with slash and dashes for no date, and a two-digit area code in brackets', () => {
    const be = '<h3>Telefoon</h3><p>032/25-01-61</p><p>0473/35-63-39</p><p>Sinds 2024-05-17</p>';
    expect(findPhones(page(be, 'https://www.vebrent.be/'), 'BE').map((p) => p.phone)).toEqual([
      '+3232250161',
      '+32473356339',
    ]);
    const mx = '<p><i class="fa-phone"></i> (33) 3798-1526</p><p>Desde (2019) 1234-5678 clientes</p>';
    expect(findPhones(page(mx, 'https://agromega.com.mx/', 'es'), 'MX').map((p) => p.phone)).toEqual([
      '+523337981526',
    ]);
  });

  it('does not split an area code off at a slash, but splits two numbers', () => {
    expect(normalizePhone('05507 / 91 99 488', 'DE')).toBe('+4955079199488');
    expect(normalizePhone('+49 (0) 49 21 / 99 96 70', 'DE')).toBe('+494921999670');
    expect(normalizePhone('0345 122 99 84 / 0170 1234567', 'DE')).toBe('+493451229984');
  });

  it('keeps a number valid in several candidate countries as written, and reads a number valid in one', () => {
    expect(readPhone('044 826 76 75', ['DE', 'AT', 'CH'])).toBe('044 826 76 75');
    expect(readPhone('044 826 76 75', ['CH'])).toBe('+41448267675');
    expect(readPhone('05507 / 91 99 488', ['DE', 'AT', 'CH'])).toBe('+4955079199488');
    expect(readPhone('+41 44 826 76 75', ['DE'])).toBe('+41448267675');
  });

  it('never reads a number written without the trunk 0 as a country that always writes it', () => {
    // "784-432-2223" is a St Vincent number (+1 784), not a British mobile.
    expect(readPhone('784-432-2223', ['US', 'GB'])).toBe('+17844322223');
  });

  it('gives a Swiss page’s national numbers the Swiss code, and a .com page’s no guessed one', async () => {
    const swiss =
      '<p>Beck Gartenbau AG<br>Industriestrasse 4, 8604 Volketswil</p><p>Telefon 044 826 76 75</p>';
    expect(await phonesOf(swiss, 'https://www.beck-gartenbau.ch/kontakt', 'de-DE')).toEqual(['+41448267675']);
    expect(await phonesOf(swiss, 'https://www.beck-gartenbau.com/kontakt', 'de-DE')).toEqual([
      '044 826 76 75',
    ]);
    const withCountry = `${swiss}<p>Zentrale: +41 44 826 76 00</p>`;
    expect(await phonesOf(withCountry, 'https://www.beck-gartenbau.com/kontakt', 'de-DE')).toEqual([
      '+41448267675',
      '+41448267600',
    ]);
  });
});

describe('findPhones', () => {
  it("leaves out the number of an authority the imprint names (court, chamber, data protection), keeps the business's", async () => {
    const imprint = `<h1>Impressum</h1><p>Wieland Bau GmbH<br>Hauptstraße 5<br>65428 Rüsselsheim</p><p>Telefon: +49 6142 9207780</p>
      <h2>Aufsichtsbehörde</h2><p>Der Hessische Beauftragte für Datenschutz und Informationsfreiheit</p><p>Postfach 3163</p>
      <p>65021 Wiesbaden</p><p>Telefon: +49 611 1408 - 0</p>
      <p>Der Präsident des Landgerichts Landshut<br>Maximilianstraße 22<br>84028 Landshut<br>Telefon: 0871 840</p>`;
    expect(await phonesOf(imprint, 'https://wieland.example.de/impressum')).toEqual(['+4961429207780']);
  });

  const phones = (body: string, country: string | null = 'DE') =>
    findPhones(page(body, 'https://www.example.de/kontakt'), country).map((p) => p.phone);

  it('reads "T" and "Natel" labels, and skips "F" (fax)', () => {
    expect(phones('<p>T 044 826 76 75<br>F 044 826 76 76<br>Natel 079 123 45 67</p>', 'CH')).toEqual([
      '+41448267675',
      '+41791234567',
    ]);
  });

  it('leaves out a site template\'s sample number ("tel:+12345678910", "0000000")', () => {
    const body = `<header><a href="tel:+12345678910">+1 234 567 8910</a></header>
      <footer><p>Call us: (469) 287-2159</p><p>Phone: 000 0000000</p></footer>`;
    expect(phones(body, 'US')).toEqual(['+14692872159']);
  });

  it('leaves out a fax number even where it is linked with tel:, but keeps "Tel./Fax"', () => {
    const linked = `<p>Tel.: <a href="tel:+4989123450">089 123450</a><br>
      Fax: <a href="tel:+4989123459">089 123459</a></p>`;
    expect(phones(linked)).toEqual(['+4989123450']);
    const titled =
      '<p><a href="tel:08912340" title="Fax">089 12340</a> <a href="tel:089 12341">089 12341</a></p>';
    expect(phones(titled)).toEqual(['+498912341']);
    expect(phones('<p>Tel./Fax: 08783 3319985</p>')).toEqual(['+4987833319985']);
    expect(phones('<p>Tel. e fax: 08783 3319985</p>')).toEqual(['+4987833319985']);
    // "Telefax" is one word: a fax, not "Tel" + "e" + "fax".
    expect(phones('<p>Telefon: 08783 3319984<br>Telefax: 08783 3319986</p>')).toEqual(['+4987833319984']);
  });

  it('leaves out dates, timestamps, order, customer and tax numbers near phone-like digits', () => {
    expect(
      phones(`
        <p>Bestellung vom 22.06.2018 10:20, Bestellnummer: 0345 122 99 84</p>
        <p>Kundennr. 0221-445566 · Rechnungsdatum 2018-06-22</p>
        <p>Steuernummer 143/123/45678 · USt-IdNr. DE322921549 · HRB 12345</p>
        <p>Tel.-Nr.: 0345 122 99 85</p>`),
    ).toEqual(['+493451229985']);
  });

  it('reads French numbers in dotted groups that look like no date', () => {
    expect(phones('<p>Tél. 01.42.68.53.00</p>', 'FR')).toEqual(['+33142685300']);
  });

  it('leaves out the numbers a blog post’s body gives for others, and keeps the site footer’s', async () => {
    const post = `
      <article><h1>Frühjahrsputz für Ihr Marketing</h1>
        <p>Unser Gastautor erreichen Sie unter Tel. 0711 123456 und mail@gastautor-beratung.de.</p></article>
      <footer><p>Agentur Nord · Tel. 040 987654 · info@agentur-nord.de</p></footer>`;
    const summary = await summarizeSite([
      pageFromHtml({
        url: 'https://www.agentur-nord.de/blog/fruehjahrsputz/',
        html: `<html lang="de"><head><meta property="article:published_time" content="2023-03-01"></head><body>${post}</body></html>`,
        role: 'other',
      }),
    ]);
    expect(summary.contacts.filter((c) => c.kind !== 'address').map((c) => c.value)).toEqual([
      'info@agentur-nord.de',
      '+4940987654',
    ]);
  });
});

describe('WhatsApp links', () => {
  it("reads the business's number from a chat link, in international form", async () => {
    const body = `<a class="social" href="https://wa.me/31638075625" aria-label="WhatsApp"></a>
      <a href="https://api.whatsapp.com/send?phone=13058492066&text=Hola">Chat</a>`;
    expect(await phonesOf(body, 'https://www.example.nl/', 'nl')).toEqual(['+31638075625', '+13058492066']);
  });

  it('reads no number from a link to WhatsApp without one', async () => {
    expect(await phonesOf('<a href="https://www.whatsapp.com/download">WhatsApp</a>')).toEqual([]);
  });
});
