/**
 * What the career_analysis tests share: each ATS's public job API as the vendors document its responses (served by
 * a local server in careers.test.ts), and pages of a made-up site.
 */
import { pageFromHtml } from '../../crawl/page';

/** The hosts of the ATS APIs below (the tests resolve each to the local server). */
export const API_HOSTS = [
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

export const API: Record<string, { type: string; body: string }> = {
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

/** A careers page of the site, the markup inside its body. */
export const site = (body: string, url = 'https://www.acme.example/careers') =>
  pageFromHtml({
    url,
    html: `<html><head><title>Careers</title></head><body>${body}</body></html>`,
    role: 'careers',
  });

/** The site's home page. */
export const home = (body: string) =>
  pageFromHtml({ url: 'https://www.acme.example/', html: `<html><body>${body}</body></html>`, role: 'home' });
