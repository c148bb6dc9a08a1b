/** schema.org JobPosting from JSON-LD and microdata (what job boards and many careers pages publish for search). */
import type { Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces } from '../../normalize/text';
import type { JobRole } from './types';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const text = (v: unknown): string | null => {
  if (typeof v === 'number') return String(v);
  if (isNode(v)) return text(v.name ?? v['@value']);
  if (typeof v !== 'string') return null;
  const s = collapseSpaces(decodeEntities(v.replace(/<[^<>]*>/g, ' ')));
  return s || null;
};
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(
        e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
      );
    return ENTITIES[e.toLowerCase()] ?? m;
  });
const isJobPosting = (node: Node) =>
  list(node['@type']).some((t) => t === 'JobPosting' || t === 'schema:JobPosting');

function place(value: unknown): string | null {
  const parts: string[] = [];
  for (const item of list(value)) {
    if (!isNode(item)) {
      const t = text(item);
      if (t) parts.push(t);
      continue;
    }
    const address = isNode(item.address) ? item.address : item;
    const one = [address.addressLocality, address.addressRegion, address.addressCountry]
      .map(text)
      .filter((p, i, all): p is string => Boolean(p) && all.indexOf(p) === i)
      .join(', ');
    const name = one || text(item.name) || (typeof item.address === 'string' ? text(item.address) : null);
    if (name && !parts.includes(name)) parts.push(name);
  }
  return parts.length ? parts.join('; ') : null;
}

function roleFrom(node: Node, pageUrl: string): JobRole | null {
  const title = text(node.title) ?? text(node.name);
  if (!title) return null;
  const remote = list(node.jobLocationType).some((t) => String(t).toUpperCase() === 'TELECOMMUTE');
  let location = place(node.jobLocation);
  if (remote) location = location ? `${location} (remote)` : 'Remote';
  const hiringOrganization = isNode(node.hiringOrganization) ? node.hiringOrganization : {};
  const department =
    text(node.department) ?? text(hiringOrganization.department) ?? text(node.occupationalCategory) ?? null;
  const url = typeof node.url === 'string' ? resolve(node.url, pageUrl) : pageUrl;
  return { title, department, location, url };
}

const resolve = (href: string, base: string) => {
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
};

/** validThrough before the page was fetched: the posting has closed. */
function expired(node: Node, fetchedAt: string): boolean {
  const until = typeof node.validThrough === 'string' ? Date.parse(node.validThrough) : Number.NaN;
  return Number.isFinite(until) && until < Date.parse(fetchedAt);
}

function collect(value: unknown, out: Node[]): void {
  if (Array.isArray(value)) for (const v of value) collect(v, out);
  else if (isNode(value)) {
    out.push(value);
    if (value['@graph']) collect(value['@graph'], out);
    // Some sites nest postings (an Organization's "jobPosting", an ItemList's "itemListElement").
    for (const key of ['jobPosting', 'itemListElement', 'item', 'mainEntity']) {
      if (value[key]) collect(value[key], out);
    }
  }
}

export interface PagePostings {
  roles: JobRole[];
  /** Postings the page marks as closed (validThrough in the past). */
  expired: number;
}

/** The open JobPostings a page declares in JSON-LD or microdata. */
export function readJobPostings(page: ParsedPage): PagePostings {
  const nodes: Node[] = [];
  page.$('script[type="application/ld+json" i]').each((_, el) => {
    // Published JSON-LD is often slightly broken (raw newlines in strings, trailing commas): tolerate those.
    const raw = page.$(el).text().trim();
    for (const attempt of [raw, raw.replace(/[\r\n\t]+/g, ' ').replace(/,\s*([}\]])/g, '$1')]) {
      try {
        collect(JSON.parse(attempt), nodes);
        break;
      } catch {
        // try the cleaned text, then give up on this block
      }
    }
  });
  nodes.push(...microdataPostings(page));
  const roles: JobRole[] = [];
  let closed = 0;
  for (const node of nodes.filter(isJobPosting)) {
    if (expired(node, page.fetchedAt)) {
      closed++;
      continue;
    }
    const role = roleFrom(node, page.url);
    if (role && !roles.some((r) => r.title === role.title && r.location === role.location)) roles.push(role);
  }
  return { roles, expired: closed };
}

/** Microdata items of type JobPosting, as plain nodes (nested itemscopes become nested nodes). */
function microdataPostings(page: ParsedPage): Node[] {
  const { $ } = page;
  const read = (scope: Element): Node => {
    const node: Node = {
      '@type': ($(scope).attr('itemtype') ?? '').replace(/^https?:\/\/schema\.org\//, ''),
    };
    $(scope)
      .find('[itemprop]')
      .each((_, el) => {
        // Only properties of this item, not of a nested one.
        if ($(el).parent().closest('[itemscope]')[0] !== scope) return;
        const name = $(el).attr('itemprop') ?? '';
        const value =
          $(el).attr('itemscope') !== undefined
            ? read(el)
            : ($(el).attr('content') ?? $(el).attr('datetime') ?? $(el).attr('href') ?? $(el).text());
        for (const prop of name.split(/\s+/).filter(Boolean))
          if (node[prop] === undefined) node[prop] = value;
      });
    return node;
  };
  return $('[itemscope][itemtype*="JobPosting" i]')
    .toArray()
    .map((el) => read(el));
}
