import type { Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces, foldText } from '../../normalize/text';
import { pageText } from './page-text';

export interface SizeEstimate {
  size_hint: string | null;
  employee_estimate: number | null;
}

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  zwei: 2,
  drei: 3,
  vier: 4,
  funf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwolf: 12,
  zwanzig: 20,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  dix: 10,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  diez: 10,
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  dieci: 10,
  twee: 2,
  drie: 3,
  vijf: 5,
  tien: 10,
};
// At most two thousands groups (no head count reaches a million): a long run of "000 000 …" was rescanned from
// every group.
const N = String.raw`(\d{1,3}(?:[.,\s]\d{3}){0,2}|\d+|${Object.keys(NUMBER_WORDS).join('|')})\+?`;
const APPROX = String.raw`(?:(?:more than|over|about|around|approximately|nearly|almost|uber|rund|ca\.?|circa|etwa|mehr als|knapp|plus de|environ|pres de|mas de|unos|oltre|circa|quasi|meer dan|ruim|ongeveer)\s+)?`;
/** Folded text patterns that state a head count (en, de, fr, es, it, nl). */
const HEADCOUNT = [
  new RegExp(
    String.raw`\b${APPROX}${N}\s+(?:full[- ]time\s+)?(?:employees|staff(?: members)?|team members|colleagues|engineers|people on (?:our|the) team|mitarbeiter(?:innen|n)?|mitarbeitende[n]?|beschaftigte[n]?|angestellte[n]?|kolleg(?:inn)?en|fachkrafte[n]?|salaries|collaborateurs|employes|empleados|trabajadores|colaboradores|dipendenti|collaboratori|medewerkers|werknemers)\b`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?:team of|staff of|we are|we're|team (?:aus|von)|equipe de|equipo de|team di|team van)\s+${APPROX}${N}\s*(?:people|persons|experts|specialists|professionals|personen|kopfen|experten|spezialisten|personnes|personas|persone|mensen)?\b`,
    'g',
  ),
];
const FOUNDED =
  /\b(?:since|seit|gegrundet(?: im jahr| in)?|founded(?: in)?|established(?: in)?|est\.|depuis|fondee en|desde|fundada en|dal|fondata nel|sinds|opgericht in)\s+((?:18|19|20)\d{2})\b/;
const YEARS_SINCE =
  /\b(?:seit|for|depuis|desde|da|sinds)\s+(?:(?:fast|uber|mehr als|gut|over|more than|nearly|almost|plus de|mas de|oltre|ruim)\s+)?(\d{1,3})\s+(?:jahren|years|ans|anos|anni|jaar)\b/;
const EXPERIENCE =
  /\b(?:(?:uber|mehr als|fast|rund|seit|over|more than|nearly|almost|plus de|mas de|oltre)\s+)?(\d{1,3})\s+(?:jahren?|years?|ans|anos|anni|jaar)(?:\s+(?:an\s+)?(?:erfahrung|experience|d'experience|de experiencia|di esperienza|ervaring|lang|im geschaft|in business))/;
const TITLE_WORDS =
  /^(?:dr\.?|prof\.?|dipl\.?-?\w*\.?|ing\.?|mag\.?|med\.?|von|van|de|der|den|del|da|di|le|la|zu|mba|msc|ba|ma|jr\.?|sr\.?)$/i;
const NOT_NAMES =
  /^(?:team|unser|unsere|our|the|über|ueber|about|kontakt|contact|leistungen|services|geschäftsführung|management|vorstand|partner|impressum|home|news|aktuelles|mehr|more|read|weiterlesen|jobs|karriere|careers)$/i;

/**
 * Size hints from what a site says: a stated head count ("team of 12", "35 Mitarbeiter"), the people a team page
 * shows, a first-person-singular site (a sole proprietor), the founding year and years in business. The employee
 * estimate comes from a stated count, else the team page, else 1 for a one-person site; never from age alone.
 */
export function estimateSize(pages: ParsedPage[], language: string | null = null): SizeEstimate {
  const notes: string[] = [];
  let estimate: number | null = null;
  let estimateNote: string | null = null;

  for (const page of pages) {
    const text = foldText(
      pageText(page)
        .blocks.filter((b) => !b.isChrome)
        .map((b) => b.text)
        .join('\n'),
    );
    for (const pattern of HEADCOUNT) {
      for (const m of text.matchAll(pattern)) {
        const n = toNumber(m[1] ?? '');
        if (n === null || n < 2 || n > 500_000) continue;
        if (estimate === null || n > estimate) {
          estimate = n;
          estimateNote = `the site says “${collapseSpaces(m[0])}” (${pathOf(page.url)})`;
        }
      }
    }
  }

  if (estimate === null) {
    const team = pages.find((p) => p.role === 'team' || p.role === 'about');
    const people = team ? countPeople(team) : 0;
    if (team && people >= 2) {
      estimate = people;
      estimateNote = `the ${team.role === 'team' ? 'team' : 'about'} page lists ${people} people`;
    }
  }

  if (estimate === null && isFirstPersonSingular(pages, language)) {
    estimate = 1;
    estimateNote = 'likely a sole proprietor: the site speaks in the first person singular';
  }

  let founded: number | null = null;
  let experience: number | null = null;
  for (const page of pages) {
    const text = foldText(pageText(page).text);
    const f = FOUNDED.exec(text);
    if (f?.[1] && founded === null) {
      const year = Number(f[1]);
      if (year <= new Date().getFullYear()) founded = year;
    }
    const e = EXPERIENCE.exec(text) ?? businessYearsSince(text);
    if (e?.[1] && experience === null) experience = Number(e[1]);
  }

  if (estimate !== null) notes.push(`${bucket(estimate)} (${estimateNote})`);
  if (founded !== null) notes.push(`founded ${founded}`);
  else if (experience !== null && experience < 200) notes.push(`${experience} years in business`);
  return { size_hint: notes.length ? notes.join('; ') : null, employee_estimate: estimate };
}

function bucket(n: number): string {
  if (n <= 1) return '1 person';
  if (n <= 10) return '2–10 employees';
  if (n <= 50) return '11–50 employees';
  if (n <= 200) return '51–200 employees';
  if (n <= 500) return '201–500 employees';
  if (n <= 1000) return '501–1,000 employees';
  if (n <= 5000) return '1,001–5,000 employees';
  return 'more than 5,000 employees';
}

/** "seit fast 30 Jahren" only counts when the business is named nearby ("… hat das Planungsbüro …"). */
function businessYearsSince(text: string): RegExpExecArray | null {
  const match = YEARS_SINCE.exec(text);
  if (!match) return null;
  const around = text.slice(Math.max(0, match.index - 80), match.index + match[0].length + 80);
  return BUSINESS_WORDS.test(around) ? match : null;
}

const BUSINESS_WORDS =
  /\b(?:wir|unser(?:e|em|en)?|unternehmen|firma|buro|planungsburo|kanzlei|praxis|betrieb|team|we|our|company|firm|business|nous|notre|entreprise|nosotros|empresa|noi|azienda|wij|bedrijf)\b/;

function toNumber(raw: string): number | null {
  const word = NUMBER_WORDS[raw];
  if (word) return word;
  const n = Number(raw.replace(/[.,\s]/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** Names of people shown on a team page: short capitalised headings/captions, or schema.org Person items. */
function countPeople(page: ParsedPage): number {
  const $ = page.$;
  const names = new Set<string>();
  $('[itemtype*="schema.org/Person" i] [itemprop="name"]').each((_, el) => {
    const name = collapseSpaces($(el).text());
    if (name) names.add(name.toLowerCase());
  });
  $('h2, h3, h4, h5, h6, figcaption, strong, b, [class*="name" i]').each((_, el) => {
    if (
      (el as Element).children.some(
        (c) => c.type === 'tag' && ['h2', 'h3', 'h4', 'div', 'p'].includes((c as Element).name),
      )
    )
      return;
    const text = collapseSpaces($(el).text());
    if (looksLikePersonName(text)) names.add(text.toLowerCase());
  });
  return names.size;
}

export function looksLikePersonName(text: string): boolean {
  if (text.length < 5 || text.length > 40 || /[\d@:|/]/.test(text)) return false;
  const words = text.split(' ').filter((w) => !TITLE_WORDS.test(w));
  if (words.length < 2 || words.length > 3) return false;
  return words.every(
    (w) => /^[\p{Lu}][\p{Ll}'’]+(?:-[\p{Lu}][\p{Ll}'’]+)?\.?$/u.test(w) && !NOT_NAMES.test(w),
  );
}

const PRONOUNS: Record<string, { singular: string[]; plural: string[] }> = {
  en: { singular: ['i', 'my', 'me', "i'm"], plural: ['we', 'our', 'us', "we're"] },
  de: {
    singular: ['ich', 'mich', 'mir', 'mein', 'meine', 'meinen', 'meiner'],
    plural: ['wir', 'uns', 'unser', 'unsere', 'unseren', 'unserer'],
  },
  fr: { singular: ['je', "j'", 'moi', 'mon', 'ma', 'mes'], plural: ['nous', 'notre', 'nos'] },
  es: { singular: ['yo', 'mi', 'mis'], plural: ['nosotros', 'nuestro', 'nuestra', 'nuestros', 'nuestras'] },
  it: { singular: ['io', 'mio', 'mia', 'miei'], plural: ['noi', 'nostro', 'nostra', 'nostri'] },
  nl: { singular: ['ik', 'mijn'], plural: ['wij', 'we', 'ons', 'onze'] },
};

const QUOTED = /[„“"«»‚‘][^„“"«»‚‘]{0,600}[“”"»«‘’]/g;

/** A site written as "I" (ich/je/yo/io/ik) far more than "we" is usually one person's business. */
function isFirstPersonSingular(pages: ParsedPage[], language: string | null): boolean {
  const sets = language && PRONOUNS[language] ? [PRONOUNS[language]] : [PRONOUNS.en, PRONOUNS.de];
  // Blog posts and interviews (og:type article) are written by and about individuals, whatever the business is.
  const ownPages = pages.filter(
    (p) => !/^article$/i.test(p.$('meta[property="og:type"]').attr('content') ?? ''),
  );
  const words =
    foldText(
      ownPages
        .map((p) =>
          pageText(p)
            .blocks.filter((b) => !b.isChrome && b.linkShare < 0.5 && b.tag !== 'blockquote')
            .map((b) => b.text)
            .join(' '),
        )
        .join(' ')
        // Quotations (testimonials, interviews) speak for someone else.
        .replace(QUOTED, ' '),
    ).match(/[\p{L}']+/gu) ?? [];
  const singular = new Set(sets.flatMap((s) => s?.singular ?? []));
  const plural = new Set(sets.flatMap((s) => s?.plural ?? []));
  let one = 0;
  let many = 0;
  for (const word of words) {
    if (singular.has(word)) one += 1;
    else if (plural.has(word)) many += 1;
  }
  return one >= 3 && one > many * 3;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname || '/';
  } catch {
    return url;
  }
}
