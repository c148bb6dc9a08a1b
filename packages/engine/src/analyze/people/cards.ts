/**
 * People on team, about and contact pages, shown as cards: a name (heading, bold line, caption or an element
 * named "name") with a short job title beside it, and often an email, a phone and a LinkedIn profile in the
 * same card. The card is the largest element around the name that holds no other name, so a contact detail is
 * tied to a person only when it stands in that person's card.
 */
import type { Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { normalizeEmail } from '../../normalize/email';
import { normalizePhone } from '../../normalize/phone';
import { collapseSpaces } from '../../normalize/text';
import { deobfuscate } from '../summary/emails';
import { withoutOwnCompany } from './identity';
import { type FoundPerson, snippet } from './legal';
import { ancestry, inForeignContext, type Line, pageLines } from './lines';
import { leadingName, personKey, personName, singleName } from './names';
import { isLeadRole, isRoleText } from './roles';

export interface CardPerson extends FoundPerson {
  email: string | null;
  phone: string | null;
  linkedin_url: string | null;
}

/** Where a card shows a name: headings, bold lines, captions, and elements named for it ("team-member-name"). */
const NAME_ELEMENTS =
  'h1, h2, h3, h4, h5, h6, strong, b, figcaption, dt, [class*="name" i], [itemprop="name"]';
/** Containers of a team: their cards may hold any short job title ("Business Development", "Azubi"). */
const TEAM_CONTAINER =
  /(?:^|[\s|_-])(?:team|teams|teammember|teammembers|member|members|mitarbeiter|mitarbeiterin|mitarbeitende|staff|employees?|people|person|persons|personen|equipe|equipo|leadership|founders?|ansprechpartner|ansprechpartnerin|kontaktpersonen?|medewerkers?|schema\.org\/person)(?:$|[\s|_-])/;
/** Page furniture: menus, headers, footers and sidebars show links and widgets, not a team. */
const CHROME = /^(?:nav|header|footer|aside)$/;
/** A date in a card makes it a post's byline or an event, not a person's card. */
const DATE =
  /\b(?:\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4}|\d{4}-\d{2}-\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\.?\s+(?:jan|feb|m(?:ä|a)r|apr|mai|may|jun|jul|aug|sep|okt|oct|nov|dez|dec)[a-z]*\.?\s+\d{4})\b/i;
/**
 * An element named for a person's title in a card: "member-role", "team__position", "funktion". Not "job-title":
 * a job advert's card names its job so.
 */
const ROLE_ELEMENT = /(?:^|[\s_-])(?:role|position|function|funktion|ruolo|poste|cargo|functie)(?:$|[\s_-])/i;
/** Lines that label contact details, not roles. */
const DETAIL_LABEL =
  /^(?:tel|telefon|phone|fon|mobil|mobile|handy|fax|e-?mail|mail|web|www|linkedin|xing|vcard|kontakt|contact|mehr|more|profil|profile|bio)\b/i;

/**
 * People the page shows in cards. `site`: the site's pages read for the words it writes in lower case (a
 * service's name over a card is written small elsewhere on the site); the page alone without it.
 */
export function findCardPeople(
  page: ParsedPage,
  region: string | null,
  site: ParsedPage[] = [page],
): CardPerson[] {
  const $ = page.$;
  const lines = pageLines(page);
  const byElement = new Map<Element, Line[]>();
  for (const line of lines) byElement.set(line.el, [...(byElement.get(line.el) ?? []), line]);
  const candidates: Array<{ el: Element; name: string; inlineRole: string | null; single?: boolean }> = [];
  $(NAME_ELEMENTS).each((_, node) => {
    const el = node as Element;
    if (el.children.some((c) => c.type === 'tag' && /^(?:p|div|h\d|ul|ol|table|section|li)$/.test(c.name)))
      return;
    const text = collapseSpaces($(el).text());
    if (text.length < 4 || text.length > 90) return;
    const parsed = nameWithRole(text);
    if (parsed) candidates.push({ el, ...parsed });
    else {
      const single = singleName(text);
      if (single) candidates.push({ el, name: single, inlineRole: null, single: true });
    }
  });
  // The innermost element holding a name stands for it ("<h3><a>Anna Berg</a></h3>" is one name).
  const names = candidates.filter(
    (c) => !candidates.some((o) => o !== c && o.name === c.name && isInside(o.el, c.el)),
  );
  const found: CardPerson[] = [];
  const seen = new Set<string>();
  // Cards whose line beside the name is no job title we know ("Ufficio Operativo", "B.Sc. Geodäsie"), by shape.
  const unsure: Array<{ person: CardPerson; shape: string }> = [];
  const sureShapes = new Map<string, number>();
  for (const candidate of names) {
    if (inForeignContext(candidate.el) || inChrome(candidate.el)) continue;
    // A lone word is a name only once its card says so: it does not bound the cards of full names.
    const card = cardOf(
      candidate.el,
      names.filter((n) => !n.single && n.el !== candidate.el).map((n) => n.el),
      $,
    );
    const cardLines = linesIn(card, lines);
    if (DATE.test(cardLines.map((l) => l.text).join(' '))) continue;
    const details = contactDetails(card, $, region);
    // Any short line beside the name is a role only in a team's card that shows a photo or a way to reach them.
    const $card = $(card);
    const teamCard =
      (page.role === 'team' || TEAM_CONTAINER.test(ancestry(card, 6))) &&
      ($card.find('img').length > 0 ||
        details.email !== null ||
        details.phone !== null ||
        details.linkedin_url !== null);
    // A lone first name is a person only in a team's card, beside a job title we know.
    if (candidate.single && (!teamCard || !roleBeside(cardLines, candidate.name, true))) continue;
    const role =
      candidate.inlineRole ??
      namedRoleIn(card, $, candidate.name) ??
      roleBeside(cardLines, candidate.name, !teamCard);
    const laxRole = role ?? roleBeside(cardLines, candidate.name, false);
    if (!laxRole || !isPersonsTitle(laxRole)) continue;
    const key = personKey(candidate.name);
    if (seen.has(key) || namesAThing(site, candidate.name)) continue;
    const person: CardPerson = {
      name: candidate.name,
      role: withoutOwnCompany(laxRole, page),
      source_url: page.url,
      evidence: snippet(cardLines.map((l) => l.text).join(' · ') || `${candidate.name} · ${laxRole}`),
      el: candidate.el,
      ...details,
    };
    const shape = cardShape(candidate.el);
    if (!role) {
      unsure.push({ person, shape });
      continue;
    }
    seen.add(key);
    sureShapes.set(shape, (sureShapes.get(shape) ?? 0) + 1);
    found.push(person);
  }
  // A card shaped like two cards that name a job title is a card of the same team: its line is that person's title.
  // Not among job adverts ("Cleaning Supervisor · Full-time"), nor for a "name" that reads as a job title.
  for (const { person, shape } of page.role === 'careers' ? [] : unsure) {
    const key = personKey(person.name);
    if ((sureShapes.get(shape) ?? 0) < 2 || seen.has(key) || isRoleText(person.name, true)) continue;
    seen.add(key);
    found.push(person);
  }
  return found;
}

/** The words the page writes in lower case ("welding", "collection"), once per page. */
const lowerWordsOf = new WeakMap<ParsedPage, Set<string>>();
function lowerWords(page: ParsedPage): Set<string> {
  let words = lowerWordsOf.get(page);
  if (!words) {
    // Words of the running text only: an address or a link ("b.jansen@…", "daniel-price.jpg") spells a name small.
    words = new Set(
      page
        .$('body')
        .text()
        .split(/\s+/)
        .filter((token) => !/[@/\\_.]\p{L}|[\p{L}]-\p{L}/u.test(token))
        .filter((token) => /^[^\p{L}]*\p{Ll}+[^\p{L}]*$/u.test(token))
        .map((token) => token.replace(/[^\p{L}]+/gu, '')),
    );
    lowerWordsOf.set(page, words);
  }
  return words;
}

/**
 * A capitalised heading each of whose words the site also writes in lower case ("Debt Collection" over a card,
 * "… debt recovery … a collection agency" in the text) names a service or a thing: a person's name keeps its
 * capitals wherever it stands.
 */
function namesAThing(site: ParsedPage[], name: string): boolean {
  const words = name.split(' ').filter((w) => w.length > 2);
  if (words.length < 2) return false;
  return words.every((w) => site.some((page) => lowerWords(page).has(w.toLocaleLowerCase())));
}

/** The name's element and its two ancestors, by tag and classes: the cards of one team grid share it. */
function cardShape(el: Element): string {
  const parts: string[] = [];
  let node: Element | null = el;
  for (let level = 0; level < 3 && node?.type === 'tag'; level++) {
    parts.push(`${node.name}.${(node.attribs.class ?? '').trim().split(/\s+/).sort().join('.')}`);
    node = node.parent as Element | null;
  }
  return parts.join('<');
}

/** "Anna Berg", "Anna Berg, Inhaberin", "Anna Berg – CEO", "Anna Berg Geschäftsführerin" (role in a span). */
function nameWithRole(text: string): { name: string; inlineRole: string | null } | null {
  // "Ragione Sociale:", "Ansprechpartner:": a field's label, never a name.
  if (/[:：]\s*$/.test(text)) return null;
  // "Notarfachangestellte Martina Heisig", "Architekt Jens Hartwig": the job title first, then the name.
  const words = text.split(' ');
  for (let k = 1; k <= 2 && words.length - k >= 2; k++) {
    const title = words.slice(0, k).join(' ');
    const rest = personName(words.slice(k).join(' '));
    if (rest && (isLeadRole(title) || isRoleText(title, true))) return { name: rest, inlineRole: title };
  }
  const whole = personName(text);
  if (whole) return { name: whole, inlineRole: null };
  const lead = leadingName(text);
  if (!lead) return null;
  const rest = text
    .slice(lead.length)
    .replace(/^\s*[,|–—·/-]?\s*/, '')
    .trim();
  if (rest && (isLeadRole(rest) || isRoleText(rest, true))) return { name: lead.name, inlineRole: rest };
  return null;
}

/** A gender tag makes a title a job advert's ("Technischer Sachbearbeiter (m/w/d)"), not a person's. */
const GENDER_TAG = /\((?:[mwfdhx](?:\s*[/|]\s*[mwfdhx]){1,2}|all\s+genders?|gn\*?)\)|\b[HF]\s*\/\s*[FH]\b/i;
/** English job nouns in the plural: a group ("Safety managers and site coordinators"), not one person. */
const PLURAL_JOBS =
  /\b(?:managers|coordinators|engineers|developers|technicians|consultants|specialists|assistants|officers|supervisors|directors|advisors|designers|contacts)\b/i;

/**
 * Whether the line beside a name is that person's title: not a job advert's, not a feature list's bullet
 * ("✓ Conseiller énergie dédié"), not a group of people.
 */
function isPersonsTitle(role: string): boolean {
  if (GENDER_TAG.test(role)) return false;
  if (!/^[\p{L}\p{N}(]/u.test(role)) return false;
  return !(PLURAL_JOBS.test(role) && /\b(?:and|&)\b|,/.test(role)) && !/^(?:all|our|the)\s/i.test(role);
}

function inChrome(el: Element): boolean {
  for (
    let node = el.parent as Element | null;
    node && node.type === 'tag';
    node = node.parent as Element | null
  )
    if (CHROME.test(node.name) || node.attribs.role === 'navigation') return true;
  return false;
}

function isInside(inner: Element, outer: Element): boolean {
  for (let node = inner.parent; node; node = node.parent) if (node === outer) return true;
  return false;
}

/** A card holds a name, a title, a few details and a short biography; a longer block is a page's section. */
const MAX_CARD_CHARS = 1500;

/** The largest ancestor (at most 6 levels up, at most MAX_CARD_CHARS characters) that holds no other name. */
function cardOf(el: Element, others: Element[], $: ParsedPage['$']): Element {
  let card = el;
  for (let depth = 0; depth < 6; depth++) {
    const parent = card.parent as Element | null;
    if (parent?.type !== 'tag' || parent.name === 'body' || parent.name === 'main') break;
    if (collapseSpaces($(parent).text()).length > MAX_CARD_CHARS) break;
    if (others.some((o) => isInside(o, parent))) break;
    card = parent;
  }
  return card;
}

function linesIn(card: Element, lines: Line[]): Line[] {
  return lines.filter((line) => line.el === card || isInside(line.el, card));
}

/**
 * The card's element named for a title ("sig-role", itemprop="jobTitle"), read from the markup: inline elements
 * glue their text into one line ("— Jack WolfeFounder & Director"), so the line beside the name misses it.
 */
function namedRoleIn(card: Element, $: ParsedPage['$'], name: string): string | null {
  let role: string | null = null;
  $(card)
    .find('[class], [itemprop="jobTitle"]')
    .each((_, node) => {
      const el = node as Element;
      if (role !== null) return false;
      if (!ROLE_ELEMENT.test(el.attribs.class ?? '') && el.attribs.itemprop !== 'jobTitle') return;
      const text = collapseSpaces($(el).text()).replace(/^\s*[|–—·-]\s*/, '');
      // A job word is needed: "position-absolute" and the like are layout classes, not titles.
      if (!text.includes(name) && isRoleText(text, true)) role = text.replace(/[:：]$/, '');
    });
  return role;
}

/**
 * The job title beside the name: the first short line after it in the card, else the one right before it
 * ("<span>Inhaberin</span><h3>Anna Berg</h3>"). `strict`: it must contain a job word.
 */
function roleBeside(lines: Line[], name: string, strict: boolean): string | null {
  const at = lines.findIndex((l) => personName(l.text) === name || l.text.startsWith(name));
  if (at < 0) return null;
  const candidates = [lines[at + 1], lines[at + 2], lines[at - 1]];
  const initials = name
    .split(' ')
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
  for (const line of candidates) {
    if (!line) continue;
    const text = line.text.replace(/^\s*[|–—·-]\s*/, '');
    if (DETAIL_LABEL.test(text)) continue;
    // An avatar's letters ("DP" for Danilo Pizzardi), not a title.
    if (
      text.toUpperCase() === initials ||
      (text.length <= 3 && /^\p{Lu}+$/u.test(text) && initials.includes(text))
    )
      continue;
    // The card's markup names the element a title ("team-role", itemprop="jobTitle"): whatever its shape.
    const named = ROLE_ELEMENT.test(line.el.attribs.class ?? '') || line.el.attribs.itemprop === 'jobTitle';
    if (named && isRoleText(text, false)) return text.replace(/[:：]$/, '');
    // A job title first: "Full Stack Developer" has the shape of a name too.
    if (isLeadRole(text) || isRoleText(text, true)) return text.replace(/[:：]$/, '');
    if (personName(text)) continue;
    if (isRoleText(text, strict)) return text;
  }
  return null;
}

// Read from the start of a run of address characters only: from every position inside a long run it backtracks.
const EMAIL_TEXT =
  /(?<![a-z0-9._%+-])[a-z0-9._%+-]+\s*(?:@|\(at\)|\[at\]|\{at\}| at )\s*[a-z0-9.-]+(?:\.|\(dot\)|\[dot\])[a-z]{2,24}/i;
const PHONE_TEXT =
  /(?:^|\b)(?:tel(?:efon)?|phone|fon|mobil(?:e)?|handy|direkt(?:wahl)?|t|m)\s*\.?\s*:?\s*((?:\+|00|0|\()[\d\s/().-]{6,22}\d)/i;

/** Email, phone and LinkedIn profile written in one person's card. */
function contactDetails(
  card: Element,
  $: ParsedPage['$'],
  region: string | null,
): Pick<CardPerson, 'email' | 'phone' | 'linkedin_url'> {
  const $card = $(card);
  let email: string | null = null;
  $card.find('a[href^="mailto:" i]').each((_, a) => {
    email ??= normalizeEmail(decodeSafe($(a).attr('href') ?? ''));
  });
  const text = collapseSpaces($card.text());
  if (!email) {
    const match = EMAIL_TEXT.exec(text);
    if (match) email = normalizeEmail(deobfuscate(match[0]));
  }
  let phone: string | null = null;
  $card.find('a[href^="tel:" i]').each((_, a) => {
    const raw = decodeSafe(($(a).attr('href') ?? '').replace(/^tel:/i, ''));
    phone ??= normalizePhone(raw, region) ?? (raw.trim() || null);
  });
  if (!phone) {
    const match = PHONE_TEXT.exec(text);
    if (match?.[1]) phone = normalizePhone(match[1], region) ?? collapseSpaces(match[1]);
  }
  // A number without a label, written the national or international way ("0113 496 0712"), if it is a valid one.
  if (!phone) {
    const bare = /(?<![\d.])(?:\+\d{2,3}|0)\d[\d\s/()-]{6,16}\d(?![\d.])/.exec(text);
    if (bare) phone = normalizePhone(bare[0], region);
  }
  let linkedin: string | null = null;
  $card.find('a[href*="linkedin.com/in/" i]').each((_, a) => {
    linkedin ??= canonicalLinkedIn($(a).attr('href') ?? '');
  });
  return { email, phone, linkedin_url: linkedin };
}

function canonicalLinkedIn(href: string): string | null {
  const match = /linkedin\.com\/in\/([^/?#\s]+)/i.exec(href);
  return match?.[1] ? `https://www.linkedin.com/in/${match[1]}` : null;
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
