import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { findAddresses } from './addresses';
import { summarizeSite } from './summarize';

const page = (body: string, url = 'https://www.example.de/impressum/') =>
  pageFromHtml({
    url,
    role: 'imprint',
    html: `<html lang="de"><head><title>Impressum</title></head><body>${body}</body></html>`,
  });

const IMPRINT = `<main><h1>Impressum</h1>
  <h2>Angaben gemäß § 5 TMG</h2><p>Tischlerei Brandt GmbH<br>Kleinthalhof 45<br>93352 Rohr in Niederbayern</p>
  <p>Telefon: 08783 3319985<br>E-Mail: info@tischlerei-brandt.de</p>
  <h3>Berufshaftpflichtversicherung</h3><p>Name und Sitz des Versicherers:<br>HDI Versicherung AG<br>HDI-Platz 1<br>30659 Hannover</p>
  <h3>Zuständige Kammer</h3><p>Handwerkskammer Niederbayern-Oberpfalz<br>Nikolastraße 10<br>94032 Passau</p>
  <p><strong>Aufsichtsbehörde:</strong> Landratsamt Kelheim, Donaupark 12, 93309 Kelheim</p>
  <p>Hosting: Strato AG, Otto-Ostrowski-Straße 7, 10249 Berlin</p>
  <h3>Verbraucherstreitbeilegung</h3><p>Allgemeine Verbraucherschlichtungsstelle, Straßburger Straße 8, 77694 Kehl</p>
  <p>Webdesign: Pixelwerk Agentur, Marktplatz 3, 93047 Regensburg</p></main>`;

describe('findAddresses', () => {
  it('reads an Austrian house number with staircase and door ("42/5/3", "3-7/1/1b")', () => {
    const body = '<p>medeqon GmbH<br>Bergstraße 42/5/3<br>2102 Hagenbrunn<br>Österreich</p>';
    expect(findAddresses(page(body))).toEqual(['Bergstraße 42/5/3, 2102 Hagenbrunn']);
    expect(findAddresses(page('<p>Kraska KG, Marktgasse 3-7/1/1b, 1090 Wien</p>'))).toEqual([
      'Marktgasse 3-7/1/1b, 1090 Wien',
    ]);
  });

  it('keeps a French building before the street and an office after it', () => {
    const tower = '<p>Nexity SA<br>Tour Eqho, 6 avenue Jean Jaurès, 92400 Courbevoie</p>';
    expect(findAddresses(page(tower))).toEqual(['Tour Eqho, 6 avenue Jean Jaurès, 92400 Courbevoie']);
    const office = '<p>Liliwatt SAS – 59 rue de Ponthieu, Bureau 326, 75008 Paris</p>';
    expect(findAddresses(page(office))).toEqual(['59 rue de Ponthieu, Bureau 326, 75008 Paris']);
  });

  it('reads a Dutch postcode with its letters and a house number with an addition', () => {
    const body = '<p>Bouwbedrijf De Vries<br>Hoofdstraat 16-8<br>9202 BE Drachten</p>';
    expect(findAddresses(page(body))).toEqual(['Hoofdstraat 16-8, 9202 BE Drachten']);
  });

  it('reads a Dutch postcode after a street of any name, and a Belgian letter box ("7/bus 2")', () => {
    expect(findAddresses(page('<p>SEM Automotive<br>Dukdalf 16-8, 9202 BE Drachten</p>'))).toEqual([
      'Dukdalf 16-8, 9202 BE Drachten',
    ]);
    expect(
      findAddresses(page('<p><strong>Adres</strong> It Spyk 11<br>9111 HT Burdaard<br>Friesland</p>')),
    ).toEqual(['It Spyk 11, 9111 HT Burdaard']);
    expect(findAddresses(page('<p>Vebrent bvba<br>Zavelstraat 7/bus 2, 9190 Stekene</p>'))).toEqual([
      'Zavelstraat 7/bus 2, 9190 Stekene',
    ]);
  });

  it('reads the postcode and town first ("1090 Wien, Marktgasse 3-7/1/1b", AT) and British lines of their own', () => {
    expect(findAddresses(page('<p>Hauptbüro: 1090 Wien, Marktgasse 3-7/1/1b</p>'))).toEqual([
      'Marktgasse 3-7/1/1b, 1090 Wien',
    ]);
    const uk = '<p>SME Solicitors<br>8 Sansome Walk<br>Worcester<br>Worcestershire<br>WR1 1LW</p>';
    expect(findAddresses(page(uk, 'https://smesolicitors.co.uk/contact'))).toEqual([
      '8 Sansome Walk, Worcester Worcestershire WR1 1LW',
    ]);
  });

  it('reads Colombian grid addresses ("Cra 55#127d-35", "Tv. 93 # 51-98 Bodega 18")', () => {
    const body = '<footer><p>Dirección: Cra 55#127d-35, Bogotá</p><p>Tel: 601 7654321</p></footer>';
    expect(findAddresses(page(body))).toEqual(['Cra 55#127d-35, Bogotá']);
    const shed = '<p>Tv. 93 # 51-98 Bodega 18, Bogotá D.C.</p>';
    expect(findAddresses(page(shed))).toEqual(['Tv. 93 # 51-98 Bodega 18, Bogotá D.C']);
    // A grid number and a phone, but no city after it: no address.
    expect(findAddresses(page('<p>Calle 10 No. 43-12 Tel: 604 1234567</p>'))).toEqual([]);
  });

  it('finds the business’s own address in an imprint, not the insurer’s, chamber’s, authority’s, host’s or agency’s', () => {
    expect(findAddresses(page(IMPRINT))).toEqual(['Kleinthalhof 45, 93352 Rohr in Niederbayern']);
  });

  it('keeps an address under a line that names the business itself, though it sounds like a third party', () => {
    const body = '<p>Versicherungsbüro Krause<br>Lindenallee 4<br>50968 Köln</p>';
    expect(findAddresses(page(body), ['Versicherungsbüro Krause'])).toEqual(['Lindenallee 4, 50968 Köln']);
    expect(findAddresses(page(body))).toEqual([]);
  });

  it('reads Dutch, Swiss, Austrian, Italian, Swiss-French and British forms', () => {
    expect(findAddresses(page('<p>Keizersgracht 123, 1015 CJ Amsterdam</p>'))).toEqual([
      'Keizersgracht 123, 1015 CJ Amsterdam',
    ]);
    expect(findAddresses(page('<p>Industriestrasse 4, 8604 Volketswil</p>'))).toEqual([
      'Industriestrasse 4, 8604 Volketswil',
    ]);
    expect(findAddresses(page('<p>Mariahilfer Straße 45, A-1060 Wien</p>'))).toEqual([
      'Mariahilfer Straße 45, A-1060 Wien',
    ]);
    expect(findAddresses(page('<p>Via Roma 12, 00184 Roma</p>'))).toEqual(['Via Roma 12, 00184 Roma']);
    expect(
      findAddresses(page('<p>Menuiserie Favre Sàrl<br>Route de Lausanne 12<br>1110 Morges</p>')),
    ).toEqual(['Route de Lausanne 12, 1110 Morges']);
    expect(findAddresses(page('<p>14 Market Street, Bristol BS1 1JQ</p>'))).toEqual([
      '14 Market Street, Bristol BS1 1JQ',
    ]);
  });

  it('gives summarizeSite the business’s address first', async () => {
    const summary = await summarizeSite([page(IMPRINT, 'https://www.tischlerei-brandt.de/impressum/')]);
    expect(summary.contacts.filter((c) => c.kind === 'address').map((c) => c.value)).toEqual([
      'Kleinthalhof 45, 93352 Rohr in Niederbayern',
    ]);
  });

  it('writes schema.org addresses the way their country does', async () => {
    const ld = (address: object) =>
      pageFromHtml({
        url: 'https://www.example.com/',
        html: `<html><head><script type="application/ld+json">${JSON.stringify({ '@type': 'Dentist', name: 'X', address })}</script></head><body></body></html>`,
      });
    const addressOf = async (address: object) =>
      (await summarizeSite([ld(address)])).contacts.find((c) => c.kind === 'address')?.value;
    expect(
      await addressOf({
        streetAddress: '8820 Burnet Rd',
        addressLocality: 'Austin',
        addressRegion: 'TX',
        postalCode: '78757',
        addressCountry: 'US',
      }),
    ).toBe('8820 Burnet Rd, Austin, TX 78757, US');
    expect(
      await addressOf({
        streetAddress: '3 Park Square East',
        addressLocality: 'Leeds',
        postalCode: 'LS1 2NE',
        addressCountry: 'GB',
      }),
    ).toBe('3 Park Square East, Leeds LS1 2NE, GB');
    expect(
      await addressOf({
        streetAddress: 'Ederstraße 6a',
        addressLocality: 'Linz',
        postalCode: '4020',
        addressCountry: 'Austria',
      }),
    ).toBe('Ederstraße 6a, 4020 Linz, Austria');
  });
});
