import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, type Fetcher } from '../../crawl/fetcher';
import type { RawBusiness } from '../source';
import { findCompetitorCustomers, mergeCompetitorCustomers } from './competitor-customers';
import { type CompetitorSites, startCompetitorSites } from './test-fixtures';

let sites: CompetitorSites;
let fetcher: Fetcher;

beforeAll(async () => {
  sites = await startCompetitorSites();
  fetcher = createFetcher({ allowAddresses: ['127.0.0.1'], resolve: sites.resolve, retries: 0 });
});
afterAll(async () => {
  await fetcher?.close();
  await sites?.close();
});

const byName = (list: RawBusiness[]) => new Map(list.map((b) => [b.name, b]));

describe('competitor customers from a competitor website', () => {
  it('PracticeFlow (EN): logo wall, customers page, case studies and testimonials, each with evidence', async () => {
    const result = await findCompetitorCustomers(sites.urlOf('practiceflow.io'), { fetcher });
    expect(result.error).toBeNull();
    expect(result.domain).toBe('practiceflow.io');
    const paths = result.pages.map((url) => new URL(url).pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/customers',
        '/customers/riverside-family-dentistry',
        '/customers/summit-endodontics',
      ]),
    );
    const found = byName(result.businesses);
    expect([...found.keys()].sort()).toEqual(
      [
        'Bright Smile Dental',
        'Cedar Grove Pediatric Dentistry',
        'Green Valley Dental',
        'Lakeside Family Dental',
        'Maple Leaf Dental Studio',
        'Northgate Dental Care',
        'Oak Street Orthodontics',
        'Pinecrest Smiles',
        'Riverside Family Dentistry',
        'Summit Endodontics',
        'harbourdentalgroup.co.uk',
      ].sort(),
    );
    for (const business of result.businesses) {
      expect(business).toMatchObject({ source: 'competitor', source_ref: 'practiceflow.io' });
      expect(business.url, business.name).toMatch(/^http:\/\/www\.practiceflow\.io:\d+\//);
      expect(business.snippet, business.name).toBeTruthy();
    }
    // Websites where the page links one; tracking parameters and paths dropped.
    expect(found.get('Bright Smile Dental')).toMatchObject({
      website: 'https://www.brightsmiledental.com/',
      domain: 'brightsmiledental.com',
    });
    expect(found.get('harbourdentalgroup.co.uk')?.domain).toBe('harbourdentalgroup.co.uk');
    expect(found.get('Northgate Dental Care')).toMatchObject({
      domain: 'northgatedental.com',
      snippet: expect.stringMatching(
        /^“We cut our no-show rate.*— Dr\. Sarah Lin, Owner, Northgate Dental Care$/,
      ),
    });
    expect(found.get('Cedar Grove Pediatric Dentistry')).toMatchObject({ website: null, domain: null });
    // A case study is the strongest evidence: its page and title, and the website from its facts box.
    expect(found.get('Riverside Family Dentistry')).toMatchObject({
      domain: 'riversidefamilydentistry.com',
      url: expect.stringMatching(/\/customers\/riverside-family-dentistry$/),
      snippet: 'How Riverside Family Dentistry cut no-shows by 38%',
    });
    expect(found.get('Summit Endodontics')?.domain).toBe('summitendo.com');
    // A logo linking to Instagram or a CDN image names the customer but gives no website.
    expect(found.get('Pinecrest Smiles')).toMatchObject({ website: null, domain: null });
    expect(found.get('Maple Leaf Dental Studio')).toMatchObject({ website: null, domain: null });
    // Never the competitor itself, its integrations, social networks or app stores.
    const domains = result.businesses.map((b) => b.domain).filter(Boolean);
    for (const skipped of ['practiceflow.io', 'dentrix.com', 'opendental.com', 'apple.com', 'twitter.com'])
      expect(domains).not.toContain(skipped);
  });

  it('KassenMeister (DE): Referenzen table, Kundenstimmen and the logo slider', async () => {
    const result = await findCompetitorCustomers(sites.urlOf('kassenmeister.de'), { fetcher });
    expect(result.error).toBeNull();
    const found = byName(result.businesses);
    expect([...found.keys()].sort()).toEqual(
      [
        'Backhaus Wendt',
        'Bäckerei Frenzel',
        'Bäckerei Schäl',
        'Café Kaffeeklatsch',
        'Konditorei Lehmann',
      ].sort(),
    );
    expect(found.get('Bäckerei Schäl')).toMatchObject({ domain: 'baeckerei-schael.de' });
    expect(found.get('Café Kaffeeklatsch')).toMatchObject({ website: 'http://www.cafe-kaffeeklatsch.de/' });
    // A builder subdomain is the business's own site.
    expect(found.get('Bäckerei Frenzel')?.domain).toBe('baeckerei-frenzel.business.site');
    // The testimonial names the company after the job title; its logo gave the website.
    expect(found.get('Konditorei Lehmann')).toMatchObject({
      domain: 'konditorei-lehmann.de',
      snippet: expect.stringContaining('Martina Koch, Inhaberin, Konditorei Lehmann'),
    });
    expect(found.get('Backhaus Wendt')?.snippet).toMatch(/Geschäftsführer bei Backhaus Wendt/);
    expect(result.businesses.every((b) => b.source_ref === 'kassenmeister.de')).toBe(true);
  });

  it('a start URL that is the customers page itself; an unreachable competitor fails in plain words', async () => {
    const direct = await findCompetitorCustomers(sites.urlOf('kassenmeister.de', '/referenzen/'), {
      fetcher,
    });
    expect(direct.businesses.map((b) => b.name)).toEqual(
      expect.arrayContaining(['Bäckerei Schäl', 'Backhaus Wendt', 'Bäckerei Frenzel']),
    );
    const missing = await findCompetitorCustomers(sites.urlOf('practiceflow.io', '/no-such-page'), {
      fetcher,
    });
    expect(missing.businesses).toEqual([]);
    expect(missing.error).toMatch(/could not be read/);
  });

  it('merges customers named by several competitors, and keeps name-only customers apart', () => {
    const base = {
      email: null,
      phone: null,
      address: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
      lat: null,
      lng: null,
      category: null,
      rating: null,
      review_count: null,
      source: 'competitor',
    };
    const merged = mergeCompetitorCustomers([
      { ...base, name: 'Backhaus Wendt', website: null, domain: null, source_ref: 'a.de' },
      { ...base, name: 'Bäckerei Schäl', website: null, domain: null, source_ref: 'a.de' },
      { ...base, name: 'Backhaus Wendt GmbH', website: null, domain: null, source_ref: 'b.de' },
      { ...base, name: 'Schäl', website: 'https://x.de/', domain: 'x.de', source_ref: 'b.de' },
    ]);
    const keys = merged.map((m) => m.dedupe_key);
    expect(keys).toEqual(['c:backhaus wendt', 'c:backerei schal', 'c:backhaus wendt', 'd:x.de|schal']);
  });
});
