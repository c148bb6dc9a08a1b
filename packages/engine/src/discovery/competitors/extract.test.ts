import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../crawl/page';
import {
  cleanCustomerName,
  companyFromAttribution,
  companyFromTitle,
  customerSite,
  extractCustomers,
  isCaseStudyPath,
} from './extract';

describe('reading customer names', () => {
  it('cleans logo alt texts and drops the ones that name no one', () => {
    expect(cleanCustomerName('Bright Smile Dental logo')).toBe('Bright Smile Dental');
    expect(cleanCustomerName('Logo Bäckerei Schäl')).toBe('Bäckerei Schäl');
    expect(cleanCustomerName('Logo of ACME Corp.')).toBe('ACME Corp');
    expect(cleanCustomerName('  “Acme”  ')).toBe('Acme');
    for (const noise of ['logo', 'Customer', 'Download on the App Store', '123', 'https://x.com', '', ' ']) {
      expect(cleanCustomerName(noise), noise).toBeNull();
    }
  });

  it('finds the company in a testimonial attribution, skipping the job title', () => {
    expect(companyFromAttribution('— Dr. Sarah Lin, Owner, Northgate Dental Care')).toBe(
      'Northgate Dental Care',
    );
    expect(companyFromAttribution('Marcus Reed, Practice Manager at Cedar Grove Pediatric Dentistry')).toBe(
      'Cedar Grove Pediatric Dentistry',
    );
    expect(companyFromAttribution('Thomas Wendt, Geschäftsführer bei Backhaus Wendt')).toBe('Backhaus Wendt');
    expect(companyFromAttribution('Claire Dubois, gérante chez Boulangerie Dubois, Lyon')).toBe(
      'Boulangerie Dubois',
    );
    expect(companyFromAttribution('Dr. Alan Chu, Riverside Family Dentistry')).toBe(
      'Riverside Family Dentistry',
    );
    expect(companyFromAttribution('Jana Brück')).toBeNull();
    expect(companyFromAttribution('Jane Doe, CEO')).toBeNull();
  });

  it('finds the company in a case-study title', () => {
    expect(companyFromTitle('How Riverside Family Dentistry cut no-shows by 38%')).toBe(
      'Riverside Family Dentistry',
    );
    expect(companyFromTitle('Summit Endodontics: a second location without a second receptionist')).toBe(
      'Summit Endodontics',
    );
    expect(companyFromTitle('Wie Bäckerei Frenzel ihre Filialen steuert')).toBe('Bäckerei Frenzel');
    expect(companyFromTitle('Acme Corp – scaling support | Vendor')).toBe('Acme Corp');
    expect(companyFromTitle('Reducing churn with better onboarding')).toBeNull();
  });

  it('tells case-study pages from list pages by their path', () => {
    expect(isCaseStudyPath('/customers/riverside-family-dentistry')).toBe(true);
    expect(isCaseStudyPath('/de/referenzen/baeckerei-schael/')).toBe(true);
    expect(isCaseStudyPath('/resources/case-studies/')).toBe(false);
    expect(isCaseStudyPath('/customers/page/2')).toBe(false);
    expect(isCaseStudyPath('/blog/customers-we-love')).toBe(false);
  });

  it('keeps a customer website only when it leaves the competitor, and is no social network, store or CDN', () => {
    const page = 'https://www.rival.io/customers';
    expect(customerSite('https://shop.acme.co.uk/about?x=1', page, 'rival.io')).toEqual({
      isInternal: false,
      website: 'https://shop.acme.co.uk/',
      domain: 'acme.co.uk',
    });
    expect(customerSite('/customers/acme', page, 'rival.io')).toMatchObject({ isInternal: true });
    expect(customerSite('https://app.rival.io/login', page, 'rival.io')).toMatchObject({ isInternal: true });
    for (const skipped of [
      'https://www.linkedin.com/company/acme',
      'https://apps.apple.com/app/id1',
      'https://d1.cloudfront.net/a.png',
      'https://github.com/acme',
      'mailto:hi@acme.com',
      'https://acme.com/logo.svg',
    ]) {
      expect(customerSite(skipped, page, 'rival.io'), skipped).toBeNull();
    }
  });

  it('reads a French "ils nous font confiance" wall and leaves the chrome alone', () => {
    const $ = parseHtml(`
      <header><a href="https://www.partenaire.fr/"><img alt="Partenaire"></a></header>
      <section><h2>Ils nous font confiance</h2>
        <a href="https://www.boulangerie-dubois.fr/"><img alt="Boulangerie Dubois"></a>
        <img alt="Logo Pharmacie du Centre">
      </section>
      <footer><a href="https://www.facebook.com/rival"><img alt="Facebook"></a></footer>`);
    const found = extractCustomers($, 'https://www.rival.fr/', { competitorSite: 'rival.fr', kind: 'home' });
    expect(found.map((f) => [f.name, f.domain, f.kind])).toEqual([
      ['Boulangerie Dubois', 'boulangerie-dubois.fr', 'logo'],
      ['Pharmacie du Centre', null, 'logo'],
    ]);
  });
});
