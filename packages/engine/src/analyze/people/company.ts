/**
 * What a business's own pages state about the company: legal name and form, register entry, VAT id (here),
 * founding year, head count and opening hours (facts.ts). Imprints name other companies too — the host, the
 * insurer, the chamber, the web agency, a photo agency — so lines in their sections are never read as the
 * company's, and the company's name is the first one the legal page gives, or the one schema.org calls legalName.
 */
import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces, foldText } from '../../normalize/text';
import { trimEndChars, WHITESPACE } from '../../normalize/trim';
import { OTHERS_SECTION, snippet } from './legal';
import { findLegalForm } from './legal-forms';
import { inForeignContext, type Line, pageLines } from './lines';
import type { CompanyFact, CompanyRegister, VatId } from './types';
import { VAT_LABEL, vatIdsIn } from './vat';

export interface SectionLine extends Line {
  section: string;
  page: ParsedPage;
}

/**
 * An image or media credit: "By Jane Doe (Own work) [GFDL or CC-BY-SA-3.0], via Wikimedia Commons", "Foto: …",
 * "Bildquelle: …". What it names (people, a licence's "SA") is someone else's.
 */
const CREDIT_LINE =
  /\((?:own\s+work|eigenes\s+werk|travail\s+personnel|trabajo\s+propio|opera\s+propria|eigen\s+werk)\)|(?<![\p{L}\p{N}])(?:GFDL|CC[-\s]BY(?:-[A-Z]{2})*|BY-(?:NC-)?SA|Creative\s+Commons|Wikimedia|public\s+domain|gemeinfrei|Unsplash|Pixabay|Pexels|Shutterstock|iStock(?:photo)?|Adobe\s+Stock|Fotolia|Depositphotos|Getty\s+Images)(?![\p{L}])|^(?:foto|fotos|photo|photos|bild|bilder|image|images|picture|pictures|credits?|bildnachweis|bildquellen?|fotonachweis|photo\s+credits?|cr(?:é|e)dits?\s+photos?)\s*[:：©]/iu;

/** A heading that names the business's own legal notice: its lines are the business's, whatever else it names. */
const OWN_NOTICE =
  /^(?:impressum|imprint|legal\s+notice|site\s+notice|mentions\s+l(?:é|e)gales|aviso\s+legal|note\s+legali|colofon|angaben\s+gem(?:ä|ae)(?:ß|ss))/i;

/** Lines of the pages that speak for the business (not in another party's section, not a testimonial). */
export function ownLines(page: ParsedPage): SectionLine[] {
  let section = '';
  const out: SectionLine[] = [];
  for (const line of pageLines(page)) {
    if (line.isHeading || (/[:：]$/.test(line.text) && line.text.length <= 80)) section = line.text;
    if (inForeignContext(line.el) || CREDIT_LINE.test(line.text)) continue;
    // "Impressum & Datenschutz": the page's own notice, although the heading names a topic of others too.
    const othersSection = OTHERS_SECTION.test(section) && !OWN_NOTICE.test(section);
    // A label line names its party: "Hébergeur (pour blog.example.fr et blog.example.com) : Netlify, Inc.".
    if (othersSection || OTHERS_SECTION.test(/^([^:：]{2,80})[:：]/.exec(line.text)?.[1] ?? '')) continue;
    out.push({ ...line, section, page });
  }
  return out;
}

const fact = <T>(value: T, line: SectionLine, text = line.text): CompanyFact<T> => ({
  value,
  source_url: line.page.url,
  evidence: snippet(text),
});

/** Words before a company name that are not part of it ("Copyright © 2022-2026 " is one lead). */
const NAME_LEAD =
  /^(?:(?:impressum|imprint|legal\s+notice|mentions\s+l(?:é|e)gales|aviso\s+legal|note\s+legali|colofon)(?:\s+(?:der|des|von|de|of|van|di|del))?\s*[-–—:|·]?\s*|.*?(?:(?:©|\(c\)|copyright)\s*)+(?:\d{4}(?:\s*[-–]\s*\d{4})?)?\s*[,:-]?\s*|(?:firma|firmenname|unternehmen|anbieter|betreiber|herausgeber|diensteanbieter|company(?:\s+name)?|legal\s+name|raison\s+sociale|d(?:é|e)nomination(?:\s+sociale)?|soci(?:é|e)t(?:é|e)|(?:é|e)diteur|bedrijfsnaam|ragione\s+sociale|raz(?:ó|o)n\s+social|firmanavn|angaben\s+gem(?:ä|ae)(?:ß|ss)\s+§\s*5\s+(?:tmg|ddg))\s*[:：]?\s*)/i;
/** A German article before a name ("Die Muster GmbH wird …"); "De Vries …", "La Petite …" keep theirs. */
const ARTICLE = /^(?:die|der|das)\s+/i;

/**
 * The verb of a clause that names the company after it ("Il Titolare del trattamento è …", "This statement
 * applies to …", "Ce site est édité par …"): the name is what follows.
 */
const CLAUSE_BEFORE_NAME =
  /^.{0,80}?\s(?:è|e'|is|est|ist|applies\s+to|operated\s+by|owned\s+by|run\s+by|(?:é|e)dit(?:é|e)\s+par|exploit(?:é|e)\s+par|gestito\s+da|betrieben\s+von|herausgegeben\s+von)\s+(?=[\p{Lu}\p{N}])/u;

/** A company name with its legal form that a line begins with (after a label or "© 2024"), else null. */
function companyNameIn(text: string): { name: string; form: string } | null {
  // "Eingetragener Firmenname: Brunner Elektro AG": the name stands after any label.
  const rest = text
    .replace(NAME_LEAD, '')
    .replace(/^[^:：]{1,40}[:：]\s*/, '')
    .replace(CLAUSE_BEFORE_NAME, '')
    .replace(ARTICLE, '')
    .trim();
  const form = findLegalForm(rest);
  if (!form || form.index === 0) return null;
  const name = collapseSpaces(rest.slice(0, form.index + form.written.length)).replace(/[,;:]$/, '');
  const words = name.split(' ');
  // A name, not a sentence: few words, starting with a capital or a digit ("3D Druck GmbH"), or in lower case
  // when it is all the line says ("elbdudler GmbH": brands written so).
  const alone = rest.length === name.length && words.length <= 5;
  if (name.length > 90 || words.length > 10 || !(/^[\p{Lu}\p{N}]/u.test(name) || alone)) return null;
  if (/[.!?]\s/.test(rest.slice(0, form.index))) return null;
  // "Grupo Dulas, a través de Dulas Servicios Integrales S.L.": a clause, not a name.
  if (/,\s+\p{Ll}/u.test(name)) return null;
  return { name, form: form.canonical };
}

/**
 * A company named inside a sentence: the capitalised words right before a legal form ("… édité par la société
 * ATELIER MOREAU SAS, société par actions simplifiée …"), an article before them dropped.
 */
function companyNameInSentence(text: string): { name: string; form: string } | null {
  const form = findLegalForm(text);
  if (!form || form.index === 0) return null;
  const words = text.slice(0, form.index).trimEnd().split(/\s+/);
  const name: string[] = [];
  for (let i = words.length - 1; i >= 0 && name.length < 6; i--) {
    const word = words[i] ?? '';
    if (!/^[\p{Lu}\p{N}&][\p{L}\p{N}&'’.-]*$/u.test(word)) break;
    name.unshift(word);
  }
  while (name.length && ARTICLE.test(`${name[0]} `)) name.shift();
  if (name.length === 0) return null;
  return { name: `${name.join(' ')} ${form.written}`, form: form.canonical };
}

const COPYRIGHT = /©|\(c\)|copyright/i;

/** A share capital after the name ("…, EURL au capital de 2 000 €", "… GmbH, Stammkapital 25.000 €") is no part of it. */
const CAPITAL_CLAUSE =
  /(?:au\s+capital|capital\s+social|capitale\s+sociale|con\s+capitale|with\s+a\s+share\s+capital|share\s+capital|stammkapital|grundkapital)\b/iu;
function withoutCapital(name: string): string {
  const at = CAPITAL_CLAUSE.exec(name)?.index ?? -1;
  return at > 0 ? trimEndChars(name.slice(0, at), `${WHITESPACE},;`) : name;
}

/**
 * The legal name: schema.org legalName first, then the legal pages' first named company, then a line with a
 * register entry, then any line or a © line — only when the company it names is the site's own (`identity`: its domain and the names it gives itself), since a
 * footer's © often belongs to the web agency or a template's maker.
 */
export function findLegalName(
  lines: SectionLine[],
  schemaLegalName: { value: string; source_url: string } | null,
  identity: string[] = [],
): { name: CompanyFact<string>; form: CompanyFact<string> | null } | null {
  if (schemaLegalName) {
    const form = findLegalForm(schemaLegalName.value);
    const name = {
      value: withoutCapital(schemaLegalName.value),
      source_url: schemaLegalName.source_url,
      evidence: `schema.org legalName: ${schemaLegalName.value}`,
    };
    return { name, form: form ? { ...name, value: form.canonical } : null };
  }
  const legal = lines.filter((l) => l.page.role === 'imprint' || isLegalPage(l.page));
  // Then any page's line that gives the register or VAT entry beside the name, then a © line.
  const registered = lines.filter((l) => REGISTER_HINT.test(l.text) && !COPYRIGHT.test(l.text));
  const copyright = lines.filter((l) => COPYRIGHT.test(l.text));
  // Then any line that names the site's own name with a legal form ("Integraal Groen Comm.V." over its address).
  const named = lines.filter((l) => !COPYRIGHT.test(l.text));
  const legalLines = legal.filter((l) => !COPYRIGHT.test(l.text));
  // A legal page names other companies too (its host, its agency): the site's own name among them comes first.
  const ownLegal = legalLines.filter((l) => {
    const found = companyNameIn(l.text);
    return found !== null && isOwnName(found.name, identity);
  });
  for (const group of [ownLegal, legalLines, registered, named, copyright]) {
    const ownOnly = group === named || group === copyright;
    for (const line of group) {
      const found = companyNameIn(line.text);
      if (!found || (ownOnly && !isOwnName(found.name, identity, group === named))) continue;
      return { name: fact(found.name, line), form: fact(found.form, line) };
    }
  }
  for (const line of legal) {
    if (COPYRIGHT.test(line.text)) continue;
    const found = companyNameInSentence(line.text);
    if (found) return { name: fact(found.name, line), form: fact(found.form, line) };
  }
  return null;
}

const letters = (text: string) => foldText(text).replace(/[^a-z0-9]+/g, '');

/**
 * Whether a company name is the site's own: without its legal form, its letters are those of the domain's
 * name or of a name the site gives itself, or one holds the other ("New Clean Srl" on newcleanpulizie.it).
 * `within`: the name must lie within one of them ("DINACOL S.A.S." on dinacolsa.com), so that a heading glued
 * before it ("30 Anni di Successi Centro Carrelli S.r.l.") is not taken with it.
 */
function isOwnName(name: string, identity: string[], within = false): boolean {
  const form = findLegalForm(name);
  const core = letters(form ? name.slice(0, form.index) : name);
  if (core.length < 3) return false;
  return identity.some((own) => {
    const key = letters(own);
    return key.length >= 3 && (key.includes(core) || (!within && core.includes(key) && key.length >= 5));
  });
}

const REGISTER_HINT =
  /registered\s+in|company\s+(?:no|number)|HR[AB]\s*\d|Amtsgericht|Firmenbuch|KvK|Org\.?\s?nr|RCS\s|SIRE[NT]|VAT\s+(?:reg|no|number)|USt|UID|TVA|BTW|MWST/i;

const isLegalPage = (page: ParsedPage) =>
  /(?:impressum|imprint|legal|mentions|colofon|aviso|note-legali|disclaimer)/i.test(page.url);

// ---------------------------------------------------------------- register

const COURT_WORD =
  '(?:Amtsgericht|Registergericht|Handelsgericht|Landesgericht|Landgericht|Firmenbuchgericht|Kreisgericht)';
const PLACE = String.raw`[\p{Lu}][\p{L}.-]+(?:\s+(?:am|an\s+der|im|in\s+der|i\.\s?d\.|a\.\s?M\.)\s*[\p{L}.-]+)?(?:\s*\([\p{L} ]+\))?`;
const DE_COURT = new RegExp(String.raw`(${COURT_WORD})\s*[:：]?\s*(?:(${COURT_WORD})\s+)?(${PLACE})`, 'u');
const DE_NUMBER =
  /(?<![\p{L}])(HRB|HRA|GnR|PR|VR|GsR)\s*(?:Nr\.?\s*)?(\d{1,6}(?:\s?[A-Z]{1,2}(?![\p{L}]))?)/u;
const AT_NUMBER =
  /(?:FN|Firmenbuch(?:nummer|-?nr\.?))\s*[:：]?\s*(?:FN\s*)?(\d{1,6}\s?[a-z])(?![\p{L}\p{N}])/iu;
const CH_COURT = /Handelsregister(?:amt)?\s+(?:des\s+Kantons\s+)?([\p{Lu}][\p{L}-]+)/u;
/** A Swiss UID, the register's company number; with "MWST"/"TVA"/"IVA" after it, it is the VAT number. */
const CH_UID = /(CHE[-\s]?\d{3}\.?\d{3}\.?\d{3})(?!\.?\d|\s*(?:MWST|TVA|IVA))/u;
const CH_VAT_LABEL = /MWST|Mehrwertsteuer|TVA|IVA|VAT/i;
const CH_UID_LABEL = /UID|Identifikationsnummer|Handelsregister|IDE|num(?:é|e)ro\s+d['’]entreprise|registro/i;
const UK_COURT = /registered\s+in\s+(England(?:\s+(?:and|&)\s+Wales)?|Scotland|Northern\s+Ireland|Wales)/i;
const UK_NUMBER =
  /(?:company|registration|registered|reg\.?)\s*(?:no\.?|number|nr\.?)\s*[:：]?\s*((?:[A-Z]{2}\d{6})|\d{8})(?![\p{L}\p{N}])/iu;
const FR_RCS =
  /RCS\s+(?:de\s+|d['’])?([\p{Lu}][\p{L}-]+(?:[\s-][\p{Lu}][\p{L}-]+)?)\s*(?:sous\s+le\s+)?(?:[:：]|n°|no\.?|num(?:é|e)ro)?\s*(?:[AB]\s?)?(\d{3}\s?\d{3}\s?\d{3})/u;
const FR_SIREN = /SI(?:REN|RET)\s*(?:n°)?\s*[:：]?\s*(\d{3}\s?\d{3}\s?\d{3})/i;
const NL_KVK =
  /(?:KvK|K\.v\.K\.|Kamer\s+van\s+Koophandel)(?:[-\s]?(?:nummer|nr\.?|number|no\.?))?\s*[:：]?\s*(\d{8})(?!\d)/i;
const BE_KBO =
  /(?:KBO|BCE|Ondernemingsnummer|Num(?:é|e)ro\s+d['’]entreprise|Enterprise\s+number)\s*[:：]?\s*((?:BE\s?)?0?\d{3}[.\s]?\d{3}[.\s]?\d{3})/i;
const NORDIC =
  /(?:Org\.?\s?-?nr\.?|Organisasjonsnummer|Organisationsnummer|Org\.?\s?no\.?|CVR(?:-?nr\.?)?|Y-tunnus)\s*[:：]?\s*((?:NO\s?)?\d{3}\s?\d{3}\s?\d{3}|\d{6}-\d{4}|\d{8}|\d{7}-\d)/i;

/**
 * The register entry (court and number) the lines state, each part from the first line that has it. A block
 * that names another company ("Vertreten durch die Schulte Verwaltungs-GmbH, Amtsgericht Coesfeld HRB 6021": the
 * general partner of a GmbH & Co. KG) holds that company's entry, not this one's.
 */
export function findRegister(
  lines: SectionLine[],
  legalName: string | null,
): CompanyFact<CompanyRegister> | null {
  const key = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const otherCompanyBlocks = new Set(
    lines
      .filter((l) => {
        const named = companyNameIn(l.text);
        return named && legalName && key(named.name) !== key(legalName);
      })
      .map((l) => l.el),
  );
  let court: { value: string; line: SectionLine } | null = null;
  let number: { value: string; line: SectionLine } | null = null;
  const setCourt = (value: string, line: SectionLine) => {
    court ??= { value: collapseSpaces(value), line };
  };
  const setNumber = (value: string, line: SectionLine) => {
    number ??= { value: collapseSpaces(value), line };
  };
  for (const line of lines) {
    if (otherCompanyBlocks.has(line.el)) continue;
    const t = line.text;
    const de = DE_COURT.exec(t);
    if (de?.[3] && /(?:register|hrb|hra|handels|amtsgericht|firmenbuch)/i.test(`${line.section} ${t}`)) {
      const word = de[2] ?? (de[1] === 'Registergericht' ? 'Amtsgericht' : de[1]);
      setCourt(`${word} ${de[3]}`, line);
    }
    const hr = DE_NUMBER.exec(t);
    if (hr && (hr[1] === 'HRB' || hr[1] === 'HRA' || /register|gericht/i.test(`${line.section} ${t}`)))
      setNumber(`${hr[1]} ${hr[2]}`, line);
    const at = AT_NUMBER.exec(t);
    if (at?.[1]) setNumber(`FN ${at[1].replace(/\s/g, '')}`, line);
    const ch = CH_COURT.exec(t);
    if (ch?.[1] && !/nummer|nr\.?$/i.test(ch[1])) setCourt(`Handelsregister des Kantons ${ch[1]}`, line);
    const uid = CH_UID.exec(t);
    // "UID/MWST: CHE-…" or "Mehrwertsteuer-Nr.": a number labelled as VAT is the VAT id (findVatId), not the entry.
    if (uid?.[1] && CH_UID_LABEL.test(`${line.section} ${t}`) && !CH_VAT_LABEL.test(t.slice(0, uid.index)))
      setNumber(uid[1].replace(/\s/g, '-').replace(/^CHE(?=\d)/, 'CHE-'), line);
    const uk = UK_COURT.exec(t);
    if (uk?.[1]) setCourt(uk[1].replace(/\s*&\s*/, ' and '), line);
    const ukNo = UK_NUMBER.exec(t);
    if (ukNo?.[1]) setNumber(ukNo[1], line);
    const rcs = FR_RCS.exec(t);
    if (rcs?.[1] && rcs[2]) {
      setCourt(`RCS ${rcs[1]}`, line);
      setNumber(rcs[2], line);
    }
    const siren = FR_SIREN.exec(t);
    if (siren?.[1]) setNumber(siren[1], line);
    const kvk = NL_KVK.exec(t);
    if (kvk?.[1]) {
      setCourt('KvK', line);
      setNumber(kvk[1], line);
    }
    const kbo = BE_KBO.exec(t);
    if (kbo?.[1]) {
      setCourt('KBO', line);
      setNumber(kbo[1], line);
    }
    const nordic = NORDIC.exec(t);
    if (nordic?.[1]) setNumber(nordic[1].replace(/^NO\s?/, ''), line);
  }
  const c = court as { value: string; line: SectionLine } | null;
  const n = number as { value: string; line: SectionLine } | null;
  const first = c ?? n;
  if (!first) return null;
  const evidence = c && n && c.line !== n.line ? `${c.line.text} … ${n.line.text}` : first.line.text;
  return fact({ court: c?.value ?? null, number: n?.value ?? null }, first.line, evidence);
}

// ---------------------------------------------------------------- VAT

/** A Norwegian organisation number followed by "MVA" is the VAT number: "Org.nr. 923 000 038 MVA". */
const NO_MVA =
  /Org(?:anisasjons)?\.?\s?-?(?:nr|nummer)\.?\s*[:：]?\s*(?:NO\s?)?(\d{3}\s?\d{3}\s?\d{3})\s*MVA/i;

/** A Swiss number with its tax's letters after it is a VAT id whatever the label: "CHE-123.456.789 MWST". */
const CH_VAT = /CHE[-\s]?\d{3}\.?\d{3}\.?\d{3}\s*(?:MWST|TVA|IVA)(?![\p{L}\p{N}])/u;

/** The VAT id: a number after a VAT label on the same line, or on the line after a label line. */
export function findVatId(lines: SectionLine[], siteCountry: string | null): CompanyFact<VatId> | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const swiss = CH_VAT.exec(line.text);
    const swissId = swiss ? vatIdsIn(swiss[0], 'MWST', 'CH')[0] : undefined;
    if (swissId) return fact(swissId, line);
    const mva = NO_MVA.exec(line.text);
    const norwegian = mva?.[1] ? vatIdsIn(`NO${mva[1].replace(/\s/g, '')}MVA`, 'MVA', 'NO')[0] : undefined;
    if (norwegian) return fact(norwegian, line);
    const label = VAT_LABEL.exec(line.text);
    if (!label) continue;
    const after = line.text.slice((label.index ?? 0) + label[0].length);
    const same = vatIdsIn(after, label[0], siteCountry);
    if (same[0]) return fact(same[0], line);
    // "Umsatzsteuer-Identifikationsnummer gemäß § 27 a UStG:" with the number on the next line.
    const next = lines[i + 1];
    if (next && (after.trim().replace(/[:：.]/g, '') === '' || /[:：]\s*$/.test(after))) {
      const below = vatIdsIn(next.text, label[0], siteCountry);
      if (below[0]) return fact(below[0], next, `${line.text} ${next.text}`);
    }
  }
  return null;
}
