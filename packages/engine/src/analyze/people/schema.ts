/**
 * People in schema.org data: an Organization's `founder`/`founders`, `employee`/`employees`, `member`, and
 * `Person` items with a `jobTitle` (JSON-LD or microdata). A Person who is an article's author, a review's or
 * comment's writer, or who works for another organisation is not the business's contact.
 */
import type { Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { normalizeEmail } from '../../normalize/email';
import { normalizePhone } from '../../normalize/phone';
import { collapseSpaces, foldText } from '../../normalize/text';
import { decodeEntities, parseJsonLoosely } from '../summary/structured-data';
import type { CardPerson } from './cards';
import { snippet } from './legal';
import { personName } from './names';

type Node = Record<string, unknown>;

/** Keys under which a Person is someone else's: the author of a post, the writer of a review … */
const FOREIGN_KEYS = new Set([
  'author',
  'creator',
  'editor',
  'contributor',
  'reviewedBy',
  'review',
  'reviews',
  'comment',
  'publisher',
  'copyrightHolder',
  'accountablePerson',
  'character',
  'actor',
  'performer',
  'attendee',
  'alumni',
  'knows',
  'spouse',
  'parent',
  'children',
  'colleague',
]);
const OWN_KEYS: Record<string, string | null> = {
  founder: 'Founder',
  founders: 'Founder',
  employee: null,
  employees: null,
  member: null,
  members: null,
};
const FOREIGN_TYPES = /^(?:Review|Comment|Question|Answer|Rating|AggregateRating|Event)$/;

export function findSchemaPeople(page: ParsedPage, region: string | null, orgNames: string[]): CardPerson[] {
  const found: CardPerson[] = [];
  const body = page.$('body').get(0) as Element | undefined;
  const add = (node: Node, fallbackRole: string | null) => {
    const name = personName(text(node.name) ?? [text(node.givenName), text(node.familyName)].join(' '));
    const written = text(node.jobTitle) ?? text(node.roleName);
    const role = written ?? fallbackRole;
    if (!name || !role) return;
    const worksFor = node.worksFor as Node | string | undefined;
    const employer = typeof worksFor === 'string' ? worksFor : text((worksFor as Node | undefined)?.name);
    if (employer && orgNames.length && !orgNames.some((o) => sameOrg(o, employer))) return;
    const sameAs = [node.sameAs, node.url].flat().filter((v): v is string => typeof v === 'string');
    const rawPhone = text(node.telephone);
    found.push({
      name,
      role,
      source_url: page.url,
      evidence: snippet(`schema.org Person: ${name}, ${role}`),
      el: body as Element,
      email: normalizeEmail(text(node.email) ?? ''),
      phone: rawPhone ? (normalizePhone(rawPhone, region) ?? rawPhone) : null,
      linkedin_url: sameAs.find((u) => /linkedin\.com\/in\//i.test(u)) ?? null,
      // "founder" without a jobTitle: the role is the property's name, not the site's words.
      derived: written === null,
    });
  };
  const visit = (value: unknown, role: string | null | undefined, foreign: boolean) => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v, role, foreign);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as Node;
    const types = [node['@type']].flat().map((t) => String(t).replace(/^.*[/:]/, ''));
    const isForeign = foreign || types.some((t) => FOREIGN_TYPES.test(t));
    if (types.includes('Person') && !isForeign) add(node, role ?? null);
    for (const [key, child] of Object.entries(node)) {
      if (key === '@context' || typeof child !== 'object' || child === null) continue;
      if (key in OWN_KEYS) visit(child, OWN_KEYS[key], isForeign);
      else visit(child, undefined, isForeign || FOREIGN_KEYS.has(key));
    }
  };
  page.$('script[type="application/ld+json" i]').each((_, el) => {
    visit(parseJsonLoosely(page.$(el).text()), undefined, false);
  });
  page.$('[itemscope][itemtype*="schema.org/Person" i]').each((_, el) => {
    const $el = page.$(el);
    const prop = ($el.attr('itemprop') ?? '').toLowerCase();
    if (/author|creator|reviewer|editor|contributor/.test(prop)) return;
    if ($el.parents('[itemtype*="Review" i], [itemtype*="Comment" i]').length) return;
    const read = (p: string) => {
      const item = $el.find(`[itemprop="${p}"]`).first();
      return item.attr('content') ?? (item.attr('href') || item.text());
    };
    add(
      {
        name: read('name'),
        jobTitle: read('jobTitle'),
        email: read('email')?.replace(/^mailto:/i, ''),
        telephone: read('telephone'),
        sameAs: $el
          .find('[itemprop="sameAs"]')
          .toArray()
          .map((a) => page.$(a).attr('href') ?? ''),
      },
      /founder/.test(prop) ? 'Founder' : null,
    );
  });
  return found;
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const out = collapseSpaces(decodeEntities(value));
  return out || null;
}

/** "Muster Bau GmbH" and "Muster Bau" are the same organisation; "Acme Inc." is not. */
function sameOrg(a: string, b: string): boolean {
  const key = (s: string) =>
    foldText(s)
      .replace(/[^a-z0-9]+/g, ' ')
      .replace(/\b(?:gmbh|ag|kg|ug|ltd|llc|inc|co|sarl|sas|bv|ab|as)\b/g, '')
      .trim();
  const [x, y] = [key(a), key(b)];
  return x === y || x.includes(y) || y.includes(x);
}
