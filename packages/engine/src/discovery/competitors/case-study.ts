/** A case-study page: the customer's name from its labelled facts or title, and its website. */
import type { Cheerio, CheerioAPI } from 'cheerio';
import { type AnyNode, isTag } from 'domhandler';
import { isNamedByWebsite } from '../../dedupe/main-record';
import type { WebsiteOptions } from '../../normalize/domain';
import { nameKey } from '../../normalize/name';
import { cleanCustomerName, companyFromTitle, nameFromSlug, space } from './names';
import { type Add, customerSite, isInChrome, type LinkTarget } from './page-reading';

/** Labels of the fact that names the customer on a case-study page, and of its website. */
const COMPANY_LABEL =
  /^(?:company|customer|client|organi[sz]ation|practice|business|brand|kunde|unternehmen|betrieb|firma|praxis|entreprise|soci[eé]t[eé]|cliente|empresa|klant|bedrijf)$/i;
const WEBSITE_LABEL = /^(?:website|web ?site|web|site|url|homepage|webseite|internet|site web|sitio web)$/i;

export function readCaseStudy(
  $: CheerioAPI,
  pageUrl: string,
  site: string,
  add: Add,
  website: WebsiteOptions = {},
) {
  let name: string | null = null;
  let target: LinkTarget | null = null;
  const facts: Array<[string, Cheerio<AnyNode>]> = [];
  // Each label's value is the first <dd> after it among its siblings: found for a whole list in one pass from its
  // end (asking each <dt> for all its following siblings cost a list of thousands their square).
  const ddOf = new Map<AnyNode, AnyNode>();
  const lists = new Set(
    $('dt')
      .toArray()
      .map((dt) => dt.parent),
  );
  for (const list of lists) {
    let dd: AnyNode | null = null;
    for (let i = (list?.children.length ?? 0) - 1; i >= 0; i--) {
      const child = list?.children[i] as AnyNode;
      if (!isTag(child)) continue;
      if (child.name === 'dd') dd = child;
      else if (child.name === 'dt' && dd) ddOf.set(child, dd);
    }
  }
  $('dt').each((_, dt) => {
    const value = ddOf.get(dt);
    facts.push([space($(dt).text()), value ? $(value) : $([])]);
  });
  $('tr').each((_, tr) => {
    const cells = $(tr).children('th, td');
    if (cells.length === 2) facts.push([space(cells.first().text()), cells.last()]);
  });
  $('li, p').each((_, el) => {
    const match = /^([\p{L} ]{2,20}):\s*(.+)$/u.exec(space($(el).text()));
    if (match?.[1] && match[2]) facts.push([match[1], $(el)]);
  });
  for (const [label, value] of facts) {
    const clean = label.replace(/:$/, '').trim();
    if (!name && COMPANY_LABEL.test(clean)) {
      name = cleanCustomerName(space(value.text()).replace(new RegExp(`^${clean}:\\s*`, 'i'), ''));
    }
    if (!target && WEBSITE_LABEL.test(clean)) {
      const link = value.find('a[href]').first();
      target = customerSite(
        link.attr('href') ?? space(value.text()).replace(/^[^:]*:\s*/, ''),
        pageUrl,
        site,
        website,
      );
      if (target?.isInternal) target = null;
    }
  }
  const h1 = space($('main h1, article h1, h1').first().text());
  const title = $('meta[property="og:title"]').attr('content') ?? $('title').text();
  name ??= companyFromTitle(h1) ?? companyFromTitle(title) ?? nameFromSlug(new URL(pageUrl).pathname);
  if (!name) return;
  if (!target) {
    // A link out of the story whose text is the customer's name ("Visit Summit Endodontics"), or to a website
    // named for it ("wheelhousecycles.co.uk" for Wheelhouse Cycles).
    const key = nameKey(name);
    const customer = name;
    $('a[href]').each((_, a) => {
      if (target || isInChrome($(a))) return;
      const site2 = customerSite($(a).attr('href'), pageUrl, site, website);
      if (!site2 || site2.isInternal || !site2.domain) return;
      const text = nameKey(space($(a).text()));
      if (text.includes(key) || isNamedByWebsite(customer, site2.domain)) target = site2;
    });
  }
  add(name, target, 'case_study', h1 || title || name);
}
