/**
 * Roles: the words that introduce a person on imprints and in prose ("Geschäftsführer:", "vertreten durch",
 * "gérant", "Managing Director"), how senior a role is, and whether a short card line reads as a job title.
 */
import { foldText } from '../../normalize/text';
import { withoutLastOf } from '../../normalize/trim';
import type { Seniority } from './types';

const L = String.raw`(?<![\p{L}\p{N}])`;
const R = String.raw`(?![\p{L}\p{N}])`;

/**
 * Role words that name the people who run, own or speak for a business, in the languages of our markets, as
 * they stand before a name ("Geschäftsführer: Anna Berg", "vertreten durch Anna Berg", "Gérant : Paul Roy")
 * or after it ("Anna Berg, Inhaberin"). Longer forms first, so "Geschäftsführende Gesellschafterin" wins over
 * "Gesellschafterin".
 */
// biome-ignore format: one alternative per line reads better
const LEAD_TERMS = [
  // German
  String.raw`gesch(?:ä|ae)ftsf(?:ü|ue)hrende[rn]?\s+gesellschafter(?:in|innen)?`,
  String.raw`(?:vertretungsberechtigte[rn]?\s+)?gesch(?:ä|ae)ftsf(?:ü|ue)hrer(?:in|innen)?`,
  'gesch(?:ä|ae)ftsf(?:ü|ue)hrung',
  'gesch(?:ä|ae)ftsleit(?:er|erin|ung)',
  String.raw`mitglied\s+(?:der\s+gesch(?:ä|ae)ftsleitung|des\s+vorstand(?:e)?s)`,
  String.raw`vertreten\s+durch`,
  String.raw`vertretungsberechtigt(?:e[rn]?)?(?:\s+(?:person(?:en)?|gesellschafter(?:in)?))?`,
  '(?:praxis|kanzlei|firmen|gesch(?:ä|ae)fts|betriebs)?inhaber(?:in)?',
  'eigent(?:ü|ue)mer(?:in)?',
  '(?:mit|co-?)?gr(?:ü|ue)nder(?:in)?',
  'vorstandsvorsitzende[r]?',
  String.raw`vorsitzende[r]?\s+des\s+vorstand(?:e)?s`,
  'vorstand',
  'gesellschafter(?:in)?',
  'prokurist(?:in)?',
  String.raw`verantwortlich(?:e[rn]?)?(?:\s+f(?:ü|ue)r\s+(?:den\s+)?inhalt)?(?:\s+(?:nach|gem(?:ä|ae)(?:ß|ss)|i\.\s?s\.?\s?d\.?|im\s+sinne)[^:\n]{0,50})?`,
  String.raw`v\.\s?i\.\s?s\.\s?d\.\s?p\.?`,
  'ansprechpartner(?:in|innen)?',
  '(?:praxis|filial|standort|b(?:ü|ue)ro|team|abteilungs|bereichs|niederlassungs)leit(?:er|erin|ung)',
  'betreiber(?:in)?',
  'direktor(?:in)?',
  String.raw`(?:verwaltungsrats|vize)?pr(?:ä|ae)sident(?:in)?(?:\s+des\s+(?:verwaltungsrate?s|vorstand(?:e)?s|aufsichtsrate?s))?`,
  String.raw`(?:mitglied|delegierte[r]?)\s+des\s+verwaltungsrate?s`,
  'verwaltungsrat(?:in|smitglied)?',
  String.raw`zeichnungsberechtigt(?:e[rn]?)?(?:\s+person(?:en)?)?`,
  String.raw`gegr(?:ü|ue)ndet\s+(?:\d{4}\s+)?(?:von|durch)`,
  // English
  String.raw`managing\s+directors?`,
  String.raw`founded\s+(?:in\s+\d{4}\s+)?by`,
  String.raw`(?:company\s+|executive\s+)?directors?`,
  '(?:co-?)?owners?',
  'proprietors?',
  '(?:co-?)?founders?',
  String.raw`chief\s+[\p{L}]+(?:\s+[\p{L}]+)?\s+officer`,
  'ceo|cto|cfo|coo|cmo',
  String.raw`managing\s+partners?`,
  String.raw`(?:member|members)\s+of\s+the\s+(?:board(?:\s+of\s+directors)?|management\s+board|executive\s+board)`,
  String.raw`chair(?:man|woman|person)?\s+of\s+the\s+board(?:\s+of\s+directors)?`,
  String.raw`board\s+members?`,
  String.raw`represented\s+by`,
  String.raw`authori[sz]ed\s+representatives?`,
  String.raw`contact\s+person`,
  String.raw`responsible\s+for\s+(?:the\s+)?content`,
  // French
  'co-?g(?:é|e)rant(?:e)?',
  'g(?:é|e)rant(?:e)?',
  String.raw`(?:directeur|directrice)\s+(?:g(?:é|e)n(?:é|e)ral(?:e)?|de\s+(?:la\s+)?publication)`,
  String.raw`responsable\s+(?:de\s+(?:la\s+)?)?publication`,
  String.raw`pr(?:é|e)sident(?:e)?(?:\s+directeur\s+g(?:é|e)n(?:é|e)ral)?`,
  'pdg',
  '(?:co-?)?fondat(?:eur|rice)',
  String.raw`fond(?:é|e)e?\s+(?:en\s+\d{4}\s+)?par`,
  'dirigeant(?:e)?',
  String.raw`(?:pr(?:é|e)sident(?:e)?|membre)\s+du\s+conseil\s+d['’]administration`,
  String.raw`administrat(?:eur|rice)(?:\s+(?:unique|d(?:é|e)l(?:é|e)gu(?:é|e)e?))?`,
  String.raw`repr(?:é|e)sent(?:é|e)e?\s+par`,
  String.raw`repr(?:é|e)sentant(?:e)?\s+l(?:é|e)gal(?:e)?`,
  // Dutch
  'eigenaa?r(?:es|esse)?',
  String.raw`algemeen\s+directeur`,
  'directeur',
  'bestuurders?',
  'zaakvoerder',
  '(?:mede-?)?oprichter',
  String.raw`opgericht\s+(?:in\s+\d{4}\s+)?door`,
  String.raw`vertegenwoordigd\s+door`,
  'contactpersoon',
  // Italian, Spanish
  'titolare',
  String.raw`amministratore(?:\s+(?:unico|delegato))?`,
  String.raw`legale\s+rappresentante`,
  String.raw`(?:presidente|membro|consigliere)\s+del\s+consiglio\s+di\s+amministrazione`,
  String.raw`consejer[oa](?:\s+delegad[oa])?`,
  'fondatore|fondatrice',
  String.raw`administrador(?:a)?(?:\s+(?:[úu]nic[oa]))?`,
  'gerente',
  'propietari[oa]',
  // "El titular de este sitio web es …", "Titular: …": the holder of a Spanish site, a sole trader or a company.
  'titular',
  'fundador(?:a)?',
  String.raw`fundad[oa]\s+(?:en\s+\d{4}\s+)?por`,
  String.raw`fondat[oa]\s+(?:nel\s+\d{4}\s+)?da`,
  String.raw`representante\s+legal`,
  // Nordic
  String.raw`daglig\s+leder`,
  String.raw`(?:etablert|grunnlagt|startet|stiftet|grundat|grundlagt)\s+(?:i\s+\d{4}\s+)?(?:av|af)`,
  String.raw`administrerende\s+direkt(?:ø|o)r`,
  'innehaver',
  '(?:ä|a)gare',
  'indehaver',
];

/**
 * The GDPR's parties to the processing of data, as privacy policies name them ("Titolare del trattamento",
 * "responsable du traitement", "data controller"): a legal role, usually the company itself, never a job.
 */
const PROCESSING_TERM = String.raw`(?:titolare|responsabile|contitolar[ei])\s+(?:del|dei|della)\s+trattamento|responsable\s+(?:du|des|de\s+los|del)\s+(?:traitement|tratamiento)|data\s+(?:controller|processor)|verwerkingsverantwoordelijke|verantwortliche\s+stelle`;

/** Data-protection officers: contacts of the business only when it employs them (see legal.ts). */
const DPO_TERM = String.raw`(?:externe[rn]?\s+)?datenschutzbeauftragte[rn]?|data\s+protection\s+officer|d(?:é|e)l(?:é|e)gu(?:é|e)\s+(?:à\s+la\s+)?protection\s+des\s+donn(?:é|e)es|functionaris\s+gegevensbescherming|${PROCESSING_TERM}`;

/** Every lead term as one pattern, each match a role as written. */
// The data-protection terms first: "Titolare del trattamento" is not "Titolare" (the owner).
export const ROLE_TERM = new RegExp(`${L}(?:${DPO_TERM}|${LEAD_TERMS.join('|')})${R}`, 'giu');

const ROLE_TERM_ONCE = new RegExp(ROLE_TERM.source, 'iu');
export const hasRoleTerm = (text: string) => ROLE_TERM_ONCE.test(text);

/** "gegründet von", "founded by" …: the person is named as the founder, in the page's language. */
const FOUNDED_BY: Array<[RegExp, string]> = [
  [/^gegr/i, 'Gründer'],
  [/^founded/i, 'Founder'],
  [/^fond[ée]/i, 'Fondateur'],
  [/^opgericht/i, 'Oprichter'],
  [/^fundad/i, 'Fundador'],
  [/^fondat[oa]\s/i, 'Fondatore'],
  [/^(?:etablert|grunnlagt|startet|stiftet)\s/i, 'Grunnlegger'],
  [/^(?:grundat|grundlagt)\s/i, 'Grundare'],
];
export function founderRole(term: string): string | null {
  return FOUNDED_BY.find(([pattern]) => pattern.test(term))?.[1] ?? null;
}

/** Whether the whole text is one role term ("Geschäftsführerin", "Gérant"), optionally with a colon. */
export function isLeadRole(text: string): boolean {
  const trimmed = withoutLastOf(text.trim(), ':：');
  // The shared global pattern keeps a lastIndex that matchAll would start from: use the single-match copy.
  const match = ROLE_TERM_ONCE.exec(trimmed);
  return match !== null && match.index === 0 && match[0].length === trimmed.length;
}

const DPO_ROLE = new RegExp(`^(?:${DPO_TERM})$`, 'iu');
export const isDpoRole = (role: string) => DPO_ROLE.test(role.trim());

// ---------------------------------------------------------------- seniority (folded text)

const OWNER =
  /\b(?:(?:praxis|kanzlei|firmen|geschafts|betriebs)?inhaber(?:in)?|eigentumer(?:in)?|(?:mit|co ?)?grunder(?:in)?|(?:co ?)?founder|founding|(?:co ?)?owner|proprietor|(?:co ?)?fondat(?:eur|rice)|proprietaire|eigenaa?r(?:es|esse)?|(?:mede ?)?oprichter|fundador(?:a)?|propietari[oa]|titolare|titular|fondatore|innehaver|eier|agare|grundare|indehaver|ejer|grunnlegger|gesellschafter(?:in)?|vennoot|associee?|socio|socia)\b/;
const NOT_OWNER = /\bproduct owner\b|\bprocess owner\b|\bowner'?s? (?:rep|representative)\b/;
const EXECUTIVE =
  /\b(?:geschaftsfuhr\w*|geschaftsleit(?:er|erin|ung)|vorstand(?:svorsitzende\w*)?|vorsitzende\w* des vorstand\w*|managing director|executive director|company director|md|chief [a-z ]+ officer|c[etfoim]o|cdo|cpo|chro|president|vice president|\w*prasident(?:in)?|\w*verwaltungsrat\w*|vp|gerant(?:e)?|co ?gerant(?:e)?|pdg|dg|dirigeant(?:e)?|representant(?:e)? legal(?:e)?|directeur general|directrice generale|directeur de (?:la )?publication|directrice de (?:la )?publication|algemeen directeur|bestuurder|zaakvoerder|amministratore|legale rappresentante|administrador(?:a)?|gerente|daglig leder|administrerende direktor|adm dir|vd|consigliere|consejer[oa]|chair(?:man|woman|person)|board members?|members? of the board|managing partner|senior partner|equity partner|partner(?:in)?|principal|vertreten durch|vertretungsberechtigt\w*|represented by|represente(?:e)? par|vertegenwoordigd door|authori[sz]ed representatives?)\b/;
/** Director-like words that make an executive only alone (or with "managing", "general" …, handled above). */
const BARE_TOP =
  /^(?:directors?|directeur|directrice|direktor(?:in)?|direttore|director(?:a)?|direktør|administrat(?:eur|rice)(?: unique| deleguee?)?)$/;
const MANAGER =
  /\b(?:\w*leit(?:er|erin|ung)|head of|heads of|\w*lead|\w*manager(?:in)?|management|prokurist(?:in)?|responsable|chef(?:in)? de|chef|chefin|\w*chef|directors?|directeur|directrice|direktor(?:in)?|supervisor|teamleader|coordinator|koordinator(?:in)?|hoofd|leidinggevende|\w*leider|\w*leder|bedrijfsleider|capo|jefe|jefa|avdelingsleder|leder)\b/;

/** The seniority of a role as written; the highest one any of its parts earns ("Founder & CEO" → owner). */
export function seniorityOf(role: string): Seniority {
  const folded = foldText(role)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (OWNER.test(folded) && !NOT_OWNER.test(folded)) return 'owner_founder';
  // "Director", "Director, Tax": a company director (in charge of tax); "Art Director" heads a function.
  if (BARE_TOP.test(folded) || /^(?:directors?|directeur|directrice)\s*,/.test(foldText(role).trim()))
    return 'executive';
  if (EXECUTIVE.test(folded) && !/\bpartner (?:manager|management|success)\b/.test(folded))
    return 'executive';
  if (MANAGER.test(folded)) return 'manager';
  return 'staff';
}

export const SENIORITY_RANK: Record<Seniority, number> = {
  owner_founder: 0,
  executive: 1,
  manager: 2,
  staff: 3,
};

// ---------------------------------------------------------------- job titles on cards

/** Job nouns (folded), matched as whole words, plural "s" allowed. */
// biome-ignore format: a word list
const JOB_NOUNS = new Set([
  'engineer', 'developer', 'designer', 'consultant', 'specialist', 'architect', 'analyst', 'scientist', 'assistant',
  'associate', 'advisor', 'adviser', 'accountant', 'administrator', 'coordinator', 'officer', 'representative',
  'executive', 'manager', 'director', 'lead', 'head', 'partner', 'founder', 'cofounder', 'owner', 'president',
  'intern', 'trainee', 'apprentice', 'technician', 'therapist', 'hygienist', 'nurse', 'physician', 'dentist',
  'surgeon', 'doctor', 'lawyer', 'attorney', 'solicitor', 'barrister', 'counsel', 'paralegal', 'notary', 'stylist',
  'chef', 'cook', 'editor', 'writer', 'photographer', 'receptionist', 'secretary', 'recruiter', 'planner',
  'supervisor', 'foreman', 'electrician', 'plumber', 'carpenter', 'mechanic', 'baker', 'hairdresser', 'barber',
  'beautician', 'trainer', 'coach', 'teacher', 'instructor', 'tutor', 'broker', 'clerk', 'controller', 'auditor',
  'bookkeeper', 'ceo', 'cto', 'cfo', 'coo', 'cmo', 'cio', 'cpo', 'vp', 'strategist', 'illustrator', 'copywriter',
  'programmer', 'inspector', 'surveyor', 'optometrist', 'pharmacist', 'veterinarian', 'psychologist',
  'physiotherapist', 'osteopath', 'midwife', 'sommelier', 'bartender', 'barista', 'researcher', 'practitioner',
  'principal', 'proprietor', 'chairman', 'chairwoman', 'chair', 'treasurer',
  // German whole words (compounds are matched by their ending below)
  'azubi', 'auszubildende', 'auszubildender', 'geselle', 'gesellin', 'inhaber', 'inhaberin', 'prokurist',
  'prokuristin', 'gesellschafter', 'gesellschafterin', 'vorstand', 'empfang', 'rezeption', 'sekretariat',
  'logopade', 'logopadin', 'psychologe', 'psychologin', 'heilpraktiker', 'heilpraktikerin', 'apotheker',
  'apothekerin', 'dozent', 'dozentin', 'erzieher', 'erzieherin', 'makler', 'maklerin', 'recruiterin',
  // French, Dutch, Italian, Spanish, Nordic
  'directeur', 'directrice', 'gerant', 'gerante', 'responsable', 'charge', 'chargee', 'conseiller', 'conseillere',
  'comptable', 'commercial', 'commerciale', 'technicien', 'technicienne', 'ingenieur', 'developpeur',
  'developpeuse', 'fondateur', 'fondatrice', 'associe', 'associee', 'avocat', 'avocate', 'notaire', 'medecin',
  'infirmier', 'infirmiere', 'coiffeur', 'coiffeuse', 'vendeur', 'vendeuse', 'secretaire', 'stagiaire', 'apprenti',
  'apprentie', 'artisan', 'menuisier', 'electricien', 'plombier', 'architecte', 'photographe', 'redacteur',
  'redactrice', 'formateur', 'formatrice', 'medewerker', 'medewerkster', 'adviseur', 'eigenaar', 'eigenaresse',
  'oprichter', 'vennoot', 'tandarts', 'assistente', 'verkoper', 'projectleider', 'ontwikkelaar', 'stagiair',
  'bedrijfsleider', 'titolare', 'socio', 'fondatore', 'direttore', 'responsabile', 'gerente', 'fundador',
  'fundadora', 'socia', 'director', 'directora', 'leder', 'radgiver', 'konsulent', 'regnskapsforer', 'utvikler',
  'selger', 'ingenior', 'tekniker', 'laerling', 'medarbeider', 'innehaver', 'grunder', 'agare', 'vd',
]);
/** Endings of German (and Dutch) compound job nouns: "Zahnmedizinische Fachangestellte", "Bauleiter", "Tierärztin". */
const JOB_ENDING =
  /(?:(?:bau|projekt|filial|team|abteilungs|bereichs|niederlassungs|standort|praxis|buro|betriebs|werk|produktions|vertriebs|verkaufs|kuchen|gruppen|schul|kita|objekt|pflegedienst|heim|geschafts|labor|lager|einsatz|fach|haus)leit(?:er|erin|ung)|leiterin|meister|techniker|ingenieur|entwickler|berater|assistent|assistenz|fachangestellte[r]?|angestellte[r]?|assessor|inspektor|amtsrat|fachkraft|kauffrau|kaufmann|therapeut|pfleger|arzt|arztin|anwalt|anwaltin|planer|monteur|gestalter|designer|fotograf|redakteur|trainer|lehrer|betreuer|verwalter|sachbearbeiter|referent|koordinator|hygieniker|helfer|mechaniker|mechatroniker|elektriker|installateur|tischler|schreiner|maler|gartner|konditor|backer|friseur|kosmetiker|steuerberater|notar|wirtschaftsprufer|buchhalter|verkaufer|architekt|programmierer|praktikant|werkstudent|mitarbeiter|grunder|geschaftsfuhrer|sekretar|disponent|ausbilder|zeichner|makler|leider|leder|adviseur|medewerker|manager|consultant|designer|kundenbetreuer|dachdecker|zimmerer|maurer|fliesenleger|polier|optiker|akustiker|techniker)(?:in|innen|e|en|er|s)?$/;

function isJobWord(word: string): boolean {
  return (
    JOB_NOUNS.has(word) ||
    JOB_NOUNS.has(word.replace(/s$/, '')) ||
    (word.length >= 4 && JOB_ENDING.test(word))
  );
}

/** Verbs and pronouns (as written, lower case) that make a line a clause; no job title holds one. */
// biome-ignore format: a word list
const CLAUSE_WORDS = new Set([
  'ist', 'sind', 'war', 'wird', 'hat', 'haben', 'wir', 'ich', 'uns', 'is', 'are', 'was', 'were', 'has', 'have', 'we',
  'our', 'est', 'sont', 'nous', 'je', 'es', 'son', 'está', 'somos', 'è', 'sono', 'siamo', 'noi', 'zijn', 'heeft',
  'wij', 'ons',
]);

/**
 * Whether a short line reads as a job title: a few words, no sentence, no contact detail. With `strict`, it
 * must also contain a job noun ("Solutions Architect", "Zahnmedizinische Fachangestellte", "Gérante").
 */
export function isRoleText(text: string, strict: boolean): boolean {
  if (text.length < 2 || text.length > 80 || /@|https?:|www\.|\d{3}/.test(text)) return false;
  if (/[.!?…]$/.test(text) && !/\b(?:[A-Z]\.|Dipl\.|Ing\.|Inc\.|Ltd\.|Co\.)$/.test(text)) return false;
  // "Lead Developer – Data & Systems": a dash or an ampersand is no word.
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (words.length > 8) return false;
  if (/[„“"«»]/.test(text)) return false;
  // A clause, not a title: "Il Titolare del trattamento dei dati è", "ist seit 2010 bei uns".
  if (words.some((w) => CLAUSE_WORDS.has(w))) return false;
  if (!strict) return /\p{L}{2}/u.test(text);
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .some(isJobWord);
}
