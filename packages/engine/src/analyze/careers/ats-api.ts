/**
 * The public, keyless job APIs of applicant-tracking systems (the ones their own embeddable widgets call), each
 * with the response shape its vendor documents. Read through the engine's fetcher: same politeness, robots.txt
 * and SSRF guard as the crawl.
 */
import { load } from 'cheerio';
import type { Fetcher } from '../../crawl/fetcher';
import { parseHtmlTree } from '../../crawl/html-tree';
import { collapseSpaces } from '../../normalize/text';
import type { AtsAccount, AtsKey } from './ats';
import type { JobRole } from './types';

type Json = Record<string, unknown>;

interface AtsApi {
  url(account: string, group: AtsAccount): string;
  format: 'json' | 'xml';
  /** Roles with the ATS's posting id (to keep only the postings a site links to). */
  parse(body: string, account: string, apiUrl: string): Array<JobRole & { id: string | null }>;
}

const str = (v: unknown): string | null => {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  const s = collapseSpaces(v);
  return s || null;
};
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** "Berlin, Germany" from parts, skipping empty and repeated ones. */
const joinPlace = (...parts: unknown[]): string | null => {
  const out: string[] = [];
  for (const p of parts) {
    const s = str(p);
    if (s && !out.includes(s)) out.push(s);
  }
  return out.length ? out.join(', ') : null;
};
const withRemote = (location: string | null, remote: unknown): string | null =>
  remote === true ? (location ? `${location} (remote)` : 'Remote') : location;
const role = (
  id: unknown,
  title: unknown,
  department: unknown,
  location: string | null,
  url: unknown,
): (JobRole & { id: string | null }) | null => {
  const t = str(title);
  return t ? { id: str(id), title: t, department: str(department), location, url: str(url) } : null;
};
const present = <T>(v: T | null): v is T => v !== null;

const hostOf = (group: AtsAccount) =>
  group.refs.map((r) => (r.url ? new URL(r.url).hostname : '')).find(Boolean) ?? '';

export const ATS_APIS: Partial<Record<AtsKey, AtsApi>> = {
  // Job Board API, "List Departments": every department with its jobs, so each job gets its department name.
  greenhouse: {
    format: 'json',
    url: (a) => `https://boards-api.greenhouse.io/v1/boards/${encodeURIComponent(a)}/departments`,
    parse(body) {
      const seen = new Map<string, JobRole & { id: string | null }>();
      for (const d of arr(obj(JSON.parse(body)).departments)) {
        const dept = obj(d);
        const name = str(dept.name);
        for (const j of arr(dept.jobs)) {
          const job = obj(j);
          const r = role(
            job.id,
            job.title,
            name === 'No Department' ? null : name,
            str(obj(job.location).name),
            job.absolute_url,
          );
          if (r && !seen.has(r.id ?? r.title)) seen.set(r.id ?? r.title, r);
        }
      }
      return [...seen.values()];
    },
  },
  // Postings API: an array of postings with categories {department, team, location, commitment}.
  lever: {
    format: 'json',
    url: (a, g) =>
      `https://${hostOf(g).includes('.eu.') ? 'api.eu' : 'api'}.lever.co/v0/postings/${encodeURIComponent(a)}?mode=json`,
    parse(body) {
      return arr(JSON.parse(body))
        .map((p) => {
          const posting = obj(p);
          const c = obj(posting.categories);
          const location = withRemote(
            str(c.location) ?? joinPlace(...arr(c.allLocations)),
            posting.workplaceType === 'remote' ? true : undefined,
          );
          return role(posting.id, posting.text, c.department ?? c.team, location, posting.hostedUrl);
        })
        .filter(present);
    },
  },
  // Widget API behind the embeddable job list: {name, jobs: [{title, shortcode, department, city, country, …}]}.
  workable: {
    format: 'json',
    url: (a) => `https://apply.workable.com/api/v1/widget/accounts/${encodeURIComponent(a)}`,
    parse(body) {
      return arr(obj(JSON.parse(body)).jobs)
        .map((j) => {
          const job = obj(j);
          const first = obj(arr(job.locations)[0]);
          const location = withRemote(
            joinPlace(job.city ?? first.city, job.state ?? first.region, job.country ?? first.country),
            job.telecommuting,
          );
          return role(job.shortcode, job.title, job.department, location, job.url ?? job.shortlink);
        })
        .filter(present);
    },
  },
  // XML feed: <workzag-jobs><position><id/><office/><department/><name/>…</position></workzag-jobs>.
  personio: {
    format: 'xml',
    url: (a, g) => `https://${a}.jobs.personio.${hostOf(g).endsWith('.com') ? 'com' : 'de'}/xml`,
    parse(body, _account, apiUrl) {
      const $ = load(parseHtmlTree(body, { xmlMode: true }), { xml: true });
      const origin = new URL(apiUrl).origin;
      return $('position')
        .toArray()
        .map((el) => {
          const field = (name: string) => str($(el).children(name).first().text());
          const offices = $(el)
            .find('additionalOffices > office')
            .toArray()
            .map((o) => $(o).text());
          const id = field('id');
          const location = joinPlace(field('office'), ...offices);
          return role(id, field('name'), field('department'), location, id ? `${origin}/job/${id}` : null);
        })
        .filter(present);
    },
  },
  // Careers site API: {offers: [{id, title, department, location, city, country, remote, careers_url}]}.
  recruitee: {
    format: 'json',
    url: (a) => `https://${a}.recruitee.com/api/offers/`,
    parse(body) {
      return arr(obj(JSON.parse(body)).offers)
        .map((o) => {
          const offer = obj(o);
          const location = withRemote(
            str(offer.location) ?? joinPlace(offer.city, offer.country),
            offer.remote,
          );
          return role(offer.id, offer.title, offer.department, location, offer.careers_url);
        })
        .filter(present);
    },
  },
  // Careers page list: {meta: {totalCount}, result: [{id, jobOpeningName, departmentLabel, location, atsLocation}]}.
  bamboohr: {
    format: 'json',
    url: (a) => `https://${a}.bamboohr.com/careers/list`,
    parse(body, a) {
      return arr(obj(JSON.parse(body)).result)
        .map((r) => {
          const job = obj(r);
          const place = obj(job.location);
          const ats = obj(job.atsLocation);
          const location = withRemote(
            joinPlace(place.city ?? ats.city, place.state ?? ats.state ?? ats.province, ats.country),
            job.isRemote,
          );
          const id = str(job.id);
          return role(
            id,
            job.jobOpeningName,
            job.departmentLabel,
            location,
            id ? `https://${a}.bamboohr.com/careers/${id}` : null,
          );
        })
        .filter(present);
    },
  },
  // Posting API: {jobs: [{id, title, department, team, location, isRemote, isListed, jobUrl}]}.
  ashby: {
    format: 'json',
    url: (a) => `https://api.ashbyhq.com/posting-api/job-board/${encodeURIComponent(a)}`,
    parse(body) {
      return arr(obj(JSON.parse(body)).jobs)
        .filter((j) => obj(j).isListed !== false)
        .map((j) => {
          const job = obj(j);
          const location = withRemote(str(job.location), job.isRemote);
          return role(job.id, job.title, job.department ?? job.team, location, job.jobUrl);
        })
        .filter(present);
    },
  },
  // Posting API: {totalFound, content: [{id, name, department: {label}, location: {city, region, country, remote}}]}.
  smartrecruiters: {
    format: 'json',
    url: (a) => `https://api.smartrecruiters.com/v1/companies/${encodeURIComponent(a)}/postings`,
    parse(body, a) {
      return arr(obj(JSON.parse(body)).content)
        .map((p) => {
          const posting = obj(p);
          const place = obj(posting.location);
          const location = withRemote(
            str(place.fullLocation) ?? joinPlace(place.city, place.region, place.country),
            place.remote,
          );
          const id = str(posting.id);
          return role(
            id,
            posting.name,
            obj(posting.department).label ?? obj(posting.function).label,
            location,
            id ? `https://jobs.smartrecruiters.com/${a}/${id}` : null,
          );
        })
        .filter(present);
    },
  },
  // Public JSON feed: [{id, name, url, department, location: {name, city, country: {name}, is_remote}}].
  breezy: {
    format: 'json',
    url: (a) => `https://${a}.breezy.hr/json`,
    parse(body) {
      return arr(JSON.parse(body))
        .map((p) => {
          const position = obj(p);
          const place = obj(position.location);
          const location = withRemote(
            str(place.name) ?? joinPlace(place.city, obj(place.country).name),
            place.is_remote,
          );
          return role(position.id, position.name, position.department, location, position.url);
        })
        .filter(present);
    },
  },
};

export interface AtsApiRead {
  apiUrl: string;
  roles: Array<JobRole & { id: string | null }>;
}

export interface AtsApiOptions {
  signal?: AbortSignal;
  /** Maps an API URL before it is fetched (tests point the vendors' hosts at a local server). */
  rewriteUrl?: (url: string) => string;
}

/** API bodies can be large (a big board lists hundreds of jobs); a cut document would not parse. */
const API_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Reads an account's open postings from its ATS's public API. Null when the ATS has no keyless API, the account
 * is unknown, or the fetcher cannot fetch non-HTML; throws with the reason when the call or its parsing fails.
 */
export async function readAtsApi(
  group: AtsAccount,
  fetcher: Fetcher,
  options: AtsApiOptions = {},
): Promise<AtsApiRead | null> {
  const api = ATS_APIS[group.key];
  if (!api || !group.account || !fetcher.fetchText) return null;
  const apiUrl = api.url(group.account, group);
  const result = await fetcher.fetchText(options.rewriteUrl ? options.rewriteUrl(apiUrl) : apiUrl, {
    accept: api.format === 'json' ? 'application/json' : 'application/xml, text/xml;q=0.9',
    maxBytes: API_MAX_BYTES,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (result.error) throw new Error(`${apiUrl}: ${result.error.message}`);
  try {
    return { apiUrl, roles: api.parse(result.html ?? '', group.account, apiUrl) };
  } catch (error) {
    throw new Error(
      `${apiUrl}: unreadable answer (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
