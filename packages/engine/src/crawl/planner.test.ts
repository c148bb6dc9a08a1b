import { describe, expect, it } from 'vitest';
import { parseHtml } from './page';
import {
  canonicalPageKey,
  extractLinks,
  type PageLink,
  planCustomerPages,
  planPages,
  scoreCustomerLink,
  scoreLink,
} from './planner';

const links = (base: string, list: Array<[string, string]>): PageLink[] =>
  list.map(([href, text]) => ({ url: new URL(href, base).href, text }));
const byRole = (home: string, list: Array<[string, string]>, budget = 6) =>
  Object.fromEntries(
    planPages(home, links(home, list), { budget }).map((p) => [p.role, new URL(p.url).pathname]),
  );

describe('page planner', () => {
  it('picks the German pages that matter', () => {
    const home = 'https://www.baeckerei-mueller.de/';
    expect(
      byRole(home, [
        ['/', 'Startseite'],
        ['/produkte/brot', 'Unsere Brote'],
        ['/ueber-uns/', 'Über uns'],
        ['/kontakt.html', 'Kontakt'],
        ['/impressum', 'Impressum'],
        ['/datenschutz', 'Datenschutzerklärung'],
        ['/karriere/stellenangebote/', 'Jobs'],
        ['/unser-team', 'Das Team'],
        ['/preise', 'Preisliste'],
        ['/blog/2024/neues-brot', 'Neues Brot im Sortiment'],
        ['https://www.facebook.com/baeckerei', 'Facebook'],
        ['/flyer.pdf', 'Kontakt (PDF)'],
      ]),
    ).toEqual({
      about: '/ueber-uns/',
      contact: '/kontakt.html',
      imprint: '/impressum',
      careers: '/karriere/stellenangebote/',
      team: '/unser-team',
      pricing: '/preise',
    });
  });

  it('picks French pages by path and by link text', () => {
    const home = 'https://boulangerie-dupont.fr/';
    expect(
      byRole(home, [
        ['/qui-sommes-nous', 'Qui sommes-nous ?'],
        ['/nous-contacter', 'Contact'],
        ['/mentions-legales', 'Mentions légales'],
        ['/recrutement', 'Rejoignez-nous'],
        ['/page-12', 'Notre équipe'],
        ['/nos-tarifs', 'Tarifs'],
        ['/cgv', 'Conditions générales de vente'],
      ]),
    ).toEqual({
      about: '/qui-sommes-nous',
      contact: '/nous-contacter',
      imprint: '/mentions-legales',
      careers: '/recrutement',
      team: '/page-12',
      pricing: '/nos-tarifs',
    });
  });

  it('picks Spanish pages', () => {
    const home = 'https://www.talleres-garcia.es/';
    expect(
      byRole(home, [
        ['/quienes-somos/', 'Quiénes somos'],
        ['/contacto/', 'Contacto'],
        ['/aviso-legal/', 'Aviso legal'],
        ['/trabaja-con-nosotros/', 'Empleo'],
        ['/nuestro-equipo/', 'Equipo'],
        ['/precios/', 'Precios'],
        ['/politica-de-cookies/', 'Cookies'],
      ]),
    ).toEqual({
      about: '/quienes-somos/',
      contact: '/contacto/',
      imprint: '/aviso-legal/',
      careers: '/trabaja-con-nosotros/',
      team: '/nuestro-equipo/',
      pricing: '/precios/',
    });
  });

  it('picks English pages, same registrable domain only, without duplicates', () => {
    const home = 'https://acme.co.uk/';
    const plan = planPages(
      home,
      links(home, [
        ['/about-us', 'About us'],
        ['/about-us/', 'Learn more about us'],
        ['https://www.acme.co.uk/contact?utm_source=footer', 'Contact'],
        ['https://acme.co.uk/contact', 'Get in touch'],
        ['https://careers.acme.co.uk/', 'Careers'],
        ['https://jobs.lever.co/acme', 'Jobs'],
        ['https://other.co.uk/pricing', 'Pricing'],
        ['/legal/imprint', 'Legal notice'],
        ['/pricing#plans', 'Pricing'],
        ['/team', 'Meet the team'],
        ['/#top', 'Back to top'],
      ]),
    );
    expect(Object.fromEntries(plan.map((p) => [p.role, p.url]))).toEqual({
      about: 'https://acme.co.uk/about-us',
      contact: 'https://acme.co.uk/contact',
      imprint: 'https://acme.co.uk/legal/imprint',
      careers: 'https://careers.acme.co.uk/',
      team: 'https://acme.co.uk/team',
      pricing: 'https://acme.co.uk/pricing',
    });
    expect(plan).toHaveLength(6);
  });

  it('keeps to the budget, most useful roles first', () => {
    const home = 'https://example.de/';
    const plan = planPages(
      home,
      links(home, [
        ['/preise', 'Preise'],
        ['/team', 'Team'],
        ['/kontakt', 'Kontakt'],
        ['/impressum', 'Impressum'],
      ]),
      { budget: 2 },
    );
    expect(plan.map((p) => p.role)).toEqual(['contact', 'imprint']);
  });

  it('fills a spare budget with runner-up pages, at most two per role', () => {
    const home = 'https://example.com/';
    const plan = planPages(
      home,
      links(home, [
        ['/careers', 'Careers'],
        ['/careers/engineer', 'Engineer'],
        ['/careers/designer', 'Designer'],
        ['/careers/sales', 'Sales'],
      ]),
    );
    expect(plan.map((p) => new URL(p.url).pathname)).toHaveLength(2);
  });

  it('scores paths with umlauts and encoded characters', () => {
    expect(scoreLink(new URL('https://x.de/%C3%BCber-uns'), '').role).toBe('about');
    expect(scoreLink(new URL('https://x.de/wir'), 'Wir über uns').role).toBe('about');
    expect(scoreLink(new URL('https://x.de/a/b/c/d/e/kontakt'), '').score).toBeLessThan(
      scoreLink(new URL('https://x.de/kontakt'), '').score,
    );
  });

  it('extracts absolute links with their text, honouring <base>', () => {
    const $ = parseHtml(
      '<base href="https://x.de/de/"><a href="kontakt">Kontakt</a><a href="mailto:a@x.de">Mail</a>' +
        '<a href="/impressum" title="Impressum"><img alt="logo"></a><a href="#top">Top</a>',
    );
    expect(extractLinks($, 'https://x.de/')).toEqual([
      { url: 'https://x.de/de/kontakt', text: 'Kontakt' },
      { url: 'https://x.de/impressum', text: 'Impressum' },
      { url: 'https://x.de/de/', text: 'Top' },
    ]);
    expect(canonicalPageKey(new URL('http://www.x.de/Kontakt/index.html?utm_medium=x'))).toBe('x.de/kontakt');
  });

  it('plans customers pages (EN/DE/FR/ES) for competitor discovery, and leaves the enrichment plan as it was', () => {
    const home = 'https://www.practiceflow.io/';
    const list: Array<[string, string]> = [
      ['/pricing', 'Pricing'],
      ['/customers', 'Customers'],
      ['/customers/riverside-family-dentistry', 'Read the story'],
      ['/about', 'About'],
      ['/blog/why-recalls-matter', 'Why recalls matter'],
      ['https://www.facebook.com/practiceflow', 'Facebook'],
      ['https://other.io/case-studies', 'Case studies'],
      ['/resources/case-studies/', 'Case studies'],
      ['/wall-of-love', 'Testimonials'],
      ['/customers.pdf', 'Customers (PDF)'],
    ];
    expect(planCustomerPages(home, links(home, list)).map((p) => new URL(p.url).pathname)).toEqual([
      '/customers',
      '/resources/case-studies/',
      '/wall-of-love',
      '/customers/riverside-family-dentistry',
    ]);
    expect(planCustomerPages(home, links(home, list), { budget: 1 })).toHaveLength(1);
    // The enrichment roles never pick a customers page.
    expect(Object.keys(byRole(home, list))).toEqual(['about', 'pricing']);
    for (const [path, text] of [
      ['/referenzen', ''],
      ['/unsere-kunden/', 'Kunden'],
      ['/x', 'Kundenstimmen'],
      ['/temoignages', 'Témoignages'],
      ['/fr/ils-nous-font-confiance', ''],
      ['/etudes-de-cas', 'Études de cas'],
      ['/casos-de-exito', 'Casos de éxito'],
      ['/success-stories', 'Success stories'],
    ]) {
      expect(scoreCustomerLink(new URL(path as string, home), text as string), path).toBeGreaterThanOrEqual(
        5,
      );
    }
    expect(scoreCustomerLink(new URL('/kontakt', home), 'Kontakt')).toBe(0);
  });
});
