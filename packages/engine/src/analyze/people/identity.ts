/**
 * The names a site goes by — its domain's name ("newcleanpulizie", "wolves-removals"), og:site_name, schema.org's
 * names — and whether a text is one of them: "Wolves Removals" after "Director," is the business, not a person,
 * and "Founder & Director, Wolves Removals" holds the role at the business the export names already.
 */
import { getDomainWithoutSuffix } from 'tldts';
import type { ParsedPage } from '../../crawl/page';
import { foldText } from '../../normalize/text';

/** The names of the site the pages belong to: each page's domain name and og:site_name (first three pages). */
export function siteIdentity(pages: readonly ParsedPage[], orgNames: readonly string[] = []): string[] {
  const names = [...orgNames];
  for (const page of pages.slice(0, 3)) names.push(...pageIdentity(page));
  return names;
}

const identities = new WeakMap<ParsedPage, string[]>();
function pageIdentity(page: ParsedPage): string[] {
  let names = identities.get(page);
  if (!names) {
    names = [];
    try {
      const domain = getDomainWithoutSuffix(new URL(page.url).hostname);
      if (domain) names.push(domain);
    } catch {
      // a page without a readable URL names nothing
    }
    const site = page.$('meta[property="og:site_name" i]').attr('content');
    if (site) names.push(site);
    identities.set(page, names);
  }
  return names;
}

const letters = (text: string) => foldText(text).replace(/[^a-z0-9]+/g, '');

/** Whether the text spells a name of the page's site: its letters are those of the domain's name or og:site_name. */
export function namesTheSite(text: string, page: ParsedPage): boolean {
  const own = letters(text);
  return own.length >= 4 && pageIdentity(page).some((name) => letters(name).includes(own));
}

/** Words that join a role to the company it is held at ("Co-fondateur de LILIWATT"). */
const AT_COMPANY = new Set(['de', 'of', 'at', 'bei', 'von', 'chez', 'van', 'di', 'del', 'da']);

/** The role without the site's own name after it: "Founder & Director, Wolves Removals" → "Founder & Director". */
export function withoutOwnCompany(role: string, page: ParsedPage): string {
  const words = role.trim().split(/\s+/);
  for (let k = words.length - 1; k >= 1; k--) {
    const before = words[k - 1] ?? '';
    const joined = before.endsWith(',') ? k : AT_COMPANY.has(before.toLowerCase()) ? k - 1 : -1;
    if (joined >= 1 && namesTheSite(words.slice(k).join(' '), page))
      return words.slice(0, joined).join(' ').replace(/,$/, '');
  }
  return role;
}
