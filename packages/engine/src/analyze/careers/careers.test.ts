/**
 * career_analysis against a local server that speaks each ATS's public job API (response shapes as the vendors
 * document them), plus JobPosting markup, a not-hiring page and a site without a careers page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticResolver } from '../../crawl/dns';
import { createFetcher, type Fetcher } from '../../crawl/fetcher';
import { pageFromHtml } from '../../crawl/page';
import { hostOf, type LocalServer, startServer } from '../../crawl/test-server';
import { analyzeCareers } from './analyze';

const API_HOSTS = [
  'boards-api.greenhouse.io',
  'api.lever.co',
  'apply.workable.com',
  'acme.jobs.personio.de',
  'acme.recruitee.com',
  'acme.bamboohr.com',
  'api.ashbyhq.com',
  'api.smartrecruiters.com',
  'acme.breezy.hr',
];

const API: Record<string, { type: string; body: string }> = {
  'boards-api.greenhouse.io/v1/boards/acme/departments': {
    type: 'application/json',
    body: JSON.stringify({
      departments: [
        {
          id: 4008,
          name: 'Engineering',
          parent_id: null,
          child_ids: [],
          jobs: [
            {
              id: 127817,
              internal_job_id: 144381,
              title: 'Backend Engineer',
              updated_at: '2024-04-10T17:21:22-04:00',
              requisition_id: '50',
              location: { name: 'Berlin, Germany' },
              absolute_url: 'https://boards.greenhouse.io/acme/jobs/127817',
              metadata: null,
            },
          ],
        },
        {
          id: 0,
          name: 'No Department',
          parent_id: null,
          child_ids: [],
          jobs: [
            {
              id: 127818,
              title: 'Office Manager',
              location: { name: 'Remote' },
              absolute_url: 'https://boards.greenhouse.io/acme/jobs/127818',
            },
          ],
        },
      ],
    }),
  },
  'boards-api.greenhouse.io/v1/boards/sponsor/departments': {
    type: 'application/json',
    body: JSON.stringify({
      departments: [
        {
          id: 1,
          name: 'Projects',
          jobs: [
            { id: 11, title: 'Data Engineer', location: { name: 'Remote' }, absolute_url: 'https://x/11' },
            {
              id: 12,
              title: 'Other Project Lead',
              location: { name: 'Remote' },
              absolute_url: 'https://x/12',
            },
          ],
        },
      ],
    }),
  },
  'api.lever.co/v0/postings/acme?mode=json': {
    type: 'application/json',
    body: JSON.stringify([
      {
        id: '5ac21346-8e0c-4494-8e7a-3eb92ff77902',
        text: 'Senior Product Designer',
        categories: {
          commitment: 'Full-time',
          department: 'Product',
          location: 'San Francisco',
          team: 'Design',
          allLocations: ['San Francisco'],
        },
        hostedUrl: 'https://jobs.lever.co/acme/5ac21346-8e0c-4494-8e7a-3eb92ff77902',
        applyUrl: 'https://jobs.lever.co/acme/5ac21346-8e0c-4494-8e7a-3eb92ff77902/apply',
        createdAt: 1502907172814,
        workplaceType: 'onsite',
      },
    ]),
  },
  'apply.workable.com/api/v1/widget/accounts/acme': {
    type: 'application/json',
    body: JSON.stringify({
      name: 'Acme',
      description: null,
      jobs: [
        {
          title: 'Customer Support Specialist',
          shortcode: 'A1B2C3D4E5',
          code: '',
          employment_type: 'Full-time',
          telecommuting: true,
          department: 'Support',
          url: 'https://apply.workable.com/j/A1B2C3D4E5',
          shortlink: 'https://apply.workable.com/j/A1B2C3D4E5',
          application_url: 'https://apply.workable.com/j/A1B2C3D4E5/apply',
          published_on: '2024-03-01',
          created_at: '2024-03-01',
          country: 'Greece',
          city: 'Athens',
          state: 'Attica',
          locations: [
            { country: 'Greece', countryCode: 'GR', city: 'Athens', region: 'Attica', hidden: false },
          ],
        },
      ],
    }),
  },
  'acme.jobs.personio.de/xml': {
    type: 'text/xml; charset=UTF-8',
    body: `<?xml version="1.0" encoding="UTF-8"?>
<workzag-jobs>
  <position>
    <id>1234567</id>
    <subcompany>Acme GmbH</subcompany>
    <office>München</office>
    <additionalOffices><office>Berlin</office></additionalOffices>
    <department>Vertrieb</department>
    <recruitingCategory>Sales</recruitingCategory>
    <name>Vertriebsmitarbeiter (m/w/d)</name>
    <jobDescriptions><jobDescription><name>Ihre Aufgaben</name><value><![CDATA[<p>Beraten</p>]]></value></jobDescription></jobDescriptions>
    <employmentType>permanent</employmentType>
    <seniority>experienced</seniority>
    <schedule>full-time</schedule>
    <createdAt>2024-02-01T10:00:00+00:00</createdAt>
  </position>
</workzag-jobs>`,
  },
  'acme.recruitee.com/api/offers/': {
    type: 'application/json',
    body: JSON.stringify({
      offers: [
        {
          id: 990011,
          slug: 'frontend-developer',
          title: 'Frontend Developer',
          department: 'Engineering',
          location: 'Amsterdam, Netherlands',
          city: 'Amsterdam',
          country: 'Netherlands',
          remote: false,
          status: 'published',
          careers_url: 'https://acme.recruitee.com/o/frontend-developer',
        },
      ],
    }),
  },
  'acme.bamboohr.com/careers/list': {
    type: 'application/json',
    body: JSON.stringify({
      meta: { totalCount: 1 },
      result: [
        {
          id: '42',
          jobOpeningName: 'Staff Accountant',
          departmentId: '18',
          departmentLabel: 'Finance',
          employmentStatusLabel: 'Full-Time',
          location: { city: 'Provo', state: 'Utah' },
          atsLocation: { country: null, state: null, province: null, city: null },
          isRemote: null,
          locationType: '0',
        },
      ],
    }),
  },
  'api.ashbyhq.com/posting-api/job-board/acme': {
    type: 'application/json',
    body: JSON.stringify({
      apiVersion: '1',
      jobs: [
        {
          id: 'b5a0c9d6-0000-4000-8000-000000000001',
          title: 'Machine Learning Engineer',
          department: 'Research',
          team: 'Applied ML',
          employmentType: 'FullTime',
          location: 'London',
          secondaryLocations: [],
          isListed: true,
          isRemote: true,
          publishedAt: '2024-04-01T00:00:00.000+00:00',
          jobUrl: 'https://jobs.ashbyhq.com/acme/b5a0c9d6-0000-4000-8000-000000000001',
          applyUrl: 'https://jobs.ashbyhq.com/acme/b5a0c9d6-0000-4000-8000-000000000001/application',
        },
        { id: 'hidden', title: 'Unlisted Role Engineer', isListed: false, location: 'London' },
      ],
    }),
  },
  'api.smartrecruiters.com/v1/companies/Acme/postings': {
    type: 'application/json',
    body: JSON.stringify({
      offset: 0,
      limit: 100,
      totalFound: 1,
      content: [
        {
          id: '743999912345678',
          name: 'Warehouse Operator',
          uuid: '0f0e0d0c',
          refNumber: 'REF123',
          company: { identifier: 'Acme', name: 'Acme' },
          releasedDate: '2024-04-02T10:00:00.000Z',
          location: { city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'fr', remote: false },
          department: { id: '1', label: 'Logistics' },
          typeOfEmployment: { label: 'Full-time' },
        },
      ],
    }),
  },
  'acme.breezy.hr/json': {
    type: 'application/json',
    body: JSON.stringify([
      {
        id: 'abc123def456',
        friendly_id: 'abc123def456-sales-representative',
        name: 'Sales Representative',
        url: 'https://acme.breezy.hr/p/abc123def456-sales-representative',
        published_date: '2024-04-03T00:00:00.000Z',
        type: { id: 'fullTime', name: 'Full-Time' },
        location: {
          country: { name: 'United States', id: 'US' },
          state: null,
          city: 'Austin',
          name: 'Austin, TX',
          is_remote: false,
        },
        department: 'Sales',
      },
    ]),
  },
};

let server: LocalServer;
let fetcher: Fetcher;
const asked: string[] = [];
const rewriteApiUrl = (url: string) => url.replace(/^https:\/\/([^/]+)/, `http://$1:${server.port}`);

beforeAll(async () => {
  server = await startServer((req, res) => {
    const key = `${hostOf(req)}${req.url}`;
    if (req.url === '/robots.txt') return res.writeHead(404).end();
    asked.push(key);
    const answer = API[key];
    if (!answer)
      return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    res.writeHead(200, { 'content-type': answer.type }).end(answer.body);
  });
  fetcher = createFetcher({
    allowAddresses: ['127.0.0.1'],
    resolve: createStaticResolver(Object.fromEntries(API_HOSTS.map((h) => [h, '127.0.0.1']))),
    retries: 0,
  });
});

afterAll(async () => {
  await fetcher?.close();
  await server?.close();
});

const site = (body: string, url = 'https://www.acme.example/careers') =>
  pageFromHtml({
    url,
    html: `<html><head><title>Careers</title></head><body>${body}</body></html>`,
    role: 'careers',
  });
const home = (body: string) =>
  pageFromHtml({ url: 'https://www.acme.example/', html: `<html><body>${body}</body></html>`, role: 'home' });

describe('career_analysis: ATS public APIs', () => {
  it.each([
    [
      'Greenhouse (embedded board)',
      '<div id="grnhse_app"></div><script src="https://boards.greenhouse.io/embed/job_board/js?for=acme"></script>',
      'https://boards-api.greenhouse.io/v1/boards/acme/departments',
      [
        {
          title: 'Backend Engineer',
          department: 'Engineering',
          location: 'Berlin, Germany',
          url: 'https://boards.greenhouse.io/acme/jobs/127817',
        },
        {
          title: 'Office Manager',
          department: null,
          location: 'Remote',
          url: 'https://boards.greenhouse.io/acme/jobs/127818',
        },
      ],
    ],
    [
      'Lever (board link)',
      '<a href="https://jobs.lever.co/acme">See all open roles</a>',
      'https://api.lever.co/v0/postings/acme?mode=json',
      [
        {
          title: 'Senior Product Designer',
          department: 'Product',
          location: 'San Francisco',
          url: 'https://jobs.lever.co/acme/5ac21346-8e0c-4494-8e7a-3eb92ff77902',
        },
      ],
    ],
    [
      'Workable (iframe)',
      '<iframe src="https://apply.workable.com/acme/"></iframe>',
      'https://apply.workable.com/api/v1/widget/accounts/acme',
      [
        {
          title: 'Customer Support Specialist',
          department: 'Support',
          location: 'Athens, Attica, Greece (remote)',
          url: 'https://apply.workable.com/j/A1B2C3D4E5',
        },
      ],
    ],
    [
      'Personio (XML feed)',
      '<a href="https://acme.jobs.personio.de/">Offene Stellen</a>',
      'https://acme.jobs.personio.de/xml',
      [
        {
          title: 'Vertriebsmitarbeiter',
          department: 'Vertrieb',
          location: 'München, Berlin',
          url: 'https://acme.jobs.personio.de/job/1234567',
        },
      ],
    ],
    [
      'Recruitee (widget script)',
      '<script>var cfg = {"url":"https:\\/\\/acme.recruitee.com\\/"};</script>',
      'https://acme.recruitee.com/api/offers/',
      [
        {
          title: 'Frontend Developer',
          department: 'Engineering',
          location: 'Amsterdam, Netherlands',
          url: 'https://acme.recruitee.com/o/frontend-developer',
        },
      ],
    ],
    [
      'BambooHR (embed)',
      '<div id="BambooHR"></div><script src="https://acme.bamboohr.com/js/embed.js"></script>',
      'https://acme.bamboohr.com/careers/list',
      [
        {
          title: 'Staff Accountant',
          department: 'Finance',
          location: 'Provo, Utah',
          url: 'https://acme.bamboohr.com/careers/42',
        },
      ],
    ],
    [
      'Ashby (embed script; unlisted postings skipped)',
      '<div id="ashby_embed"></div><script src="https://jobs.ashbyhq.com/acme/embed"></script>',
      'https://api.ashbyhq.com/posting-api/job-board/acme',
      [
        {
          title: 'Machine Learning Engineer',
          department: 'Research',
          location: 'London (remote)',
          url: 'https://jobs.ashbyhq.com/acme/b5a0c9d6-0000-4000-8000-000000000001',
        },
      ],
    ],
    [
      'SmartRecruiters (board link)',
      '<a href="https://careers.smartrecruiters.com/Acme">Jobs</a>',
      'https://api.smartrecruiters.com/v1/companies/Acme/postings',
      [
        {
          title: 'Warehouse Operator',
          department: 'Logistics',
          location: 'Lyon, Auvergne-Rhône-Alpes, fr',
          url: 'https://jobs.smartrecruiters.com/Acme/743999912345678',
        },
      ],
    ],
    [
      'SmartRecruiters (job widget: the company code in its settings)',
      '<script src="https://static.smartrecruiters.com/job-widget/1.6.1/script/smart_widget.js"></script>' +
        '<script class="job_widget">widget({"company_code":"Acme","bg_color_widget":"#ffffff","dep_field":"",' +
        '"api_url":"https://www.smartrecruiters.com"});</script>',
      'https://api.smartrecruiters.com/v1/companies/Acme/postings',
      [
        {
          title: 'Warehouse Operator',
          department: 'Logistics',
          location: 'Lyon, Auvergne-Rhône-Alpes, fr',
          url: 'https://jobs.smartrecruiters.com/Acme/743999912345678',
        },
      ],
    ],
    [
      'Breezy HR (board link)',
      '<a href="https://acme.breezy.hr/">Open positions</a>',
      'https://acme.breezy.hr/json',
      [
        {
          title: 'Sales Representative',
          department: 'Sales',
          location: 'Austin, TX',
          url: 'https://acme.breezy.hr/p/abc123def456-sales-representative',
        },
      ],
    ],
  ])('%s', async (_name, markup, apiUrl, roles) => {
    const analysis = await analyzeCareers([home('<h1>Acme</h1>'), site(markup)], { fetcher, rewriteApiUrl });
    expect(analysis).toEqual({
      hiring: true,
      careers_url: 'https://www.acme.example/careers',
      ats: expect.any(String),
      roles,
      source_url: apiUrl,
      method: 'ats_api',
    });
    expect(_name.startsWith(analysis.ats as string)).toBe(true);
  });

  it('uses the board as careers URL when the site has no careers page, and says not hiring for an empty board', async () => {
    API['api.lever.co/v0/postings/emptyco?mode=json'] = { type: 'application/json', body: '[]' };
    const analysis = await analyzeCareers(
      [home('<footer><a href="https://jobs.lever.co/emptyco">Jobs</a></footer>')],
      {
        fetcher,
        rewriteApiUrl,
      },
    );
    expect(analysis).toEqual({
      hiring: false,
      careers_url: 'https://jobs.lever.co/emptyco',
      ats: 'Lever',
      roles: [],
      source_url: 'https://api.lever.co/v0/postings/emptyco?mode=json',
      method: 'ats_api',
    });
  });

  it('keeps only the linked postings of a shared board (a fiscal sponsor’s)', async () => {
    const page = site(
      '<h1>Data Engineer</h1><a href="https://boards.greenhouse.io/sponsor/jobs/11?gh_jid=11">Apply</a>',
      'https://www.acme.example/careers/data-engineer',
    );
    const analysis = await analyzeCareers([page], { fetcher, rewriteApiUrl });
    expect(analysis.method).toBe('ats_api');
    expect(analysis.roles.map((r) => r.title)).toEqual(['Data Engineer']);
  });

  it('falls back to the page when the API fails, and never asks without a fetcher', async () => {
    const markup =
      '<a href="https://jobs.lever.co/ghost">Jobs</a><h2>Open positions</h2><ul><li><a href="/careers/cook">Cook (m/w/d)</a></li></ul>';
    asked.length = 0;
    const analysis = await analyzeCareers([site(markup)], { fetcher, rewriteApiUrl });
    expect(asked).toEqual(['api.lever.co/v0/postings/ghost?mode=json']); // answered 404
    expect(analysis).toMatchObject({
      hiring: true,
      ats: 'Lever',
      method: 'page',
      roles: [{ title: 'Cook' }],
    });
    asked.length = 0;
    expect((await analyzeCareers([site(markup)])).method).toBe('page');
    expect(asked).toEqual([]);
  });

  it('refuses an API host that resolves inside (SSRF guard of the fetcher)', async () => {
    const inside = createFetcher({
      resolve: createStaticResolver({ 'api.lever.co': '127.0.0.1' }),
      retries: 0,
    });
    try {
      asked.length = 0;
      const analysis = await analyzeCareers([site('<a href="https://jobs.lever.co/acme">Jobs</a>')], {
        fetcher: inside,
        rewriteApiUrl,
      });
      expect(asked).toEqual([]);
      expect(analysis).toMatchObject({ ats: 'Lever', hiring: null, method: 'none' });
    } finally {
      await inside.close();
    }
  });
});

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

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(analyzeCareers([site('<h1>Jobs</h1>')], { signal: controller.signal })).rejects.toThrow();
  });
});
