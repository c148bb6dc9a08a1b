import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import type { PageRole } from '../../crawl/types';
import { classifyIndustry } from './industries';
import { pageKind } from './page-kind';
import { summarizeSite } from './summarize';

/** One text that says what the business is (its name, its home page's head). */
const one = (text: string, weight = 3) =>
  classifyIndustry({ texts: [{ text, weight, identity: true }], schemaTypes: [] });
const page = (url: string, html: string, role: PageRole = 'other') => pageFromHtml({ url, html, role });
const industryOf = async (url: string, html: string, role: PageRole = 'other') =>
  (await summarizeSite([page(url, html, role)])).industry;

describe('classifyIndustry', () => {
  it('knows trades, staffing and farm work by the words their own sites use, in their languages', () => {
    expect(one('Scaffolding hire and erection · Scaffolders in Sussex', 6).industry).toBe(
      'Construction & trades',
    );
    expect(one('Grondwerken, wegenwerken en riolering · afbraakwerken', 6).industry).toBe(
      'Construction & trades',
    );
    expect(one('Personalbereitstellung und Arbeitskräfteüberlassung in Wien', 6).industry).toBe(
      'Recruiting & HR',
    );
    expect(one('Services viticoles · travaux de la vigne et vendanges', 6).industry).toBe(
      'Agriculture, forestry & gardening',
    );
  });

  it('reads a word by what it names here, not by its other sense', () => {
    // "the employability landscape" is no landscaping; a "carrello elevatore" (forklift) no shopping cart.
    expect(
      one('Helping organisations navigate the employability landscape').scores.map(([i]) => i),
    ).not.toContain('Agriculture, forestry & gardening');
    expect(one('Vendita e noleggio di carrelli elevatori a Bologna').scores.map(([i]) => i)).not.toContain(
      'E-commerce',
    );
  });

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

  it('lets a schema.org type lead by less over words only ("Hotel Weinberg" among the vineyards)', () => {
    const texts = [
      {
        text: 'Hotel Weinberg · Weinberg Weinberge Weinstraße Wein Weinkeller Weine',
        weight: 6,
        identity: true,
      },
      { text: 'Zimmer, Frühstück und Wellness im Hotel', weight: 3 },
    ];
    const typed = classifyIndustry({ texts, schemaTypes: ['Hotel'] });
    expect(typed.industry).toBe('Hotels & accommodation');
    const [first, second] = typed.scores;
    expect(first && second && first[1] / second[1]).toBeLessThan(1.5);
    // Without the type, the words alone do not make it a hotel.
    expect(classifyIndustry({ texts, schemaTypes: [] }).industry).not.toBe('Hotels & accommodation');
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

describe('classifyIndustry: what a business is over what it mentions', () => {
  it('reads a dealer that offers financing, training and a warranty as a dealer', () => {
    const { industry } = classifyIndustry({
      schemaTypes: [],
      texts: [
        { text: 'SEM Automotive . Sportieve en exclusieve occasions', weight: 6, identity: true },
        { text: 'Inkoop en taxatie . Garantie . Financiering . Leasing . Training voor uw team', weight: 2 },
        { text: 'Financiering op maat, leasing en financing voor particulieren.', weight: 1 },
      ],
    });
    expect(industry).toBe('Automotive');
  });

  it('counts financing and training in body copy a quarter, so they do not outweigh the offer', () => {
    const body = {
      text: 'Financing available. Financing for clinics. Training and workshops on site.',
      weight: 1,
    };
    const scores = new Map(classifyIndustry({ schemaTypes: [], texts: [body] }).scores);
    expect(scores.get('Financial services & insurance')).toBeLessThan(1);
    expect(scores.get('Education & training') ?? 0).toBeLessThan(1);
  });

  it('names an HVAC contractor a trade, not marketing', () => {
    const { industry } = classifyIndustry({
      schemaTypes: [],
      texts: [
        { text: 'TAB GmbH . Lüftung, Klima, Heizung und Brandschutz', weight: 3, identity: true },
        { text: 'Lüftungstechnik . Klimatechnik . Wartung & Instandhaltung', weight: 2 },
      ],
    });
    expect(industry).toBe('Construction & trades');
  });

  it('answers nothing from one text of body copy alone', () => {
    const body = 'Unsere Fliesen, Fliesen verlegen, Fliesen aus Italien, Sanierung und Renovierung.';
    expect(classifyIndustry({ schemaTypes: [], texts: [{ text: body, weight: 2 }] }).industry).toBeNull();
    // The same words in a second text (a heading) back it.
    const both = [
      { text: body, weight: 2 },
      { text: 'Fliesenleger Meisterbetrieb', weight: 2 },
    ];
    expect(classifyIndustry({ schemaTypes: [], texts: both }).industry).toBe('Construction & trades');
  });

  it("takes the source's category (OSM tag, Google type, CSV column) as strong evidence", () => {
    const body = [{ text: 'Wir bieten Finanzierung, Leasing und Kredit für Ihren Traum.', weight: 1 }];
    expect(classifyIndustry({ schemaTypes: [], texts: body, category: 'car dealer' }).industry).toBe(
      'Automotive',
    );
    expect(classifyIndustry({ schemaTypes: [], texts: [], category: 'dental_clinic' }).industry).toBe(
      'Dental',
    );
    expect(classifyIndustry({ schemaTypes: [], texts: [], category: 'heating engineer' }).industry).toBe(
      'Construction & trades',
    );
    expect(classifyIndustry({ schemaTypes: [], texts: [], category: 'Italian restaurant' }).industry).toBe(
      'Restaurants, cafés & bars',
    );
    // A category the table lacks is read by the keywords, as what names the business.
    expect(classifyIndustry({ schemaTypes: [], texts: [], category: 'Steuerkanzlei' }).industry).toBe(
      'Accounting & tax',
    );
  });

  it('reads what care services, vocational schools and marketplaces are', () => {
    // As the business's name says it (weight 6).
    expect(one('Seniorenbetreuung Sonnenschein', 6).industry).toBe('Healthcare & medical practices');
    expect(one('Städtische Berufsschule II', 6).industry).toBe('Education & training');
    expect(one('Der B2B-Marktplatz für Industriebedarf', 6).industry).toBe('E-commerce');
  });
});
