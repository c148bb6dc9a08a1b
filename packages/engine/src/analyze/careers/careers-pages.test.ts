/**
 * career_analysis without an ATS API: JobPosting markup (JSON-LD, microdata), a listing read off the page, a
 * not-hiring page, a site without a careers page, and cancelling.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../../crawl/fetcher';
import { pageFromHtml } from '../../crawl/page';
import { analyzeCareers } from './analyze';
import { home, site } from './careers.fixtures';

// A fetcher that may ask nothing but the loopback: no page here links an ATS, so it must never be used.
const fetcher = createFetcher({ allowAddresses: ['127.0.0.1'], retries: 0 });
afterAll(() => fetcher.close());

describe('career_analysis: JobPosting, pages, no careers page', () => {
  it('reads JSON-LD JobPosting (expired postings dropped, remote noted)', async () => {
    const ld = {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'JobPosting',
          title: 'Zahnmedizinische Fachangestellte (m/w/d)',
          datePosted: '2024-04-01',
          validThrough: '2999-12-31',
          hiringOrganization: { '@type': 'Organization', name: 'Praxis Acme' },
          jobLocation: {
            '@type': 'Place',
            address: { '@type': 'PostalAddress', addressLocality: 'Köln', addressCountry: 'DE' },
          },
          url: '/karriere/zfa',
        },
        { '@type': 'JobPosting', title: 'Old Role Manager', validThrough: '2001-01-01' },
        {
          '@type': 'JobPosting',
          title: 'Support Engineer',
          jobLocationType: 'TELECOMMUTE',
          occupationalCategory: 'IT',
        },
      ],
    };
    const page = site(
      `<script type="application/ld+json">${JSON.stringify(ld)}</script>`,
      'https://www.acme.example/karriere',
    );
    expect(await analyzeCareers([page])).toEqual({
      hiring: true,
      careers_url: 'https://www.acme.example/karriere',
      ats: null,
      roles: [
        {
          title: 'Zahnmedizinische Fachangestellte',
          department: null,
          location: 'Köln, DE',
          url: 'https://www.acme.example/karriere/zfa',
        },
        {
          title: 'Support Engineer',
          department: 'IT',
          location: 'Remote',
          url: 'https://www.acme.example/karriere',
        },
      ],
      source_url: 'https://www.acme.example/karriere',
      method: 'json_ld',
    });
  });

  it('reads microdata JobPosting', async () => {
    const page = site(
      '<div itemscope itemtype="https://schema.org/JobPosting"><h2 itemprop="title">Elektriker (m/w/d)</h2>' +
        '<div itemprop="jobLocation" itemscope itemtype="https://schema.org/Place"><div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">' +
        '<span itemprop="addressLocality">Graz</span></div></div></div>',
    );
    const analysis = await analyzeCareers([page]);
    expect(analysis.method).toBe('json_ld');
    expect(analysis.roles).toEqual([
      {
        title: 'Elektriker',
        department: null,
        location: 'Graz',
        url: 'https://www.acme.example/careers',
      },
    ]);
  });

  it('reads a German listing with location and department labels', async () => {
    const page = site(
      '<h1>Karriere</h1><h2>Aktuelle Stellenangebote</h2><ul>' +
        '<li><a href="/karriere/monteur">Monteur Heizung/Sanitär (m/w/d)</a><p>Standort: Linz</p><p>Abteilung: Service</p></li>' +
        '<li><a href="/karriere/azubi">Ausbildung zum Anlagenmechaniker</a><p>Standort: Wels</p></li></ul>' +
        '<h2>Warum wir?</h2><ul><li>Tolles Team</li></ul>',
      'https://www.acme.example/karriere',
    );
    const analysis = await analyzeCareers([page]);
    expect(analysis).toMatchObject({
      hiring: true,
      method: 'page',
      source_url: 'https://www.acme.example/karriere',
    });
    expect(analysis.roles).toEqual([
      {
        title: 'Monteur Heizung/Sanitär',
        department: 'Service',
        location: 'Linz',
        url: 'https://www.acme.example/karriere/monteur',
      },
      {
        title: 'Ausbildung zum Anlagenmechaniker',
        department: null,
        location: 'Wels',
        url: 'https://www.acme.example/karriere/azubi',
      },
    ]);
  });

  it('says not hiring when the careers page says so', async () => {
    const page = site(
      '<h1>Jobs</h1><p>Derzeit haben wir leider keine offenen Stellen. Initiativbewerbungen sind willkommen.</p>',
    );
    expect(await analyzeCareers([page])).toEqual({
      hiring: false,
      careers_url: 'https://www.acme.example/careers',
      ats: null,
      roles: [],
      source_url: 'https://www.acme.example/careers',
      method: 'page',
    });
  });

  it('answers null (could not tell) when there is no careers page', async () => {
    const pages = [
      home('<h1>Bäckerei Acme</h1><a href="/kontakt">Kontakt</a><p>Frische Brötchen seit 1920.</p>'),
      pageFromHtml({ url: 'https://www.acme.example/kontakt', html: '<h1>Kontakt</h1>', role: 'contact' }),
    ];
    expect(await analyzeCareers(pages, { fetcher })).toEqual({
      hiring: null,
      careers_url: null,
      ats: null,
      roles: [],
      source_url: null,
      method: 'none',
    });
  });

  it('trusts a careers page saying nothing is open over JobPostings its markup still carries', async () => {
    const stale = {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Servicetechniker (m/w/d)',
      hiringOrganization: { '@type': 'Organization', name: 'Acme' },
    };
    const page = site(`<script type="application/ld+json">${JSON.stringify(stale)}</script>
      <main><h1>Karriere</h1><p>Aktuell sind keine Positionen ausgeschrieben.</p>
      <p>Initiativbewerbungen senden Sie gern an jobs@acme.example.</p></main>`);
    const result = await analyzeCareers([home('<h1>Acme</h1>'), page], { fetcher });
    expect(result.hiring).toBe(false);
    expect(result.roles).toEqual([]);
  });

  it('reads a job ad that is the site’s start page, and a home page saying no job is open', async () => {
    const ad = home(`<main><h1>Servicetechniker Kältetechnik (m/w/d)</h1>
      <h2>Ihre Aufgaben</h2><ul><li>Wartung und Reparatur von Kälteanlagen</li></ul>
      <h2>Ihr Profil</h2><ul><li>Ausbildung als Mechatroniker für Kältetechnik</li></ul>
      <p><a href="mailto:bewerbung@acme.example">Jetzt bewerben</a></p></main>`);
    const hiring = await analyzeCareers([ad], { fetcher });
    expect(hiring.hiring).toBe(true);
    expect(hiring.roles.map((r) => r.title)).toEqual(['Servicetechniker Kältetechnik']);
    const none = home(`<main><h1>Acme Logistics</h1><p>We move freight across the Caribbean.</p>
      <h2>Careers</h2><p>We do not have any open job position at the moment.</p></main>`);
    expect((await analyzeCareers([none], { fetcher })).hiring).toBe(false);
    // A home page that says neither tells nothing.
    expect(
      (await analyzeCareers([home('<h1>Acme</h1><p>Freight forwarding.</p>')], { fetcher })).hiring,
    ).toBe(null);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(analyzeCareers([site('<h1>Jobs</h1>')], { signal: controller.signal })).rejects.toThrow();
  });
});
