/**
 * Applicant-tracking systems: recognising them on a site (links, iframes, script URLs and inline configs, all
 * found by one scan of the raw HTML for known hosts, plus a few markup fingerprints) and where their public,
 * keyless job APIs live.
 */
import type { ParsedPage } from '../../crawl/page';

export type AtsKey =
  | 'greenhouse'
  | 'lever'
  | 'workable'
  | 'personio'
  | 'recruitee'
  | 'bamboohr'
  | 'ashby'
  | 'smartrecruiters'
  | 'breezy'
  | 'join'
  | 'teamtailor'
  | 'workday'
  | 'jobvite'
  | 'icims'
  | 'successfactors'
  | 'taleo'
  | 'softgarden'
  | 'dvinci'
  | 'factorial'
  | 'homerun'
  | 'pinpoint'
  | 'comeet'
  | 'jazzhr'
  | 'zoho'
  | 'rexx'
  | 'rippling'
  | 'onlyfy';

export const ATS_NAMES: Record<AtsKey, string> = {
  greenhouse: 'Greenhouse',
  lever: 'Lever',
  workable: 'Workable',
  personio: 'Personio',
  recruitee: 'Recruitee',
  bamboohr: 'BambooHR',
  ashby: 'Ashby',
  smartrecruiters: 'SmartRecruiters',
  breezy: 'Breezy HR',
  join: 'JOIN',
  teamtailor: 'Teamtailor',
  workday: 'Workday',
  jobvite: 'Jobvite',
  icims: 'iCIMS',
  successfactors: 'SAP SuccessFactors',
  taleo: 'Oracle Taleo',
  softgarden: 'softgarden',
  dvinci: 'd.vinci',
  factorial: 'Factorial',
  homerun: 'Homerun',
  pinpoint: 'Pinpoint',
  comeet: 'Comeet',
  jazzhr: 'JazzHR',
  zoho: 'Zoho Recruit',
  rexx: 'rexx systems',
  rippling: 'Rippling',
  onlyfy: 'onlyfy',
};

/**
 * One sighting of an ATS. `scope` says how much of the company's hiring it stands for: a `board` (the job board,
 * an embedded widget, the careers page itself on the ATS) lists all roles; a `job` link names one posting (a
 * fiscal sponsor's shared board may hold other organisations' jobs, so only the linked postings count).
 */
export interface AtsReference {
  key: AtsKey;
  /** Board token / company slug the API needs, when the sighting names it. */
  account: string | null;
  /** The posting's id, for job links. */
  jobId: string | null;
  scope: 'board' | 'job';
  /** The ATS URL seen (null for markup fingerprints). */
  url: string | null;
  /** Page it was seen on. */
  pageUrl: string;
}

/** Hosts (registrable part) that belong to an ATS; the first scan looks for these in the raw HTML. */
const ATS_DOMAINS =
  /(?:greenhouse\.io|lever\.co|workable\.com|personio\.(?:de|com)|recruitee\.com|bamboohr\.com|ashbyhq\.com|smartrecruiters\.com|breezy\.hr|join\.com|teamtailor\.com|teamtailor-cdn\.com|myworkdayjobs\.com|jobvite\.com|icims\.com|successfactors\.(?:com|eu)|sapsf\.(?:com|eu)|taleo\.net|softgarden\.(?:io|de)|dvinci-hr\.com|dvinci\.de|factorialhr\.com|homerun\.co|pinpointhq\.com|comeet\.com|comeet\.co|applytojob\.com|zohorecruit\.(?:com|eu)|rexx-systems\.com|rippling\.com|onlyfy\.jobs|prescreenapp\.io)/
    .source;
const ATS_URL = new RegExp(
  `(?:https?:)?(?:\\\\?/){2}(?:[a-z0-9-]+\\.)*${ATS_DOMAINS}(?:[/?#][^\\s"'<>()\\\\]*)?`,
  'gi',
);

/** Markup an embedded widget leaves even when its URL is built by script (group 1, if any: the account). */
const FINGERPRINTS: Array<{ key: AtsKey; pattern: RegExp }> = [
  { key: 'greenhouse', pattern: /\bid=["']?grnhse_app\b|\bGrnhse\.Settings\b/ },
  { key: 'lever', pattern: /\bid=["']?lever-jobs-container\b|\bleverJobsOptions\b/ },
  { key: 'workable', pattern: /\bwhr_embed\s*\(|\bid=["']?whr_embed_hook\b/ },
  { key: 'ashby', pattern: /\bid=["']?ashby_embed\b/ },
  { key: 'personio', pattern: /\bpersonio-(?:jobs|widget)\b/i },
  { key: 'bamboohr', pattern: /\bid=["']?BambooHR\b/ },
  // SmartRecruiters' job widget names the company in its settings: widget({"company_code":"Acme", …}).
  {
    key: 'smartrecruiters',
    // Not past the next smart_widget.js: each occurrence reads its own stretch only (linear in the page).
    pattern:
      /smart_widget\.js(?:(?!smart_widget\.js)[\s\S]){0,3000}?"company_code"\s*:\s*"([A-Za-z0-9][\w.-]*)"/,
  },
  // Recruitee's careers widget loads from its CloudFront host, not recruitee.com.
  {
    key: 'recruitee',
    pattern: /\bnew RTWidget\s*\(|\bid=["']?recruitee-careers\b|d10zminp1cyta8\.cloudfront\.net/,
  },
];

const NOT_ACCOUNTS = new Set([
  'www',
  'api',
  'app',
  'apply',
  'jobs',
  'careers',
  'help',
  'support',
  'cdn',
  'assets',
  'static',
  'embed',
  'boards',
  'job-boards',
  'resources',
  'blog',
  'status',
  'docs',
  'developers',
]);

const account = (value: string | null | undefined): string | null => {
  const v = (value ?? '').trim();
  if (!v || NOT_ACCOUNTS.has(v.toLowerCase()) || !/^[A-Za-z0-9][\w.-]*$/.test(v)) return null;
  return v;
};

const ref = (
  key: AtsKey,
  acct: string | null,
  jobId: string | null,
  url: URL,
  pageUrl: string,
  scope?: 'board' | 'job',
): AtsReference => ({
  key,
  account: acct,
  jobId,
  scope: scope ?? (jobId ? 'job' : 'board'),
  url: url.href,
  pageUrl,
});

/** Reads what an ATS URL says: which system, which account, which posting. */
export function parseAtsUrl(raw: string, pageUrl: string): AtsReference | null {
  let url: URL;
  try {
    url = new URL(raw.replace(/\\\//g, '/').replace(/&amp;/g, '&'), pageUrl);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean).map(decodeSafe);
  const sub = host.split('.')[0] ?? '';
  const q = (name: string) => url.searchParams.get(name);

  if (/(?:^|\.)greenhouse\.io$/.test(host)) {
    if (host.startsWith('boards-api.')) {
      // /v1/boards/<token>/jobs[/<id>]
      const i = parts.indexOf('boards');
      return ref('greenhouse', account(parts[i + 1]), parts[i + 3] ?? null, url, pageUrl);
    }
    if (parts[0] === 'embed') {
      // /embed/job_board?for=<token>, /embed/job_board/js?for=<token>, /embed/job_app?for=<token>&token=<id>
      return ref('greenhouse', account(q('for')), q('token') ?? q('gh_jid'), url, pageUrl);
    }
    const jobAt = parts.indexOf('jobs');
    return ref('greenhouse', account(parts[0]), jobAt === 1 ? (parts[2] ?? null) : null, url, pageUrl);
  }
  if (/(?:^|\.)lever\.co$/.test(host)) {
    if (host.startsWith('api.')) {
      const i = parts.indexOf('postings');
      return ref('lever', account(parts[i + 1]), parts[i + 2] ?? null, url, pageUrl);
    }
    if (!host.startsWith('jobs.')) return ref('lever', null, null, url, pageUrl);
    return ref('lever', account(parts[0]), parts[1] && parts[1] !== 'apply' ? parts[1] : null, url, pageUrl);
  }
  if (/(?:^|\.)workable\.com$/.test(host)) {
    if (host === 'apply.workable.com') {
      if (parts[0] === 'api') {
        const i = parts.indexOf('accounts');
        return ref('workable', account(parts[i + 1]), null, url, pageUrl);
      }
      // /<account>/[j/<shortcode>/]
      return ref('workable', account(parts[0]), parts[1] === 'j' ? (parts[2] ?? null) : null, url, pageUrl);
    }
    if (host.split('.').length === 3) {
      // <account>.workable.com[/j/<shortcode>]
      return ref('workable', account(sub), parts[0] === 'j' ? (parts[1] ?? null) : null, url, pageUrl);
    }
    return ref('workable', null, null, url, pageUrl);
  }
  if (/\.jobs\.personio\.(?:de|com)$/.test(host)) {
    return ref('personio', account(sub), parts[0] === 'job' ? (parts[1] ?? null) : null, url, pageUrl);
  }
  if (/(?:^|\.)personio\.(?:de|com)$/.test(host)) return ref('personio', null, null, url, pageUrl);
  if (/(?:^|\.)recruitee\.com$/.test(host)) {
    const acct = host.split('.').length === 3 ? account(sub) : null;
    return ref('recruitee', acct, parts[0] === 'o' ? (parts[1] ?? null) : null, url, pageUrl);
  }
  if (/(?:^|\.)bamboohr\.com$/.test(host)) {
    const acct = host.split('.').length === 3 ? account(sub) : null;
    const jobId =
      (parts[0] === 'careers' || parts[0] === 'jobs') && /^\d+$/.test(parts[1] ?? '') ? parts[1] : null;
    return ref('bamboohr', acct, jobId ?? null, url, pageUrl);
  }
  if (/(?:^|\.)ashbyhq\.com$/.test(host)) {
    if (host === 'api.ashbyhq.com') {
      const i = parts.indexOf('job-board');
      return ref('ashby', account(parts[i + 1]), null, url, pageUrl);
    }
    if (host !== 'jobs.ashbyhq.com') return ref('ashby', null, null, url, pageUrl);
    const jobId = parts[1] && parts[1] !== 'embed' ? parts[1] : null;
    return ref('ashby', account(parts[0]), jobId, url, pageUrl);
  }
  if (/(?:^|\.)smartrecruiters\.com$/.test(host)) {
    if (host === 'api.smartrecruiters.com') {
      const i = parts.indexOf('companies');
      return ref('smartrecruiters', account(parts[i + 1]), parts[i + 3] ?? null, url, pageUrl);
    }
    if (host !== 'jobs.smartrecruiters.com' && host !== 'careers.smartrecruiters.com')
      return ref('smartrecruiters', null, null, url, pageUrl);
    const jobId = parts[1]?.match(/^(\d+)/)?.[1] ?? null;
    return ref('smartrecruiters', account(parts[0]), jobId, url, pageUrl);
  }
  if (/(?:^|\.)breezy\.hr$/.test(host)) {
    const acct = host.split('.').length === 3 ? account(sub) : null;
    return ref('breezy', acct, parts[0] === 'p' ? (parts[1] ?? null) : null, url, pageUrl);
  }
  if (/(?:^|\.)join\.com$/.test(host)) {
    if (parts[0] !== 'companies' && parts[0] !== 'api') return null; // join.com is also a plain word in URLs
    // The widget (/api/widget/bundle/<settings>) names no account; it stands for the whole board.
    if (parts[0] === 'api' && parts[1] === 'widget') return ref('join', null, null, url, pageUrl, 'board');
    return ref('join', account(parts[1]), parts[2] ?? null, url, pageUrl);
  }
  const simple: Array<[RegExp, AtsKey]> = [
    [/(?:^|\.)teamtailor(?:-cdn)?\.com$/, 'teamtailor'],
    [/(?:^|\.)myworkdayjobs\.com$/, 'workday'],
    [/(?:^|\.)jobvite\.com$/, 'jobvite'],
    [/(?:^|\.)icims\.com$/, 'icims'],
    [/(?:^|\.)(?:successfactors\.(?:com|eu)|sapsf\.(?:com|eu))$/, 'successfactors'],
    [/(?:^|\.)taleo\.net$/, 'taleo'],
    [/(?:^|\.)softgarden\.(?:io|de)$/, 'softgarden'],
    [/(?:^|\.)(?:dvinci-hr\.com|dvinci\.de)$/, 'dvinci'],
    [/(?:^|\.)factorialhr\.com$/, 'factorial'],
    [/(?:^|\.)homerun\.co$/, 'homerun'],
    [/(?:^|\.)pinpointhq\.com$/, 'pinpoint'],
    [/(?:^|\.)comeet\.co(?:m)?$/, 'comeet'],
    [/(?:^|\.)applytojob\.com$/, 'jazzhr'],
    [/(?:^|\.)zohorecruit\.(?:com|eu)$/, 'zoho'],
    [/(?:^|\.)rexx-systems\.com$/, 'rexx'],
    [/^ats\.rippling\.com$/, 'rippling'],
    [/(?:^|\.)(?:onlyfy\.jobs|prescreenapp\.io)$/, 'onlyfy'],
  ];
  for (const [pattern, key] of simple) if (pattern.test(host)) return ref(key, null, null, url, pageUrl);
  return null;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Every ATS sighting on the pages: the page's own URL, URLs anywhere in the HTML, widget fingerprints. */
export function findAtsReferences(pages: ParsedPage[]): AtsReference[] {
  const found: AtsReference[] = [];
  for (const page of pages) {
    const own = parseAtsUrl(page.url, page.url);
    if (own) found.push({ ...own, scope: own.jobId ? 'job' : 'board' });
    for (const match of page.html.matchAll(ATS_URL)) {
      const raw = match[0].startsWith('//') || match[0].startsWith('\\/') ? `https:${match[0]}` : match[0];
      const seen = parseAtsUrl(raw, page.url);
      if (seen) found.push(seen);
    }
    for (const { key, pattern } of FINGERPRINTS) {
      const match = pattern.exec(page.html);
      if (match)
        found.push({
          key,
          account: account(match[1]),
          jobId: null,
          scope: 'board',
          url: null,
          pageUrl: page.url,
        });
    }
  }
  return found;
}

/** One ATS account with all its sightings. */
export interface AtsAccount {
  key: AtsKey;
  account: string | null;
  /** board when any sighting stands for the whole board, else job. */
  scope: 'board' | 'job';
  jobIds: Set<string>;
  refs: AtsReference[];
}

/**
 * Groups sightings by ATS and account, best first: an account the API can be asked about, board-wide sightings,
 * sightings on careers pages, then the most sightings. Sightings of an ATS with no account fold into the account
 * seen for it, if any.
 */
export function groupAtsReferences(refs: AtsReference[], careersUrls: Set<string>): AtsAccount[] {
  const groups = new Map<string, AtsAccount>();
  const sorted = [...refs].sort((a, b) => Number(b.account !== null) - Number(a.account !== null));
  for (const r of sorted) {
    const known = r.account
      ? groups.get(`${r.key} ${r.account.toLowerCase()}`)
      : [...groups.values()].find((g) => g.key === r.key);
    const group = known ?? {
      key: r.key,
      account: r.account,
      scope: r.scope,
      jobIds: new Set<string>(),
      refs: [],
    };
    if (!known) groups.set(`${r.key} ${(r.account ?? '').toLowerCase()}`, group);
    group.refs.push(r);
    // A widget fingerprint with no account says nothing about an account's scope.
    if (r.scope === 'board' && (r.account || !group.account)) group.scope = 'board';
    if (r.jobId) group.jobIds.add(r.jobId);
  }
  const rank = (g: AtsAccount) =>
    (g.account ? 8 : 0) +
    (g.scope === 'board' ? 4 : 0) +
    (g.refs.some((r) => careersUrls.has(r.pageUrl)) ? 2 : 0);
  return [...groups.values()].sort((a, b) => rank(b) - rank(a) || b.refs.length - a.refs.length);
}

/** The board's public page (for careers_url when the site has no careers page of its own). */
export function boardUrl(group: AtsAccount): string | null {
  const a = group.account;
  if (!a) return group.refs.find((r) => r.url)?.url ?? null;
  const host = (r: AtsReference) => (r.url ? new URL(r.url).hostname : '');
  switch (group.key) {
    case 'greenhouse':
      return `https://boards.greenhouse.io/${a}`;
    case 'lever':
      return `https://${group.refs.some((r) => host(r).includes('.eu.')) ? 'jobs.eu' : 'jobs'}.lever.co/${a}`;
    case 'workable':
      return `https://apply.workable.com/${a}/`;
    case 'personio':
      return `https://${a}.jobs.personio.${group.refs.some((r) => host(r).endsWith('.com')) ? 'com' : 'de'}/`;
    case 'recruitee':
      return `https://${a}.recruitee.com/`;
    case 'bamboohr':
      return `https://${a}.bamboohr.com/careers`;
    case 'ashby':
      return `https://jobs.ashbyhq.com/${a}`;
    case 'smartrecruiters':
      return `https://jobs.smartrecruiters.com/${a}`;
    case 'breezy':
      return `https://${a}.breezy.hr/`;
    case 'join':
      return `https://join.com/companies/${a}`;
    default:
      return group.refs.find((r) => r.url)?.url ?? null;
  }
}
