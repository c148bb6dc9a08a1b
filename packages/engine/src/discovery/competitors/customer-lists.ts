/**
 * A customers page's lists: reference tables (first column), case-study cards, links out of the content, and
 * customer directories (cards headed by the business's name).
 */
import type { Cheerio } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { nameKey } from '../../normalize/name';
import { cleanCustomerName, companyFromTitle, nameFromSlug, space } from './names';
import { customerSite, isCaseStudyPath, isInChrome, type PageReading, siteOf } from './page-reading';

/** Column headings of a table that lists customers ("Kunde", "Company", "Betrieb", "Praxis"…). */
const CUSTOMER_COLUMN =
  /^(?:customers?|clients?|company|companies|business|organi[sz]ation|practice|account|brand|kunden?|unternehmen|betrieb|firma|praxis|referenz(?:en)?|entreprise|soci[eé]t[eé]|cliente?s?|empresa|negocio|klant(?:en)?|bedrijf|name)$/i;

/** A table whose rows are customers: under a customers heading, or with a customer column. */
function isCustomerTable({ sections }: PageReading, table: Cheerio<AnyNode>): boolean {
  const node = table.get(0);
  if (!node) return false;
  const kind = sections.kindOf(node);
  if (kind === 'other') return false;
  const head = space(table.find('tr').first().children('th').first().text());
  if (head) return CUSTOMER_COLUMN.test(head.replace(/[:.]$/, '')) || kind === 'customers';
  return kind === 'customers';
}

/** The name a case-study card gives its customer: its title's company, a logo's alt, else the URL slug. */
function cardName(scope: Cheerio<AnyNode>, pathname: string): string | null {
  const heading = space(scope.find('h2, h3, h4, h5, strong').first().text());
  const fromTitle = companyFromTitle(heading);
  if (fromTitle) return fromTitle;
  // A photo's alt describes the photo ("Praxisteam der Zahnarztpraxis am Dom"); a logo's names the customer.
  const img = scope.find('img[alt]').first();
  const alt = cleanCustomerName(img.attr('alt'));
  const slug = nameFromSlug(pathname);
  const slugWords = new Set(nameKey(slug).split(' '));
  const isLogo = /logo/i.test(`${img.attr('src') ?? ''} ${img.attr('class') ?? ''}`);
  if (alt && (isLogo || nameKey(alt) === nameKey(slug) || (!slug && alt.split(' ').length <= 5))) return alt;
  if (
    alt &&
    nameKey(alt)
      .split(' ')
      .every((w) => slugWords.has(w))
  )
    return alt;
  return slug ?? alt;
}

/** A customers page: reference tables (first column), lists in customer blocks, and links out of the content. */
export function readCustomerLists(page: PageReading) {
  const { $, url: pageUrl, site, website, add, sections } = page;
  const handled = new Set<AnyNode>();
  $('table').each((_, table) => {
    const $table = $(table);
    const isCustomers = !isInChrome($table) && isCustomerTable(page, $table);
    $table.find('tr').each((_, row) => {
      const cell = $(row).children('td').first();
      if (!cell.length) return;
      const link = cell.find('a[href]').first();
      if (link.length) handled.add(link.get(0) as AnyNode);
      if (!isCustomers) return;
      const target = link.length ? customerSite(link.attr('href'), pageUrl, site, website) : null;
      const rest = $(row)
        .children('td')
        .slice(1)
        .map((_, td) => space($(td).text()))
        .get()
        .filter(Boolean);
      const name = space(cell.text());
      add(name, target, 'reference', [name, ...rest].join(' · '));
    });
  });
  // Case-study cards: links to the competitor's own case-study pages, named by their title or logo.
  $('a[href]').each((_, a) => {
    const link = $(a);
    if (handled.has(a) || isInChrome(link)) return;
    let url: URL;
    try {
      url = new URL(link.attr('href') as string, pageUrl);
    } catch {
      return;
    }
    if (siteOf(url.hostname) === site) {
      if (!isCaseStudyPath(url.pathname)) return;
      const card = link.closest('article, li, [class*="card"], [class*="case"]').first();
      const scope = card.length ? card : link;
      const name = cardName(scope, url.pathname);
      const heading = space(scope.find('h2, h3, h4, h5, strong').first().text());
      if (name) add(name, null, 'case_study', heading || name);
      return;
    }
    if (sections.kindOf(a) === 'other') return;
    const target = customerSite(url.href, pageUrl, site, website);
    if (!target) return;
    if (link.find('img').length && !space(link.text())) return; // logos are read with their block
    add(
      space(link.text()) || link.attr('title') || '',
      target,
      'reference',
      space(link.parent().text()) || space(link.text()),
    );
  });
}

/**
 * A customer directory: a list of cards, each headed by a business's name, most of them linking its case study
 * or website. The cards without a link name customers too ("Greenleaf Garden Supply · Garden · Leeds").
 */
export function readDirectories(page: PageReading) {
  const { $, url: pageUrl, site, website, add, sections } = page;
  const links = (item: Cheerio<Element>) =>
    item.find('a[href]').filter((_, a) => {
      const href = $(a).attr('href');
      let url: URL;
      try {
        url = new URL(href as string, pageUrl);
      } catch {
        return false;
      }
      if (siteOf(url.hostname) === site) return isCaseStudyPath(url.pathname);
      return !!customerSite(url.href, pageUrl, site, website)?.domain;
    }).length > 0;
  const parents = new Set<Element>();
  $('li, article, [class*="card"], [class*="item"]').each((_, el) => {
    if (el.parent && el.parent.type === 'tag') parents.add(el.parent as Element);
  });
  for (const parent of parents) {
    if (isInChrome($(parent)) || sections.kindOf(parent) === 'other') continue;
    const items = $(parent)
      .children()
      .filter((_, el) => $(el).find('h2, h3, h4, h5').length === 1)
      .toArray()
      .map((el) => $(el));
    if (items.length < 3) continue;
    const linked = items.filter(links);
    if (linked.length < 2 || linked.length === items.length) continue;
    for (const item of items) {
      if (links(item)) continue;
      const name = space(item.find('h2, h3, h4, h5').first().text());
      if (!companyFromTitle(name)) add(name, null, 'reference', space(item.text()));
    }
  }
}
