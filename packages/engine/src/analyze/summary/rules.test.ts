import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import type { PageRole } from '../../crawl/types';
import { findServices } from './builtin';
import { classifyCustomerType } from './customer-type';
import { classifyIndustry, INDUSTRIES, INDUSTRY_KEYWORDS } from './industries';
import { guessLanguage, languageFromTag, siteLanguage } from './language';
import { estimateSize, looksLikePersonName } from './size';
import { readStructuredData } from './structured-data';
import { extractSummary } from './summary-text';

const page = (body: string, options: { url?: string; head?: string; lang?: string; role?: PageRole } = {}) =>
  pageFromHtml({
    url: options.url ?? 'https://www.example.de/',
    role: options.role ?? 'home',
    html: `<!doctype html><html${options.lang ? ` lang="${options.lang}"` : ''}><head><title>t</title>${options.head ?? ''}</head><body>${body}</body></html>`,
  });

const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('readStructuredData', () => {
  it('reads a LocalBusiness from JSON-LD with its address, hours, phone, email and sameAs', () => {
    const facts = readStructuredData([
      page('', {
        head: jsonLd({
          '@context': 'https://schema.org',
          '@type': 'Dentist',
          name: 'Zahnarztpraxis Dr. Weber &amp; Kollegen',
          telephone: '+49 30 1234567',
          email: 'mailto:praxis@zahnarzt-weber.de',
          sameAs: ['https://www.instagram.com/zahnarzt.weber/'],
          address: {
            '@type': 'PostalAddress',
            streetAddress: 'Hauptstraße 5',
            postalCode: '10827',
            addressLocality: 'Berlin',
            addressCountry: 'DE',
          },
          openingHours: ['Mo-Fr 08:00-18:00'],
          openingHoursSpecification: [
            {
              '@type': 'OpeningHoursSpecification',
              dayOfWeek: ['https://schema.org/Saturday'],
              opens: '09:00:00',
              closes: '12:00:00',
            },
          ],
        }),
      }),
    ]);
    expect(facts.organization?.name).toBe('Zahnarztpraxis Dr. Weber & Kollegen');
    expect(facts.types).toEqual(['Dentist']);
    expect(facts.phones).toEqual(['+49 30 1234567']);
    expect(facts.emails).toEqual(['praxis@zahnarzt-weber.de']);
    expect(facts.sameAs).toEqual(['https://www.instagram.com/zahnarzt.weber/']);
    expect(facts.addresses).toEqual(['Hauptstraße 5, 10827 Berlin, DE']);
    expect(facts.openingHours).toEqual(['Mo-Fr 08:00-18:00', 'Saturday 09:00–12:00']);
    expect(facts.country).toBe('DE');
  });

  it('follows @graph and @id references, prefers the business node, and survives sloppy JSON', () => {
    const graph = `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
      {"@type":"WebSite","@id":"https://x.de/#website","name":"X","publisher":{"@id":"https://x.de/#org"}},
      {"@type":"Place","@id":"https://x.de/#place","address":{"@type":"PostalAddress","streetAddress":"Gold-Zack-Str. 9","addressLocality":"Mettmann","postalCode":"40822","addressCountry":"Germany"}},
      {"@type":"Organization","@id":"https://x.de/#org","name":"Silkes Weinkeller","contactPoint":[{"@type":"ContactPoint","telephone":"+49-2104-1779-0"}],"location":{"@id":"https://x.de/#place"},},
    ]}</script>`;
    const facts = readStructuredData([page('', { head: graph })]);
    expect(facts.organization?.name).toBe('Silkes Weinkeller');
    expect(facts.phones).toEqual(['+49-2104-1779-0']);
    expect(facts.addresses).toEqual(['Gold-Zack-Str. 9, 40822 Mettmann, Germany']);
    expect(facts.source_url).toBe('https://www.example.de/');
  });

  it('reads microdata, including a nested PostalAddress and properties in attributes', () => {
    const facts = readStructuredData([
      page(`
        <div itemscope itemtype="https://schema.org/WebPage"><div itemprop="publisher" itemscope itemtype="http://schema.org/LocalBusiness">
          <span itemprop="name">Bäckerei Schmidt</span>
          <meta itemprop="openingHours" content="Mo-Sa 06:00-18:00">
          <a itemprop="url" href="https://baeckerei-schmidt.de/">web</a>
          <div itemprop="address" itemscope itemtype="http://schema.org/PostalAddress">
            <span itemprop="streetAddress">Marktplatz 3</span>, <span itemprop="postalCode">93437</span>
            <span itemprop="addressLocality">Furth im Wald</span>
          </div>
          Tel. <span itemprop="telephone">09973 1234</span>
        </div></div>`),
    ]);
    expect(facts.organization).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Bäckerei Schmidt',
      url: 'https://baeckerei-schmidt.de/',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Marktplatz 3',
        postalCode: '93437',
        addressLocality: 'Furth im Wald',
      },
    });
    expect(facts.openingHours).toEqual(['Mo-Sa 06:00-18:00']);
    expect(facts.phones).toEqual(['09973 1234']);
    expect(facts.addresses).toEqual(['Marktplatz 3, 93437 Furth im Wald']);
  });

  it('finds nothing on pages without business markup', () => {
    const facts = readStructuredData([
      page('<p>x</p>', { head: jsonLd({ '@type': 'WebPage', name: 'Home' }) }),
    ]);
    expect(facts.organization).toBeNull();
    expect(facts.emails).toEqual([]);
  });
});

describe('language', () => {
  it('reads the lang attribute', () => {
    expect(languageFromTag('de-DE')).toBe('de');
    expect(languageFromTag(' en_US ')).toBe('en');
    expect(languageFromTag('x')).toBeNull();
    expect(siteLanguage([page('<p>Hallo</p>', { lang: 'de-AT' })])).toBe('de');
  });

  it('guesses en, de, fr, es, it and nl from stopwords, and nothing from too little text', () => {
    const samples: Record<string, string> = {
      en: 'We are a family business and we have been serving the people of the city for many years with the best bread that you can find in the region.',
      de: 'Wir sind ein Familienbetrieb und backen seit vielen Jahren für die Menschen in der Stadt das beste Brot, das Sie in der Region finden können, und das ist auch gut so.',
      fr: 'Nous sommes une entreprise familiale et nous servons les habitants de la ville depuis de nombreuses années avec le meilleur pain que vous pouvez trouver dans la région.',
      es: 'Somos una empresa familiar y desde hace muchos años servimos a los vecinos de la ciudad con el mejor pan que se puede encontrar en la región y en todo el país.',
      it: 'Siamo una azienda di famiglia e da molti anni serviamo gli abitanti della città con il pane migliore che si possa trovare nella regione e in tutta la provincia, anche per te.',
      nl: 'Wij zijn een familiebedrijf en bakken al vele jaren voor de mensen in de stad het beste brood dat u in de regio kunt vinden, en dat is ook niet voor niets zo.',
    };
    for (const [lang, text] of Object.entries(samples)) expect(guessLanguage(text), lang).toBe(lang);
    expect(guessLanguage('Bäckerei Schmidt')).toBeNull();
    expect(siteLanguage([page(`<p>${samples.fr}</p>`)])).toBe('fr');
  });
});

describe('size hints', () => {
  it('reads stated head counts in several languages', () => {
    expect(estimateSize([page('<p>We are a team of 12 passionate engineers.</p>')], 'en')).toEqual({
      size_hint: '11–50 employees (the site says “team of 12” (/))',
      employee_estimate: 12,
    });
    expect(
      estimateSize([page('<p>Heute beschäftigen wir über 250 Mitarbeiter an drei Standorten.</p>')], 'de')
        .employee_estimate,
    ).toBe(250);
    expect(
      estimateSize([page('<p>Notre équipe de 8 personnes vous accueille.</p>')], 'fr').employee_estimate,
    ).toBe(8);
    expect(
      estimateSize([page('<p>Contamos con 1.200 empleados en España.</p>')], 'es').employee_estimate,
    ).toBe(1200);
  });

  it('counts the people a team page shows', () => {
    const team = page(
      `<h1>Unser Team</h1>
       <div class="member"><h3>Anna Schmidt</h3><p>Geschäftsführerin</p></div>
       <div class="member"><h3>Dr. Jonas Weber</h3><p>Zahnarzt</p></div>
       <div class="member"><h3>Lena Müller-Lüdenscheidt</h3><p>Prophylaxe</p></div>
       <h3>Unsere Leistungen</h3>`,
      { role: 'team', url: 'https://x.de/team' },
    );
    const size = estimateSize([team], 'de');
    expect(size.employee_estimate).toBe(3);
    expect(size.size_hint).toBe('2–10 employees (the team page lists 3 people)');
    expect(looksLikePersonName('Unsere Leistungen')).toBe(false);
    expect(looksLikePersonName('Prof. Dr. Maria von Berg')).toBe(true);
  });

  it('says a first-person site is likely one person, ignoring quoted testimonials; and reads the founding year', () => {
    const solo =
      page(`<p>Ich bin Jens Niemeyer, Rechtsanwalt. Ich berate Start-ups. Ich freue mich auf Sie und mich erreichen Sie unter …</p>
      <p>„Wir danken Ihnen, wir sind begeistert, wir kommen wieder, uns hat es gefallen“ – Mandanten</p>`);
    expect(estimateSize([solo], 'de').employee_estimate).toBe(1);
    const old = estimateSize([page('<p>Seit 1998 sind wir Ihr Partner für Dächer.</p>')], 'de');
    expect(old).toEqual({ size_hint: 'founded 1998', employee_estimate: null });
    expect(
      estimateSize(
        [page('<p>Wir gehören zu den führenden Baudienstleistern mit 35 Jahren Erfahrung.</p>')],
        'de',
      ).size_hint,
    ).toBe('35 years in business');
  });
});

describe('industry and customer type', () => {
  it('has a fixed taxonomy with keyword rules for every value but "Other"', () => {
    expect(INDUSTRIES.length).toBeGreaterThanOrEqual(25);
    expect(INDUSTRIES.length).toBeLessThanOrEqual(40);
    expect(new Set(INDUSTRIES).size).toBe(INDUSTRIES.length);
    expect(Object.keys(INDUSTRY_KEYWORDS).sort()).toEqual(INDUSTRIES.filter((i) => i !== 'Other').sort());
  });

  it('classifies by weighted keywords, schema.org type and category, and says nothing when unclear', () => {
    // One text that says what the business is (a home page's title): body copy alone is too thin to answer.
    const one = (text: string, extra: Partial<Parameters<typeof classifyIndustry>[0]> = {}) =>
      classifyIndustry({ texts: [{ text, weight: 3, identity: true }], schemaTypes: [], ...extra }).industry;
    expect(one('Steuerberatung und Lohnbuchhaltung für den Mittelstand')).toBe('Accounting & tax');
    expect(one('Tragwerksplanung | RS Ingenieure')).toBe('Architecture & engineering');
    expect(one('Hundeschule: Welpentraining für Ihren Hund')).toBe('Pets & animal care');
    expect(one('Barrierefrei und hundert Jahre alt')).toBeNull();
    expect(one('Willkommen', { schemaTypes: ['Restaurant'] })).toBe('Restaurants, cafés & bars');
    expect(one('Willkommen', { category: 'dentist' })).toBe('Dental');
    expect(one('Willkommen auf unserer Seite')).toBeNull();
  });

  it('tells B2B from B2C from both by who the text addresses', () => {
    const b2b = page(
      '<p>Wir entwickeln Software für Unternehmen und Firmenkunden im Mittelstand. Request a demo.</p>',
    );
    const b2c = page(
      '<p>Tisch reservieren! Unsere Speisekarte für Familien und Gäste, Ferienwohnung im Urlaub.</p>',
    );
    const both = page(
      '<p>Für Privatkunden und Familien ebenso wie für Unternehmen, Firmenkunden und Kommunen: Beratung für Eigenheim und Betriebe.</p>',
    );
    expect(classifyCustomerType([b2b], 'Software & IT services')).toBe('B2B');
    expect(classifyCustomerType([b2c], 'Restaurants, cafés & bars')).toBe('B2C');
    expect(classifyCustomerType([both], null)).toBe('both');
    expect(classifyCustomerType([page('<p>Hallo Welt</p>')], null)).toBeNull();
  });
});

describe('built-in summary and services', () => {
  const empty = readStructuredData([]);

  it('extracts the meta description and the first real paragraph, at most three sentences', () => {
    const p = page(
      `<nav><ul><li><a href="/">Home</a></li></ul></nav>
       <main><h1>Bäckerei Schmidt</h1><p>Cookie-Hinweis: Wir verwenden Cookies.</p>
       <p>Seit drei Generationen backen wir in Leipzig Brot, Brötchen und Kuchen nach alten Rezepten, ohne Fertigmischungen. Unser Sauerteig reift 24 Stunden. Jeden Morgen ab 6 Uhr.</p></main>`,
      { head: '<meta name="description" content="Handwerksbäckerei in Leipzig-Gohlis">' },
    );
    expect(extractSummary([p], empty)).toBe(
      'Handwerksbäckerei in Leipzig-Gohlis. Seit drei Generationen backen wir in Leipzig Brot, Brötchen und Kuchen nach alten Rezepten, ohne Fertigmischungen. Unser Sauerteig reift 24 Stunden.',
    );
  });

  it('lists services from a services section and from service pages', () => {
    const p = page(
      `<main><h2>Unsere Leistungen</h2><ul><li>Dachsanierung</li><li>Dachfenster-Einbau</li><li>Spenglerarbeiten</li></ul>
       <h2>Über uns</h2><ul><li>Gegründet 1998 von Karl Dach, der das Handwerk von seinem Vater gelernt hat und seitdem</li></ul></main>`,
    );
    expect(findServices([p], empty)).toEqual(['Dachsanierung', 'Dachfenster-Einbau', 'Spenglerarbeiten']);
    const servicesPage = page(
      '<main><h1>Services</h1><h2>Tax returns</h2><h2>Payroll</h2><ul><li>Bookkeeping</li></ul></main>',
      {
        url: 'https://x.com/services/',
        role: 'other',
      },
    );
    expect(findServices([servicesPage], empty)).toEqual(['Tax returns', 'Payroll', 'Bookkeeping']);
  });
});
