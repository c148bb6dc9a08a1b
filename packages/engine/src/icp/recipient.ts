/**
 * Whom outreach content addresses: the decision-maker the business's own site names — an owner, founder or
 * managing director, one Argo can reach first — with the page the name was read from. Never someone whose
 * address is on the account's suppression list.
 */
import { type SuppressionEntry, suppressionRule } from '@argo/contract';
import { decisionMakersFrom, type IcpPeopleFacts } from '../analyze/icp/facts';
import { splitPersonName } from '../analyze/people/names';

export interface Recipient {
  name: string;
  /** The name to greet them by: their first name, or the whole name when its order is unclear. */
  firstName: string;
  /** In English (the built-in content's language); null when the site's role has no English word here. */
  role: string | null;
  /** The page that names them. */
  source_url: string;
}

type Entries = readonly SuppressionEntry[];

/** Role words an English text can use as they are (the built-in content is written in English). */
const ENGLISH_ROLE =
  /\b(?:owner|co-?owner|founder|co-?founder|ceo|cto|coo|cfo|president|managing director|director|partner|principal|proprietor|chief|head|manager|chair(?:man|woman|person)?)\b/i;

/** Decision-makers' roles of other languages in English, by the role's first words (lower case, folded). */
// biome-ignore format: one table
const ROLE_WORDS: readonly [RegExp, string][] = [
  [/^(?:inhaber|eigentumer|eigenaar|proprietaire|propietari|titular|titolare)/, 'owner'],
  [/^(?:geschaftsfuhr|vertreten durch|gerant|gerente|amministratore|directeur general|directrice generale|director general|direttore generale|bedrijfsleider|directeur$)/, 'managing director'],
  [/^(?:grunder|fondateur|fondatrice|fundador|fondatore|oprichter)/, 'founder'],
  [/^(?:president|presidente|prasident|vorstand)/, 'president'],
  [/^(?:socio|associe|gesellschafter|vennoot)/, 'partner'],
];

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The role as an English text says it: as the site wrote it when it is English ("Founder / CEO"), else its
 * English words ("Inhaberin" → "owner", "Geschäftsführer" → "managing director", "Président" → "president"), else
 * "owner" for an owner; null when the role cannot be said truthfully in English ("Directrice de publication").
 */
function englishRole(role: string, seniority: string): string | null {
  if (ENGLISH_ROLE.test(role)) return role;
  const folded = fold(role);
  const known = ROLE_WORDS.find(([words]) => words.test(folded));
  if (known) return known[1];
  return seniority === 'owner_founder' ? 'owner' : null;
}

const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Not a person's name, whatever the page made of it: a heading in capitals ("INFORMATIONS GÉNÉRALES"), or the
 * business's own name ("Always Automaten" of "Always Automaten GmbH"; "Norbert Bánhalmi" of "Bánhalmi Norbert e.U."
 * is a person). Greeting it would read as a machine wrote it.
 */
function isNotAName(name: string, businessName: string): boolean {
  const letters = name.replace(/[^\p{L}]/gu, '');
  if (name.trim().includes(' ') && letters === letters.toUpperCase()) return true;
  // The business's name, in its order, with at most a short legal form after it ("GmbH", "e.U.").
  const business = wordsOf(businessName);
  const own = wordsOf(name);
  const rest = business.slice(own.length);
  return (
    own.length > 0 &&
    own.every((w, i) => business[i] === w) &&
    rest.length <= 2 &&
    rest.every((w) => w.length <= 4)
  );
}

/**
 * The name to greet them by: the first name's first word ("Marcos" of "Marcos Elgorriaga Kunze", "Béatrice" of
 * "Béatrice Gouts Bourjac"), with the next when the first is short for one ("Mª Cristina"); the whole name when it
 * may be written family name first, as imprints often do ("Inhaberin: Lehmann Elvira" of "Lehmann Bau GmbH"):
 * when of its two words the first is a word of the business's name and the last is not, "Hi Lehmann" would be
 * wrong.
 */
function greetingName(name: string, businessName: string): string {
  const [first] = splitPersonName(name);
  if (!first) return name;
  const words = new Set(wordsOf(businessName));
  const nameWords = wordsOf(name);
  const familyFirst =
    nameWords.length === 2 && words.has(nameWords[0] ?? '') && !words.has(nameWords[1] ?? '');
  if (familyFirst) return name;
  const [given, next] = first.split(/\s+/);
  if (!given) return first;
  const abbreviated = /[.ªº]$/.test(given) || given.replace(/[^\p{L}]/gu, '').length <= 1;
  return abbreviated && next ? `${given} ${next}` : given;
}

/** The decision-maker to address, or null (then the text greets the business). */
export function recipientOf(
  people: IcpPeopleFacts | null,
  list: Entries,
  businessName = '',
): Recipient | null {
  if (!people) return null;
  const { isSuppressed } = suppressionRule(list);
  // Someone with a suppressed address of their own asked not to be contacted: they are not addressed at all.
  const blocked = new Set(
    people.people
      .filter((p) =>
        [p.email, ...(people.emails ?? []).filter((e) => e.person === p.name).map((e) => e.email)].some(
          (email) => email && isSuppressed(email),
        ),
      )
      .map((p) => p.name),
  );
  const [best] = decisionMakersFrom(
    {
      ...people,
      people: people.people.filter((p) => !blocked.has(p.name) && !isNotAName(p.name, businessName)),
    },
    isSuppressed,
  );
  if (!best) return null;
  return {
    name: best.name,
    firstName: greetingName(best.name, businessName),
    role: englishRole(best.role, best.seniority),
    source_url: best.source_url,
  };
}
