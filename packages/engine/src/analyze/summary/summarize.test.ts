import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import type { PageRole } from '../../crawl/types';
import { summarizeSite } from './summarize';

const site = 'https://www.trattoria-da-mario.de';
const page = (path: string, role: PageRole, body: string, head = '') =>
  pageFromHtml({
    url: `${site}${path}`,
    role,
    html: `<!doctype html><html lang="de-DE"><head><title>Trattoria da Mario</title>${head}</head><body>
      <nav><a href="/">Start</a><a href="/ueber-uns">Über uns</a><a href="/kontakt">Kontakt</a></nav>${body}
      <footer><a href="https://www.facebook.com/trattoriadamario/">Facebook</a> · <a href="https://www.facebook.com/sharer/sharer.php?u=x">Teilen</a></footer>
      </body></html>`,
  });

// A crawl's pages in the order the crawler returned them (contact before home on purpose).
const pages = [
  page(
    '/kontakt',
    'contact',
    `<main><h1>Kontakt</h1><p>Schreiben Sie uns: mario (at) trattoria-da-mario (dot) de</p>
     <h2>Öffnungszeiten</h2><p>Di-So 11:30-14:30 und 17:30-22:00 Uhr</p><p>Montag Ruhetag</p></main>`,
  ),
  page(
    '/',
    'home',
    `<main><h1>Trattoria da Mario</h1><p>Seit 1987 kochen wir in Regensburg italienisch: hausgemachte Pasta, Pizza aus dem Holzofen und Weine aus dem Piemont. Reservieren Sie Ihren Tisch für Familienfeiern und Gäste.</p></main>`,
    `<meta name="description" content="Italienisches Restaurant in der Regensburger Altstadt.">
     <script type="application/ld+json">{"@context":"https://schema.org","@type":"Restaurant","name":"Trattoria da Mario",
       "telephone":"0941 123456","address":{"@type":"PostalAddress","streetAddress":"Watmarkt 5","postalCode":"93047","addressLocality":"Regensburg","addressCountry":"DE"}}</script>`,
  ),
  page(
    '/ueber-uns',
    'about',
    `<main><h1>Über uns</h1><p>Heute sorgt unser Team aus 14 Mitarbeitern jeden Tag dafür, dass Sie sich wie in Italien fühlen.</p></main>`,
  ),
  page('/impressum', 'imprint', `<main><p>Webdesign: Pixelwerk, kontakt@pixelwerk-agentur.de</p></main>`),
];

describe('summarizeSite on a small multi-page site (built-in)', () => {
  it('combines the pages, home first, and says where each fact was read', async () => {
    const result = await summarizeSite(pages, {
      business: { name: 'Trattoria da Mario', category: 'restaurant' },
    });
    expect(result.produced_by).toBe('builtin');
    expect(result.source_urls).toEqual([
      `${site}/`,
      `${site}/ueber-uns`,
      `${site}/kontakt`,
      `${site}/impressum`,
    ]);
    expect(result.summary).toBe(
      'Italienisches Restaurant in der Regensburger Altstadt. Seit 1987 kochen wir in Regensburg italienisch: hausgemachte Pasta, Pizza aus dem Holzofen und Weine aus dem Piemont. Reservieren Sie Ihren Tisch für Familienfeiern und Gäste.',
    );
    expect(result.industry).toBe('Restaurants, cafés & bars');
    expect(result.customer_type).toBe('B2C');
    expect(result.language).toBe('de');
    expect(result.employee_estimate).toBe(14);
    expect(result.size_hint).toBe(
      '11–50 employees (the site says “14 mitarbeitern” (/ueber-uns)); founded 1987',
    );
    expect(result.organization).toMatchObject({ '@type': 'Restaurant', name: 'Trattoria da Mario' });
    expect(result.contacts).toEqual([
      // The site's own address first, the web agency's after it.
      { kind: 'email', value: 'mario@trattoria-da-mario.de', source_url: `${site}/kontakt` },
      { kind: 'email', value: 'kontakt@pixelwerk-agentur.de', source_url: `${site}/impressum` },
      { kind: 'phone', value: '+49941123456', source_url: `${site}/` },
      { kind: 'social', value: 'https://facebook.com/trattoriadamario', source_url: `${site}/` },
      { kind: 'address', value: 'Watmarkt 5, 93047 Regensburg, DE', source_url: `${site}/` },
      {
        kind: 'opening_hours',
        value: 'Di-So 11:30-14:30 und 17:30-22:00 Uhr',
        source_url: `${site}/kontakt`,
      },
    ]);
    expect(result.keywords).toEqual(expect.arrayContaining(['trattoria', 'mario']));
  });

  it('reads the shared parsed pages without changing them (other analyzers read the same documents)', async () => {
    const before = pages.map((p) => p.$.html());
    await summarizeSite(pages);
    expect(pages.map((p) => p.$.html())).toEqual(before);
  });
});
