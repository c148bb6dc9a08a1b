/**
 * career_analysis against a local server that speaks each ATS's public job API (response shapes as the vendors
 * document them) (JobPosting markup, a not-hiring page and a site without a careers page: careers-pages.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticResolver } from '../../crawl/dns';
import { createFetcher, type Fetcher } from '../../crawl/fetcher';
import { hostOf, type LocalServer, startServer } from '../../crawl/test-server';
import { analyzeCareers } from './analyze';
import { API, API_HOSTS, home, site } from './careers.fixtures';

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
