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
import { namesTheSite, withoutOwnCompany } from './identity';
import { findLegalForm } from './legal-forms';
import { inForeignContext, type Line, pageLines } from './lines';
import { cleanPersonName, leadingName, personName } from './names';
import { founderRole, hasRoleTerm, isDpoRole, isLeadRole, isRoleText, ROLE_TERM } from './roles';

export interface FoundPerson {
  name: string;
  role: string;
  source_url: string;
  evidence: string;
  el: Element;
  /** The role is Argo's word for what the text says ("founded by Emma Clarke" → "Founder"), not written as such. */
  derived?: boolean;
  /** Argo's guess, not the text's statement (the first name under an imprint's heading runs the business). */
  guessed?: boolean;
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
      if (namesTheSite(name, page)) return;
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
      const after = line.text.slice((match.index ?? 0) + match[0].length);
      const role = `${jointRoleBefore(line.text.slice(0, match.index ?? 0))}${match[0]}`;
      if (!/^\s*[:：]/.test(after) && isOthersRole(line.text.slice(0, match.index ?? 0))) continue;
      const names = namesAfter(after);
      for (const name of names) add(name, role, line.text, line.el);
      // "Geschäftsführer:" ends its line ("Vertreten durch die Geschäftsführer:"): the names stand below.
      const isLabel = line.isHeading || /[:：]\s*$/.test(line.text) || isLeadRole(line.text);
      if (names.length === 0 && isLabel && after.replace(/^\s*[:：]/, '').trim() === '') {
        let last: FoundPerson | null = null;
        for (const next of lines.slice(i + 1, i + 9)) {
          // "Represented by: / John Doe / Member of the Board of Directors": the line under a name that is
          // only a role gives that person's own role, over the label's.
          if (last && isLeadRole(next.text) && !/[:：]\s*$/.test(next.text)) {
            last.role = tidyRole(next.text);
            last.evidence = snippet(`${last.evidence} ${next.text}`);
            last.derived = false;
            last = null;
            continue;
          }
          // A label or section title of its own ends the list ("Commercial Register Entry:").
          if (/[:：]\s*$/.test(next.text)) break;
          const below = personNameLine(next.text);
          if (!below) break;
          // "Claudia Frei, Geschäftsführerin" under "Vertretungsberechtigte Personen": her own role wins.
          const before = found.length;
          add(below.name, below.role ?? role, `${line.text} ${next.text}`, next.el);
          last = below.role === null && found.length > before ? (found[found.length - 1] ?? null) : null;
        }
      }
    }
    // "Anna Berg, Inhaberin" / "Anna Berg (Geschäftsführerin)" / "Anna Berg – CEO": the name starts the line.
    const before = /^(.{4,60}?)\s*(?:,|\(|–|—|-|\||·)\s*(?:der|die|the|le|la)?\s*([^,()|·]{2,60})\)?$/u.exec(
      line.text,
    );
    // "Meier, Hans, Präsident des Verwaltungsrates": a Swiss register's order, family name first.
    const roleAfter = before?.[2] ? withoutOwnCompany(before[2].trim(), page) : '';
    if (before?.[1] && isLeadRole(roleAfter)) {
      const name = personName(before[1]);
      if (name) add(name, roleAfter, line.text, line.el);
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
  const field = nameField(page, lines);
  if (field) return field;
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
        guessed: true,
      };
    }
  }
  return null;
}

/** A "name" field of a legal page: "Nom : Paul Roy", "Name: Anna Berg", "Nombre y apellidos: …", "Naam: …". */
const NAME_FIELD =
  /^(?:nom(?: et pr(?:é|e)nom)?|pr(?:é|e)nom et nom|name|vor- ?und (?:zu)?name|naam|nombre(?: y apellidos)?|nome(?: e cognome)?) ?[:：]/iu;

/**
 * A legal page that fills in a "name" field with a person's name, and names no company (with a legal form), is a
 * sole trader's: that person runs the business. The role is Argo's word, in the page's language.
 */
function nameField(page: ParsedPage, lines: Line[]): FoundPerson | null {
  if (lines.some((l) => findLegalForm(l.text))) return null;
  for (const line of lines) {
    if (inForeignContext(line.el) || inChrome(line.el)) continue;
    const label = NAME_FIELD.exec(line.text);
    const value = label ? line.text.slice(label[0].length).trim() : '';
    const name = value.length >= 4 && value.length <= 60 ? personName(value) : null;
    if (!name) continue;
    return {
      name,
      role: OWNER_WORD[(page.$('html').attr('lang') ?? '').slice(0, 2).toLowerCase()] ?? 'Owner',
      source_url: page.url,
      evidence: snippet(line.text),
      el: line.el,
      derived: true,
      guessed: true,
    };
  }
  return null;
}

const OWNER_WORD: Record<string, string> = {
  de: 'Inhaber',
  fr: 'Propriétaire',
  nl: 'Eigenaar',
  es: 'Propietario',
  it: 'Titolare',
};

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
function namesAfter(text: string): string[] {
  let rest = text
    // "Managing Director, Mark Daniels": a comma stands where a colon would.
    .replace(/^\s*(?:\([^)]{0,40}\))?\s*[:：=–—,-]?\s*/, '')
    // "El titular de este sitio web es …", "Il titolare del sito è …", "owner of this website is …".
    .replace(
      /^(?:(?:de|del|of|du|di|van)\s+(?:este|esta|this|ce|cet|questo|deze)\s+(?:sitio\s+web|sitio|web|website|site(?:\s+web)?|sito(?:\s+web)?|p(?:á|a)gina(?:\s+web)?|portal)\s*,?\s*)?(?:es|is|est|è|ist)\s+/iu,
      '',
    )
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
    // The name's length takes in the punctuation that ended it: "Anna Berg, Tom Kühn" joins by that comma.
    const punctuated = /[,;]\s*$/.test(rest.slice(0, lead.length));
    rest = rest.slice(lead.length);
    const joiner =
      /^\s*(?:,|;|&|\/|\+|\band\b|\bund\b|\bsowie\b|\bet\b|\ben\b|\be\b|\by\b|\bog\b|\boch\b)\s*(?:(?:den|die|der|the|le|la)\s+)?/i.exec(
        rest,
      ) ?? (punctuated ? /^\s*(?:(?:den|die|der|the|le|la)\s+)?/i.exec(rest) : null);
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
  const name = personName(withoutLastOf(text, ',;'));
  if (name) return { name, role: null };
  // "Meier, Hans, Präsident des Verwaltungsrates": family name, given name, role.
  const swiss = /^([^,]{2,40},[^,]{2,40}),\s*([^,]{2,80})$/u.exec(text);
  const backwards = swiss?.[1] && swiss[2] && isLeadRole(swiss[2]) ? personName(swiss[1]) : null;
  if (backwards) return { name: backwards, role: (swiss?.[2] ?? '').trim() };
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
/** "Gérant et directeur de la publication : …": two roles joined before one name are that person's role. */
const JOINT_ROLE = new RegExp(
  `(?:^|[:：]\\s*)((?:${ROLE_TERM.source})\\s+(?:et|und|and|&|y|e|en)\\s+)$`,
  'iu',
);
const jointRoleBefore = (text: string) => JOINT_ROLE.exec(text)?.[1] ?? '';

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
