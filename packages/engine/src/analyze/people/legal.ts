/**
 * People named with a role in running text and on imprints: "Geschäftsführer: Anna Berg, Tom Kühn",
 * "vertreten durch den Geschäftsführer Max Muster", "Inhaberin Anna Berg führt …", "Anna Berg, Inhaberin",
 * "Gérant : Paul Roy", "Directors: Jane Smith and John Doe", a label line with the names on the lines below.
 * Sections about others — the host, the insurer, the chamber, the web designer, photo credits, an external
 * data-protection officer, dispute resolution — are skipped: their people are not the business's.
 */
import type { Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces, foldText } from '../../normalize/text';
import { withoutLastOf } from '../../normalize/trim';
import { findLegalForm } from './legal-forms';
import { inForeignContext, type Line, pageLines } from './lines';
import { cleanPersonName, isPersonName, leadingName, personName } from './names';
import { founderRole, hasRoleTerm, isDpoRole, isLeadRole, isRoleText, ROLE_TERM, seniorityOf } from './roles';

export interface FoundPerson {
  name: string;
  role: string;
  source_url: string;
  evidence: string;
  el: Element;
  /** The role is Argo's word for what the text says ("founded by Emma Clarke" → "Founder"), not written as such. */
  derived?: boolean;
}

/** Section titles and labels whose people and companies belong to someone else. */
export const OTHERS_SECTION =
  /(?:haftpflicht|versicher|insur|assur|hosting|hoster|gehostet|host(?:ed)?\s+by|h(?:é|e)berg|webhost|server|kammer|chamber|aufsicht|beh(?:ö|oe)rde|authority|regulator|design|gestaltung|konzept(?:ion)?|umsetzung|realisi|programmier|technische\s+betreuung|webmaster|webdesign|website\s+by|site\s+(?:by|r(?:é|e)alis)|r(?:é|e)alis(?:é|e|ation)|conception|made\s+by|erstellt|entwickelt|agentur|agency|foto|photo|bild|image|picture|credits?|grafik|illustration|streitschlichtung|schlichtung|dispute|m(?:é|e)diat|verbraucher|bank|konto|iban|berufsbezeichnung|berufsrecht|professional\s+(?:title|rules)|ordre|n(?:o|ö)tariat|text(?:e)?\s*:|redaktion\s+extern|quelle|source|copyright|urheber|disclaimer|haftungsausschluss|datenschutz(?!beauftragt))/i;

/** The lines of a page with the section title (last heading or label line) each stands under. */
function withSections(lines: Line[]): Array<Line & { section: string }> {
  let section = '';
  return lines.map((line) => {
    if (line.isHeading || (/[:：]$/.test(line.text) && line.text.length <= 80)) section = line.text;
    return { ...line, section };
  });
}

/** Everyone a page names after (or before) a role word, with the line as evidence. */
export function findRolePeople(page: ParsedPage): FoundPerson[] {
  const found: FoundPerson[] = [];
  const lines = withSections(pageLines(page));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line || line.text.length > 600 || inForeignContext(line.el)) continue;
    const othersSection = OTHERS_SECTION.test(line.section) && !hasRoleTerm(line.section);
    if (othersSection || OTHERS_SECTION.test(labelOf(line.text))) continue;
    const add = (name: string, role: string, evidence: string, el: Element) => {
      if (isDpoRole(role) && !isInternalDpo(evidence)) return;
      const derived = founderRole(role) !== null;
      found.push({
        name,
        role: tidyRole(role),
        source_url: page.url,
        evidence: snippet(evidence),
        el,
        derived,
      });
    };
    ROLE_TERM.lastIndex = 0; // matchAll starts where the shared pattern's lastIndex stands
    for (const match of line.text.matchAll(ROLE_TERM)) {
      const role = match[0];
      const after = line.text.slice((match.index ?? 0) + role.length);
      if (!/^\s*[:：]/.test(after) && isOthersRole(line.text.slice(0, match.index ?? 0))) continue;
      const names = namesAfter(after);
      for (const name of names) add(name, role, line.text, line.el);
      // "Geschäftsführer:" ends its line ("Vertreten durch die Geschäftsführer:"): the names stand below.
      const isLabel = line.isHeading || /[:：]\s*$/.test(line.text) || isLeadRole(line.text);
      if (names.length === 0 && isLabel && after.replace(/^\s*[:：]/, '').trim() === '') {
        for (const next of lines.slice(i + 1, i + 7)) {
          const below = personNameLine(next.text);
          if (!below) break;
          // "Claudia Frei, Geschäftsführerin" under "Vertretungsberechtigte Personen": her own role wins.
          add(below.name, below.role ?? role, `${line.text} ${next.text}`, next.el);
        }
      }
    }
    // "Anna Berg, Inhaberin" / "Anna Berg (Geschäftsführerin)" / "Anna Berg – CEO": the name starts the line.
    const before = /^(.{4,60}?)\s*(?:,|\(|–|—|-|\||·)\s*(?:der|die|the|le|la)?\s*([^,()|·]{2,60})\)?$/u.exec(
      line.text,
    );
    if (before?.[1] && before[2] && isLeadRole(before[2])) {
      const name = cleanPersonName(before[1]);
      if (isPersonName(name)) add(name, before[2].trim(), line.text, line.el);
    }
  }
  return found;
}

/** The heading an imprint puts over the provider's name and address. */
const PROVIDER_HEADING =
  /^(?:impressum|imprint|angaben\s+gem(?:ä|ae)(?:ß|ss)\s+§\s*5|(?:dienste)?anbieter|information\s+(?:according|pursuant)|legal\s+notice|site\s+operator|(?:é|e)diteur|mentions\s+l(?:é|e)gales)/i;

/**
 * A sole proprietor's imprint names the owner instead of a company: "Angaben gemäß § 5 DDG / Dr. med. dent.
 * Katrin Lindner / Zahnarztpraxis Dr. Lindner / Schloßstraße 88". The first lines under the provider heading
 * name a person before any company with a legal form: that person runs the business. The role is Argo's word.
 */
export function findImprintProvider(page: ParsedPage): FoundPerson | null {
  const lines = pageLines(page);
  const start = lines.findIndex((l) => l.isHeading && PROVIDER_HEADING.test(l.text) && !inChrome(l.el));
  if (start < 0) return null;
  const block = lines.slice(start + 1, start + 8).filter((l) => !PROVIDER_HEADING.test(l.text));
  for (const line of block.slice(0, 3)) {
    if (findLegalForm(line.text)) return null;
    // "Dipl.-Ing. Architekt Jens Hartwig": the profession before the name is not part of it.
    const words = cleanPersonName(line.text).split(' ');
    while (words.length > 2 && isRoleText(words[0] ?? '', true)) words.shift();
    const name = personName(words.join(' '));
    if (name) {
      const german = /^de/i.test(page.$('html').attr('lang') ?? '');
      return {
        name,
        role: german ? 'Inhaber' : 'Owner',
        source_url: page.url,
        evidence: snippet(`${lines[start]?.text ?? ''} ${line.text}`),
        el: line.el,
        derived: true,
      };
    }
  }
  return null;
}

function inChrome(el: Element): boolean {
  for (let node: Element | null = el; node && node.type === 'tag'; node = node.parent as Element | null)
    if (/^(?:nav|header|footer|aside)$/.test(node.name)) return true;
  return false;
}

/** Words that may stand before a role word in prose without making it someone else's ("unser Inhaber"). */
// biome-ignore format: a word list
const OWN_BEFORE = new Set([
  'unser', 'unsere', 'unserem', 'unseren', 'unserer', 'ihr', 'ihre', 'ihren', 'ihrem', 'der', 'die', 'das', 'den', 'dem',
  'des', 'our', 'the', 'your', 'its', 'his', 'her', 'notre', 'nos', 'votre', 'le', 'la', 'les', 'onze', 'de', 'het',
  'uw', 'il', 'el', 'nuestro', 'nuestra', 'var', 'vart', 'vores', 'wir', 'und', 'and', 'et', 'als', 'as', 'comme',
  'sowie', 'en', 'y', 'og', 'och', 'e', 'mit', 'with', 'avec', 'met', 'von', 'by', 'par', 'door', 'sind', 'ist', 'is',
  'are', 'est', 'bin', 'am', 'i', 'ich', 'je', 'ik', 'jeg', 'jag', 'io', 'yo', 'hier', 'here', 'kontakt', 'contact',
]);

/**
 * "Tinder CEO Elie Seidman": a capitalised word right before the role (not a determiner, not another role)
 * names the organisation the role is at, which is not this business.
 */
function isOthersRole(before: string): boolean {
  const previous = /([\p{L}][\p{L}'’.-]*)\s*$/u.exec(before)?.[1];
  if (!previous || !/^\p{Lu}/u.test(previous)) return false;
  if (OWN_BEFORE.has(foldText(previous))) return false;
  return !hasRoleTerm(previous) && !isRoleText(previous, true);
}

/** The label of a "Label: value" line ("Hosting: Strato AG" → "Hosting"). */
const labelOf = (text: string) => /^([^:：]{2,60})[:：]/.exec(text)?.[1] ?? '';

/**
 * The names right after a role word: "…: Anna Berg und Tom Kühn", "… den Geschäftsführer Dr. Max Muster",
 * "Directors: Jane Smith, John Doe". Words like "den", "Herrn", "the" are passed over. A company where a name
 * should stand ("vertreten durch die Muster Verwaltungs GmbH") gives none.
 */
export function namesAfter(text: string): string[] {
  let rest = text
    .replace(/^\s*(?:\([^)]{0,40}\))?\s*[:：=–—-]?\s*/, '')
    .replace(
      /^(?:(?:den|die|der|des|dem|ihren|ihre|seinen|seine|unser(?:e|en)?|the|our|its|le|la|les|l['’]|sa|son|de|het|onze)\s+)+/i,
      '',
    );
  // "vertreten durch den Geschäftsführer Max …": the nearer role word names the person; its match does.
  if (/^[\p{L}-]+\s*[:：]?\s/u.test(rest) && isLeadRole(rest.split(/\s/)[0] ?? '')) return [];
  const names: string[] = [];
  for (let n = 0; n < 6; n++) {
    const lead = leadingName(rest);
    if (!lead) break;
    names.push(lead.name);
    rest = rest.slice(lead.length);
    const joiner =
      /^\s*(?:,|;|&|\/|\+|\band\b|\bund\b|\bsowie\b|\bet\b|\ben\b|\be\b|\by\b|\bog\b|\boch\b)\s*(?:(?:den|die|der|the|le|la)\s+)?/i.exec(
        rest,
      );
    if (!joiner) break;
    rest = rest.slice(joiner[0].length);
  }
  return names;
}

/**
 * A line below a label line that names one person: the name alone, or before a comma followed by their own role
 * ("Claudia Frei, Geschäftsführerin") or by something else ("Thomas Hofmeier, Gewerbering 14, …").
 */
function personNameLine(text: string): { name: string; role: string | null } | null {
  const name = cleanPersonName(withoutLastOf(text, ',;'));
  if (isPersonName(name)) return { name, role: null };
  const lead = leadingName(text);
  if (!lead || !text.slice(0, lead.length).trimEnd().endsWith(',')) return null;
  const rest = text.slice(lead.length).trim();
  return { name: lead.name, role: isLeadRole(rest) ? rest : null };
}

/** An internal data-protection officer: no other firm and no other domain in the line. */
function isInternalDpo(evidence: string): boolean {
  return !/\b(?:GmbH|AG|UG|KG|Ltd|LLC|Inc|SARL|SAS|BV|e\.K\.|extern\w*|external|Kanzlei|Beratung|Consulting)\b/i.test(
    evidence,
  );
}

/** The role as written, without a trailing colon or the legal reference after it. */
function tidyRole(role: string): string {
  const founder = founderRole(role);
  if (founder) return founder;
  const text = collapseSpaces(role)
    .replace(/\s+(?:nach|gem(?:ä|ae)(?:ß|ss)|i\.\s?s\.?\s?d\.?|im\s+sinne)\b.*$/i, '')
    .replace(/[:：]$/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const snippet = (text: string) => {
  const one = collapseSpaces(text);
  return one.length > 200 ? `${one.slice(0, 197)}…` : one;
};

export { seniorityOf };
