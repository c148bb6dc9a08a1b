/**
 * Founding year, stated head count and opening hours, each with the line it was read from. Only statements about
 * the business count: "gegründet 1998", "founded in 2011", "Meisterbetrieb seit 1987" — not "seit 2005 im Team"
 * (a person) or a year in a blog post.
 */
import type { ParsedPage } from '../../crawl/page';
import { foldText } from '../../normalize/text';
import { findOpeningHours } from '../summary/contacts';
import type { SectionLine } from './company';
import { snippet } from './legal';
import type { CompanyFact } from './types';

const YEAR = String.raw`((?:1[6-9]|20)\d{2})`;
/** A date's day and month before the year: "Gründung: 01.03.2023", "founded 1 March 2011". */
const DAY_MONTH = String.raw`(?:\d{1,2}\.\s?(?:\d{1,2}\.|[a-z]+)\s?|\d{1,2}\s+[a-z]+\s+|[a-z]+\s+\d{1,2},?\s+)?`;
/** Statements that name a founding (folded text). */
const FOUNDED_STRONG = new RegExp(
  String.raw`\b(?:gegrundet|grundung(?:sjahr|sdatum)?|gegr\.|founded|established|est\.|fondee?|fondation|date de creation|cree(?:e)? en|opgericht|fundad[oa]|fondat[oa]|etablert|grunnlagt|stiftet|grundat|perustettu)\b[^.\d]{0,25}?${DAY_MONTH}${YEAR}\b`,
);
/** "Bermuca Impianti SRL nasce nel 2020", "la empresa nace en 1998": a birth, the business's when it is the subject. */
const BORN = new RegExp(
  String.raw`\b(?:nasce|e nata|e nato|nacque|nace|nacio|ontstond|is ontstaan) (?:nel|en|in) ${YEAR}\b`,
);
/** The business as the subject of the birth, in the words before it. */
const BORN_SUBJECT =
  /\b(?:azienda|impresa|societa|ditta|attivita|empresa|negocio|clinica|bedrijf|zaak|srl|s\.r\.l|spa|s\.p\.a|sl|s\.l|sa|s\.a|sas|bv)\b/;
/** "in 1989 opgericht", "1978 gegründet", "en 1994 fondée": the year before the word. */
const FOUNDED_BEFORE = new RegExp(
  String.raw`\b${YEAR}\s+(?:gegrundet|opgericht|fondee?|founded|established|fundad[oa]|fondat[oa]|etablert|grunnlagt|grundat)\b`,
);
/** "seit 1998" / "since 1998" / "depuis 1998": only with the business as the subject nearby. */
const SINCE = new RegExp(String.raw`\b(?:seit|since|depuis|desde|dal|sinds|siden|sedan)\s+${YEAR}\b`);
const BUSINESS_NEARBY =
  /\b(?:azienda|aziende|impresa|societa|ditta|attivita|nostr[aoie]|noi|srl|spa|gmbh|sl|sarl|sas|ltd|\w*betrieb|\w*unternehmen|firma|\w*kanzlei|\w*praxis|\w*buro|\w*werkstatt|restaurant|hotel|laden|\w*geschaft|\w*backerei|salon|atelier|studio|agentur|wir|uns|company|business|firm|family|we|our|shop|store|practice|agency|entreprise|maison|societe|nous|empresa|bedrijf|wij|ons|familie|tradition)\b/;
const PERSON_SUBJECT =
  /\b(?:im team|bei uns|mitarbeiter\w*|in der firma|with us|joined|dabei|ist er|ist sie|er ist|sie ist|he has|she has|il est|elle est|tatig|employed|works)\b/;

/** Head counts written as words (folded), as small teams often do: "acht Mitarbeiter", "a team of five". */
// biome-ignore format: a word list
const NUMBER_WORDS: Record<string, number> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fifteen: 15, twenty: 20, zwei: 2, drei: 3, vier: 4, funf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10,
  elf: 11, zwolf: 12, zwanzig: 20, deux: 2, trois: 3, quatre: 4, cinq: 5, six_: 6, sept: 7, huit: 8, neuf: 9,
  dix: 10, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, diez: 10, due: 2, tre: 3,
  quattro: 4, cinque: 5, sette: 7, otto: 8, dieci: 10, twee: 2, drie: 3, vijf: 5, zes: 6, zeven: 7, tien: 10,
};
// At most two thousands groups (no head count reaches a million): a long run of "000 000 …" was rescanned from
// every group.
const NUMBER = String.raw`(\d{1,3}(?:[.,\s]\d{3}){0,2}|\d+|${Object.keys(NUMBER_WORDS)
  .filter((w) => !w.endsWith('_'))
  .join('|')})`;
const toNumber = (raw: string) => NUMBER_WORDS[raw] ?? Number(raw.replace(/[.,\s]/g, ''));
const APPROX = String.raw`(?:(?:mehr als|uber|rund|ca\.?|circa|etwa|knapp|more than|over|about|around|approximately|nearly|plus de|environ|pres de|mas de|unos|oltre|meer dan|ruim|ongeveer|over)\s+)?`;
const HEADCOUNT = [
  new RegExp(
    String.raw`\b${APPROX}${NUMBER}\+?\s+(?:feste?n?\s+|engagierte[n]?\s+|qualifizierte[n]?\s+|full[- ]time\s+|dedicated\s+)?(?:mitarbeiter(?:innen|n)?|mitarbeitende[n]?|beschaftigte[n]?|angestellte[n]?|employees|staff(?: members)?|team members|people on (?:our|the) team|collaborateurs|salaries|employes|empleados|trabajadores|dipendenti|medewerkers|werknemers|ansatte|medarbetare|medarbejdere)\b`,
  ),
  new RegExp(
    String.raw`\b(?:team (?:of|aus|von)|staff of|crew of|equipe de|equipo de|team di|team van)\s+${APPROX}${NUMBER}\b`,
  ),
  new RegExp(
    String.raw`\b(?:we are|we're|wir sind|nous sommes|somos|wij zijn)\s+${APPROX}${NUMBER}\s*(?:people|persons|experts|specialists|professionals|personen|kopfen|experten|spezialisten|personnes|personas|persone|mensen|mitarbeiter\w*|employees)\b`,
  ),
];
/** A count of something else sitting next to the number ("25 Mitarbeiter-Parkplätze" is rare; "offices" is not). */
const NOT_HEADCOUNT =
  /\b(?:kunden|clients|customers|projekte|projects|standorte|locations|offices|jahre|years)\b/;

export function findFounded(
  lines: SectionLine[],
  schemaFounded: CompanyFact<number> | null,
): CompanyFact<number> | null {
  const thisYear = new Date().getFullYear();
  const own = businessLines(lines).filter((l) => !COPYRIGHT.test(l.text));
  const read = (pattern: (text: string) => RegExpExecArray | null, needsBusiness: boolean) => {
    for (const line of own) {
      const text = foldText(line.text);
      const match = pattern(text);
      if (!match?.[1]) continue;
      const year = Number(match[1]);
      if (year > thisYear) continue;
      if (needsBusiness) {
        const around = text.slice(Math.max(0, match.index - 60), match.index + match[0].length + 40);
        const alone = text.length <= 40;
        if ((!alone && !BUSINESS_NEARBY.test(around)) || PERSON_SUBJECT.test(around)) continue;
      }
      return { value: year, source_url: line.page.url, evidence: snippet(line.text) };
    }
    return null;
  };
  // What a page states outright ("gegründet 2023" in the imprint) beats schema.org's foundingDate, which beats a
  // brand's "seit 1999" or "dal 1995" (a tagline's year may be the family's, the brand's or the trade's).
  return (
    read((t) => FOUNDED_STRONG.exec(t) ?? FOUNDED_BEFORE.exec(t), false) ??
    schemaFounded ??
    read((t) => {
      const born = BORN.exec(t);
      return born && BORN_SUBJECT.test(t.slice(Math.max(0, born.index - 60), born.index)) ? born : null;
    }, false) ??
    read((t) => SINCE.exec(t), true)
  );
}

const COPYRIGHT = /©|\(c\)|copyright/i;

export function findEmployees(
  lines: SectionLine[],
  schemaCount: CompanyFact<number> | null,
): CompanyFact<number> | null {
  if (schemaCount) return schemaCount;
  for (const line of businessLines(lines)) {
    const text = foldText(line.text);
    for (const pattern of HEADCOUNT) {
      const match = pattern.exec(text);
      if (!match?.[1]) continue;
      const n = toNumber(match[1]);
      if (!Number.isFinite(n) || n < 2 || n > 500_000) continue;
      if (NOT_HEADCOUNT.test(text.slice(match.index + match[0].length, match.index + match[0].length + 15)))
        continue;
      return { value: n, source_url: line.page.url, evidence: snippet(line.text) };
    }
  }
  return null;
}

/** Opening hours: schema.org's, else the first page (home, contact first) that writes them. */
export function findHours(
  pages: ParsedPage[],
  schemaHours: CompanyFact<string[]> | null,
): CompanyFact<string[]> | null {
  if (schemaHours) return schemaHours;
  for (const page of pages) {
    if (page.role === 'careers') continue;
    const hours = findOpeningHours(page);
    if (hours.length) return { value: hours, source_url: page.url, evidence: snippet(hours.join('; ')) };
  }
  return null;
}

/** Careers pages and blog posts speak of people and topics; the company's facts stand elsewhere. */
function businessLines(lines: SectionLine[]): SectionLine[] {
  return lines.filter(
    (l) =>
      l.page.role !== 'careers' &&
      !/(?:^|\/)(?:blog|news|magazin|presse|press|aktuelles)\//i.test(l.page.url),
  );
}
