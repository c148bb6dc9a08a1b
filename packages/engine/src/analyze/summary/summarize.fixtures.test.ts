/**
 * ai_summary on the real pages of ../shared/fixtures/html/pages. Every expected value below was read in the page's
 * HTML (the line or element is named in the comment), not taken from our own output.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import {
  type FixturePage,
  hasFixtures,
  loadHtmlFixtures,
  MISSING_FIXTURES_MESSAGE,
} from '../../crawl/test-fixtures';
import { summarizeSite } from './summarize';
import type { AiSummary } from './types';

if (!hasFixtures) console.warn(MISSING_FIXTURES_MESSAGE);

describe.runIf(hasFixtures)('summarizeSite on real pages (../shared/fixtures)', () => {
  const results = new Map<string, AiSummary>();
  let fixtures: FixturePage[] = [];

  beforeAll(async () => {
    fixtures = loadHtmlFixtures();
    for (const fixture of fixtures) {
      const page = pageFromHtml({
        url: fixture.originalUrl,
        html: readFileSync(fixture.file, 'utf8'),
        headers: fixture.headers,
      });
      results.set(fixture.key.replace(/^pages\//, ''), await summarizeSite([page]));
    }
  }, 120_000);

  const of = (name: string): AiSummary => {
    const result = results.get(name);
    if (!result) throw new Error(`no fixture ${name}`);
    return result;
  };
  const values = (name: string, kind: string) =>
    of(name)
      .contacts.filter((c) => c.kind === kind)
      .map((c) => c.value);

  it('summarises every page without a model, saying the built-in analyzer produced it', () => {
    expect(results.size).toBe(fixtures.length);
    for (const [name, result] of results) {
      expect(result.produced_by, name).toBe('builtin');
      expect(result.source_urls, name).toHaveLength(1);
      for (const contact of result.contacts) expect(contact.source_url, name).toBe(result.source_urls[0]);
      if (result.industry !== null) expect(result.industry, name).toMatch(/\S/);
    }
  });

  it('reads the language the pages are written in (truth file), from lang or the text', () => {
    const truth = JSON.parse(
      readFileSync(fixtures[0]?.file.replace(/pages\/[^/]+$/, 'technologies.truth.json') ?? '', 'utf8'),
    );
    for (const [key, entry] of Object.entries(truth as Record<string, { language?: string }>)) {
      const name = key.replace(/^pages\//, '');
      // pix-bavaria.de was captured in its English version (<html lang="en">, English text); truth names the site's.
      if (!entry.language || entry.language.includes('/') || name === 'pix-bavaria.de.html') continue;
      expect(of(name).language, name).toBe(entry.language);
    }
    expect(of('pix-bavaria.de.html').language).toBe('en');
  });

  it('anwaltniemeyer.de: mailto, tel: link, visible address, LinkedIn, a lawyer speaking as "ich"', () => {
    const r = of('anwaltniemeyer.de.index.html');
    expect(values('anwaltniemeyer.de.index.html', 'email')).toEqual(['kanzlei@anwaltniemeyer.de']);
    // <a href="tel:+4952258738444">05225/8738444</a>
    expect(values('anwaltniemeyer.de.index.html', 'phone')).toEqual(['+4952258738444']);
    expect(values('anwaltniemeyer.de.index.html', 'address')).toEqual(['Vorwerks Hof 9, 32130 Enger']);
    expect(values('anwaltniemeyer.de.index.html', 'social')).toEqual(['https://linkedin.com/in/jcniemeyer']);
    expect(r.industry).toBe('Legal services');
    expect(r.employee_estimate).toBe(1);
    // The meta description, in the site's words.
    expect(r.summary).toMatch(/^Rechtsanwalt Jens-Christof Niemeyer ist im Internetrecht\/IT-Recht/);
    expect(r.keywords).toContain('rechtsanwalt');
  });

  it('buero-hoppe.de: phone and address from the footer line, services from the page, arborist industry', () => {
    // "Planungsbüro G. & L. Hoppe * Eckleinjarten 6 * 27580 Bremerhaven<br>Tel.: 0471 80 60 745 * info@buero-hoppe.de"
    expect(values('buero-hoppe.de.baumgutachten.html', 'phone')).toEqual(['+494718060745']);
    expect(values('buero-hoppe.de.baumgutachten.html', 'email')).toEqual(['info@buero-hoppe.de']);
    expect(values('buero-hoppe.de.baumgutachten.html', 'address')).toEqual([
      'Eckleinjarten 6, 27580 Bremerhaven',
    ]);
    const r = of('buero-hoppe.de.baumgutachten.html');
    expect(r.industry).toBe('Agriculture, forestry & gardening');
    expect(r.services).toContain('Baumkataster aufstellen und Pflegen');
    // "Seit fast 30 Jahren hat das Planungsbüro G. & L. Hoppe …"
    expect(r.size_hint).toBe('30 years in business');
  });

  it('daheim-solar.de: "mailto:%20info@…", visible phone, opening hours, JSON-LD organization and socials', () => {
    const name = 'daheim-solar.de.batteriespeicher.html';
    expect(values(name, 'email')).toEqual(['info@daheim-solar.de']);
    expect(values(name, 'phone')).toEqual(['+4989231416666']);
    // "Kontakt 089 231416666 Mo-Fr: 9:00-17:00 Uhr info@daheim-solar.de"
    expect(values(name, 'opening_hours')).toEqual(['Mo-Fr: 9:00-17:00 Uhr']);
    expect(values(name, 'social').sort()).toEqual([
      'https://facebook.com/daheimSolarEness',
      'https://instagram.com/daheim.solar',
    ]);
    expect(of(name).organization).toMatchObject({ '@type': 'Organization', name: 'daheim Solar' });
    expect(of(name).industry).toBe('Energy & solar');
  });

  it('hejfish.com: JSON-LD Organization with entity-encoded name, contactPoint phone and Austrian address', () => {
    const name = 'hejfish.com-stephan.html';
    expect(of(name).organization).toMatchObject({ name: 'Fishing & Outdoor Apps GmbH' });
    expect(values(name, 'phone')).toEqual(['+4367761275350']);
    expect(values(name, 'email')).toEqual(['info@hejfish.com']);
    expect(values(name, 'address')).toEqual(['Ederstraße 6a, 4020 Linz, Oberösterreich, Austria']);
    expect(values(name, 'social')).toEqual(
      expect.arrayContaining(['https://facebook.com/hejfish', 'https://instagram.com/hejfish_kommanswasser']),
    );
  });

  it('kikobeats.com: decodes the Cloudflare-protected address', () => {
    // <span class="__cf_email__" data-cfemail="1872776b7d7e…">[email protected]</span>
    expect(values('kikobeats.com.html', 'email')).toEqual(['josefrancisco.verdu@gmail.com']);
    expect(values('kikobeats.com.html', 'social')).toEqual(
      expect.arrayContaining(['https://x.com/Kikobeats', 'https://linkedin.com/in/kikobeats']),
    );
  });

  it('management-circle.de: footer phone and address, company profiles on five networks', () => {
    const name = 'management-circle.de.glasses.html';
    // "Management Circle AG Düsseldorfer Str. 36 65760 Eschborn/Ts. Germany Telefon: +49 6196 4722-800"
    expect(values(name, 'phone')).toEqual(['+4961964722800']);
    expect(values(name, 'address')).toEqual(['Düsseldorfer Str. 36, 65760 Eschborn/Ts']);
    expect(values(name, 'email')).toEqual(['info@managementcircle.de']);
    expect(values(name, 'social')).toEqual(
      expect.arrayContaining([
        'https://linkedin.com/company/management-circle-ag',
        'https://xing.com/companies/managementcircleag',
        'https://youtube.com/user/managementcircle',
      ]),
    );
  });

  it('schlosswirtjuval.it: Italian numbers by the .it TLD, both mailboxes, the tavern industry', () => {
    const name = 'schlosswirtjuval.it.geschichte.html';
    expect(values(name, 'phone')).toEqual(['+390473668056', '+393891976362']);
    expect(values(name, 'email').sort()).toEqual([
      'gasthaus@schlosswirtjuval.it',
      'info@schlosswirtjuval.it',
    ]);
    expect(values(name, 'address')).toEqual(['Juval 2, I-39020 Kastelbell-Tschars']);
    expect(of(name).industry).toBe('Restaurants, cafés & bars');
  });

  it("silkes-weinkeller.de: its own profiles, not the theme's demo profiles (codetipi)", () => {
    const name = 'silkes-weinkeller.de-dekantieren.html';
    expect(values(name, 'social').sort()).toEqual([
      'https://facebook.com/silkesweinkeller',
      'https://instagram.com/silkesweinkeller',
    ]);
    expect(values(name, 'email')).toEqual(['service@silkes-weinkeller.de']);
    // JSON-LD contactPoint "+49-2104-1779-0"
    expect(values(name, 'phone')).toEqual(['+49210417790']);
    expect(values(name, 'address')).toEqual(['Gold-Zack-Str. 9, 40822 Mettmann, Germany']);
  });

  it('trainingline-english.de: the ROT13-encoded address equals the mailto one; "Fon +49 (0)2202 -2809436"', () => {
    const name = 'trainingline-english.de.einzeltraining.html';
    expect(values(name, 'email')).toEqual(['info@teacher-to-rent.de']);
    expect(values(name, 'phone')).toEqual(['+4922022809436']);
    expect(values(name, 'address')).toEqual(['Reuterstr. 123, 51467 Bergisch Gladbach']);
    expect(of(name).industry).toBe('Education & training');
  });

  it('viehbacher.com: microdata Organization with two offices, tax advisers', () => {
    const name = 'viehbacher.com.steuerrecht.html';
    expect(of(name).organization).toMatchObject({
      '@type': 'Organization',
      brand: 'VIEHBACHER GmbH & Co. KG',
      address: { '@type': 'PostalAddress', postalCode: '80335', addressLocality: 'München' },
    });
    // itemprop="telephone": "+49 (0) 99 73 84 59 – 0" and "+49 (0) 89 20 80 27 250"
    expect(values(name, 'phone')).toEqual(['+49997384590', '+4989208027250']);
    expect(values(name, 'email').sort()).toEqual(['muenchen@viehbacher.com', 'steuer-de@viehbacher.com']);
    expect(of(name).industry).toBe('Accounting & tax');
  });

  it('whiskyverkostung.com: the booking phone and email repeated in the event list', () => {
    const name = 'whiskyverkostung.com.halle.html';
    expect(values(name, 'email')).toEqual(['wdz@whiskyverkostung.com']);
    // "per Tel. unter +4915208649244" and the tourist office's "Tel. unter 0345 122 99 84"
    expect(values(name, 'phone')).toEqual(['+4915208649244', '+493451229984']);
  });

  it('leaves out what only looks like contact data', () => {
    // wptavern's "tavernlogo@2x.png", microlink's placeholder "you@domain.com".
    expect(values('wordpress.source.html', 'email')).toEqual([]);
    expect(values('microlink.io.html', 'email')).toEqual(['hello@microlink.io']);
    // Share buttons and status links on spiceworks are not profiles.
    for (const url of values('spiceworks.source.html', 'social'))
      expect(url).not.toMatch(/share|intent|status/);
    // exlibris' catalogue numbers ("C31908-1016") are not phones.
    expect(values('exlibris-deg.de.balsamo.html', 'phone')).toEqual([]);
  });

  it('classifies the SaaS and media pages', () => {
    expect(of('microlink.io.html').industry).toBe('Software & IT services');
    expect(of('microlink.io.html').customer_type).toBe('B2B');
    expect(of('theverge.com.html').industry).toBe('Media & publishing');
    expect(of('vercel.com.html').summary).toMatch(
      /^Vercel is the easiest way to deploy websites\. Host your web projects with zero configuration, automatic SSL, and global CDN\./,
    );
  });
});
