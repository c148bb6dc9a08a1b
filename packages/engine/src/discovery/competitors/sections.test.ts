/**
 * A customers wall among the other logo walls of a SaaS page: integrations, press, badges and seals, investors and
 * resellers use the same markup, and only the customers may come out.
 */
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../crawl/page';
import { groupEvidence, isSameNameShortened } from './customer-groups';
import { extractCustomers } from './extract';
import { companyFromAttribution, companyFromTitle, isBadgeOrInvestor, nameFromImageFile } from './names';
import { kindOfText } from './sections';

const SAAS_HOME = `
  <main>
    <section class="section-logos"><div class="logos-heading">Trusted by 2,000+ salons</div>
      <div class="logo-grid"><img src="/cdn/6401b7c30a_Logo_Casa_Verde.svg" alt=""><img src="/cdn/studio-nord.png" alt="Studio Nord"></div>
    </section>
    <section class="section-integrations"><h2>Works with the tools you already use</h2>
      <div class="logo-grid"><img src="/cdn/xero.svg" alt="Xero"><a href="https://slack.com/"><img src="/cdn/slack.svg" alt="Slack"></a></div>
    </section>
    <section class="press"><h2>As featured in</h2><div class="logos"><img src="/cdn/techcrunch.svg" alt="TechCrunch"></div></section>
    <section class="zertifikate"><h2>Zertifiziert und sicher</h2><div class="logos"><img src="/cdn/tuev.png" alt="TÜV SÜD geprüft"><img src="/cdn/iso.png" alt="ISO 27001"></div></section>
    <section><h2>Backed by</h2><div class="logos"><img src="/cdn/a.svg" alt="Sequoia Capital"><img src="/cdn/y-combinator.svg" alt=""></div></section>
    <section><h2>Unsere Vertriebspartner</h2><div class="logos"><a href="https://www.medicom-vertrieb.de/">Medicom Vertrieb</a></div></section>
    <section class="testimonials"><h2>Das sagen unsere Kunden</h2>
      <div class="testimonial"><p class="quote">„Endlich weniger Telefon.“</p><div class="author"><div class="name">Julia M.</div><div class="job">Medizinische Fachangestellte</div></div></div>
      <div class="testimonial"><p class="quote">„Halb so viele Ausfälle.“</p><div class="author"><div class="name">Dr. Thomas Weber</div><div class="job">Facharzt, Hausarztpraxis Dr. Weber</div></div></div>
    </section>
  </main>`;

describe('the section a name stands in', () => {
  it('keeps the customers and leaves integrations, press, seals, investors, resellers and job titles out', () => {
    const $ = parseHtml(SAAS_HOME);
    const found = extractCustomers($, 'https://www.rival.io/', { competitorSite: 'rival.io', kind: 'home' });
    expect(found.map((f) => f.name)).toEqual(['Casa Verde', 'Studio Nord', 'Hausarztpraxis Dr. Weber']);
  });

  it('tells customers headings from the others in several languages', () => {
    for (const text of [
      'Trusted by 2,000+ restaurants',
      'Unsere Kunden',
      'Ils nous font confiance',
      'Confían en nosotros',
      'Wat onze klanten zeggen',
    ])
      expect(kindOfText(text), text).toBe('customers');
    for (const text of [
      'Integrations',
      'Works with your stack',
      'As featured in',
      'Backed by',
      'Bekannt aus',
      'Vu dans la presse',
      'Nos revendeurs',
      'Koppelingen',
      'Pakete im Überblick',
    ])
      expect(kindOfText(text), text).toBe('other');
    expect(kindOfText('Everything front-of-house needs')).toBe('unknown');
  });
});

describe('names on competitor pages', () => {
  it('reads a company after a role in French, Spanish, Dutch and German, and none from a role alone', () => {
    expect(companyFromAttribution('Sophie Laurent, gérante de la Boulangerie Laurent')).toBe(
      'Boulangerie Laurent',
    );
    expect(companyFromAttribution('Laura Gómez, propietaria de Clínica Dental Sonrisa')).toBe(
      'Clínica Dental Sonrisa',
    );
    expect(companyFromAttribution('Sanne de Vries, eigenaar van Kapsalon De Schaar')).toBe(
      'Kapsalon De Schaar',
    );
    expect(companyFromAttribution('Hélène Dupont — Fromagerie Dupont, Annecy')).toBe('Fromagerie Dupont');
    expect(companyFromAttribution('Sabine Krüger, Praxismanagerin, Orthopädie am Markt')).toBe(
      'Orthopädie am Markt',
    );
    for (const roleOnly of [
      'Julia M., Medizinische Fachangestellte',
      'Karim B., serveur',
      'Priya Nair, Head Sommelier',
      'Verified User in Retail · Small-Business (50 or fewer emp.)',
    ])
      expect(companyFromAttribution(roleOnly), roleOnly).toBeNull();
  });

  it('reads a logo’s name from its image file when the alt text is empty', () => {
    expect(nameFromImageFile('https://cdn.example/6401b7c30a_Logo_Casa_Verde.svg')).toBe('Casa Verde');
    expect(
      nameFromImageFile(
        '/hubfs/Customer%20Logos/Lone%20Star%20Plumbing%20%26%20Heating%20Logo.png?width=240',
      ),
    ).toBe('Lone Star Plumbing & Heating');
    expect(nameFromImageFile('/img/copper-pot-bistro@2x.webp')).toBe('Copper Pot Bistro');
    expect(nameFromImageFile('/_next/image?url=%2Fimages%2Fshops%2Fhouse-of-threads.png&w=256&q=75')).toBe(
      'House Of Threads',
    );
    for (const noName of ['/hubfs/logos/img-0042.png', '/badges/soc-2-type-2.png', '/a/3f9c1e77ab.png'])
      expect(nameFromImageFile(noName), noName).toBeNull();
  });

  it('reads the company from story titles, dropping the site name', () => {
    expect(companyFromTitle('Wheelhouse Cycles cut stock-outs by 40% — ShopKassa')).toBe('Wheelhouse Cycles');
    expect(companyFromTitle('Wie die Zahnarztpraxis am Dom ihre Recall-Quote verdoppelt hat')).toBe(
      'Zahnarztpraxis am Dom',
    );
    expect(companyFromTitle('How The Tasting Room Wine Bar fills its Tuesdays')).toBe(
      'The Tasting Room Wine Bar',
    );
    expect(companyFromTitle('Customer Stories')).toBeNull();
  });

  it('knows badges, seals and investors are no customers', () => {
    for (const name of [
      'G2 Leader Spring 2025',
      'SOC 2 Type II',
      'ISO 27001',
      'TÜV SÜD',
      'Certifié NF525',
      'Sequoia Capital',
      'Kima Ventures',
      'Y Combinator',
    ])
      expect(isBadgeOrInvestor(name), name).toBe(true);
    for (const name of ['Casa Verde', 'Northgate Dental Care', 'Harbor House Oyster Bar'])
      expect(isBadgeOrInvestor(name), name).toBe(false);
  });
});

describe('one record per customer', () => {
  it('takes a shortened name, an article apart or a name its website carries for the same customer', () => {
    expect(isSameNameShortened('The Tasting Room', 'The Tasting Room Wine Bar')).toBe(true);
    expect(isSameNameShortened('Petit Zinc', 'Le Petit Zinc')).toBe(true);
    expect(isSameNameShortened('Dental Care', 'Northgate Dental Care')).toBe(false);
    expect(isSameNameShortened('Summit', 'Summit Endodontics')).toBe(false);
    const evidence = (name: string, domain: string | null = null) => ({
      name,
      website: domain && `https://${domain}/`,
      domain,
      kind: 'logo' as const,
      url: 'https://rival.io/',
      snippet: name,
    });
    const groups = groupEvidence([
      evidence('The Tasting Room Wine Bar'),
      evidence('The Tasting Room', 'thetastingroomnapa.com'),
      evidence('Blue Ridge HVAC'),
      evidence('blueridgehvac.com', 'blueridgehvac.com'),
      evidence('Casa Verde', 'casaverde.com'),
      evidence('Casa Verde Group', 'casaverdegroup.com'),
    ]);
    expect(groups.map((g) => g.map((e) => e.name))).toEqual([
      ['The Tasting Room Wine Bar', 'The Tasting Room'],
      ['Blue Ridge HVAC', 'blueridgehvac.com'],
      ['Casa Verde'],
      ['Casa Verde Group'],
    ]);
  });
});
