import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import type { PageRole } from '../../crawl/types';
import { classifyIndustry } from './industries';
import { pageKind } from './page-kind';
import { summarizeSite } from './summarize';

const one = (text: string, weight = 3) => classifyIndustry({ texts: [{ text, weight }], schemaTypes: [] });
const page = (url: string, html: string, role: PageRole = 'other') => pageFromHtml({ url, html, role });
const industryOf = async (url: string, html: string, role: PageRole = 'other') =>
  (await summarizeSite([page(url, html, role)])).industry;

describe('classifyIndustry', () => {
  it('lets the longer of two overlapping keywords count', () => {
    // "Data engineer" is a software role; the "engineer" inside it is not engineering.
    expect(one('Data engineer · Data engineer · Full stack developer').scores.map(([i]) => i)).toEqual([
      'Software & IT services',
    ]);
    expect(one('Online-Shop für Weine').scores.map(([i]) => i)).toEqual(['E-commerce', 'Food & beverages']);
  });

  it('reads a trade at the end of a compound without reading it inside other words', () => {
    expect(one('Schlosswirt Juval', 6).industry).toBe('Restaurants, cafés & bars');
    expect(one('Wirtschaftsprüfung und Wirtschaftsrecht').scores.map(([i]) => i)).not.toContain(
      'Restaurants, cafés & bars',
    );
    expect(one('Landwirt Huber · Hofladen').scores[0]?.[0]).toBe('Agriculture, forestry & gardening');
  });

  it('counts words other trades use too at half weight', () => {
    // Health software names patients and healthcare; its developers and search engine decide.
    const { scores } = one('Find patients in medical records with our search engine. Healthcare software.');
    expect(scores[0]?.[0]).toBe('Software & IT services');
  });

  it('answers the leader when the runner-up is its neighbour, and nothing when two unrelated ones are close', () => {
    expect(one('Steuerberater und Rechtsanwälte: Steuerrecht, Steuererklärung, Kanzlei').industry).toBe(
      'Accounting & tax',
    );
    expect(one('Hotel und Zahnarzt').industry).toBeNull();
  });
});

const SHOP = `<html lang="de"><head><title>Hundefutter & Katzenfutter | Fellnase Zoofachhandel</title>
  <meta property="og:site_name" content="Fellnase Zoofachhandel"></head><body>
  <nav><a href="/hund">Hund</a><a href="/katze">Katze</a><a href="/kleintier">Kleintier</a><a href="/aquaristik">Aquaristik</a></nav>
  <main><h1>Hundefutter</h1><div class="product"><img src="a.jpg" alt=""><p>Fotos: Hersteller. Trockenfutter mit Lachs</p>
  <button>In den Warenkorb</button></div></main></body></html>`;

describe('industry from a real-looking page', () => {
  it('takes a shop’s name, menu and products over incidental words ("Fotos")', async () => {
    expect(await industryOf('https://www.fellnase-zoo.de/hund/futter/', SHOP)).toBe('Pets & animal care');
  });

  it('lets a blog post’s topic weigh less than the site that publishes it', async () => {
    const post = `<html lang="de"><head><title>Lawinengefahr richtig einschätzen – Bergsport Huber</title>
      <meta property="og:site_name" content="Bergsport Huber – Outdoor-Shop in Garmisch">
      <meta property="article:published_time" content="2023-01-10"></head><body>
      <nav><a href="/shop">Shop</a><a href="/bekleidung">Bekleidung</a><a href="/schuhe">Schuhe</a>
      <a href="/rucksaecke">Rucksäcke</a><a href="/blog">Blog</a></nav>
      <article><h1>Lawinengefahr richtig einschätzen</h1>
      <p>Die Lawinengefahr hängt von Schnee, Wind und Temperatur ab. Der Lawinenlagebericht nennt fünf Stufen.
      Ein Lawinenverschütteten-Suchgerät, Schaufel und Sonde gehören in jeden Rucksack. Kurse zur Lawinenkunde
      bietet der Alpenverein an, Seminare und Workshops gibt es jeden Winter.</p></article></body></html>`;
    expect(await industryOf('https://www.bergsport-huber.de/blog/lawinengefahr/', post)).toBe('Retail');
  });

  it('reads nothing from an imprint but the business’s name', async () => {
    const imprint = `<html lang="de"><head><title>Impressum | Müller Dachdeckerei</title></head><body>
      <h1>Impressum</h1><p>Müller Dachdeckerei GmbH, Hauptstr. 5, 12345 Musterstadt</p>
      <p>Berufshaftpflichtversicherung: Allianz Versicherungs-AG. Zuständige Kammer: Handwerkskammer.
      Hosting: Strato AG. Webdesign: Agentur Pixelwerk. Versicherung, Versicherung, Versicherung.</p></body></html>`;
    expect(await industryOf('https://www.mueller-dach.de/impressum/', imprint, 'imprint')).toBe(
      'Construction & trades',
    );
  });
});

describe('pageKind', () => {
  const kind = (url: string, html: string, role: PageRole = 'other') => pageKind(page(url, html, role));
  it('tells legal pages, posts, product pages and the business’s own pages apart', () => {
    expect(kind('https://x.de/impressum/', '<h1>Impressum</h1>')).toBe('legal');
    expect(kind('https://x.de/seite/', '<h1>Datenschutzerklärung</h1>')).toBe('legal');
    expect(
      kind('https://x.de/ebay-template-datenschutz/', '<h1>Datenschutztechnische Anpassung</h1>'),
    ).not.toBe('legal');
    expect(kind('https://x.de/2019/10/22/entloeten/', '<h1>Entlöten</h1>')).toBe('article');
    expect(
      kind(
        'https://x.de/wein/',
        '<script type="application/ld+json">{"@graph":[{"@type":"BlogPosting","datePublished":"2021-10-14"}]}</script><h1>Wein</h1>',
      ),
    ).toBe('article');
    // Joomla calls every content page an Article; without a publishing date it is the business's page.
    expect(
      kind(
        'https://x.de/kontakt',
        '<div itemscope itemtype="https://schema.org/Article"><h1 itemprop="headline">Kontakt</h1></div>',
      ),
    ).toBe('business');
    expect(
      kind(
        'https://x.de/produkt/qualita-oro/',
        '<script type="application/ld+json">{"@type":"Product"}</script>',
      ),
    ).toBe('product');
    expect(kind('https://x.de/leistungen/', '<h1>Unsere Leistungen</h1>')).toBe('business');
    expect(kind('https://x.de/', '<h1>Impressionen</h1>', 'home')).toBe('business');
  });
});
