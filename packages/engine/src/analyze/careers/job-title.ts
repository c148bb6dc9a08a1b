/**
 * Job titles: does a short text read as one, and its clean form. A title is clean when it names the role only:
 * the gender tag German and French postings must carry ("(m/w/d)", "H/F"), the working time ("in Teilzeit",
 * "(part-time)"), the start date ("ab sofort"), a lead-in ("Stellenangebot:", "We're hiring:") and a trailing
 * call to action ("Apply now →") are not part of it. A parenthesis that says what the job is ("(React)") is.
 * Gendered spellings of the word itself ("Mitarbeiter*in", "Camarero/a") are the title's own spelling and stay.
 */
import { collapseSpaces, foldText } from '../../normalize/text';
import { trimEndChars, WHITESPACE } from '../../normalize/trim';

/**
 * Folded nouns for people in a job (EN, DE, FR, ES, NL, NO, IT). A title with one of these reads as a job.
 * German, Dutch and Norwegian glue words together ("Bäckereifachverkäufer", "servicemonteur", "prosjektleder"):
 * a longer word that ends in one of the nouns marked as compound heads (COMPOUND_HEADS) counts too.
 */
// biome-ignore format: keep the list compact
const PERSON_NOUNS = [
  // English
  'engineer', 'developer', 'programmer', 'manager', 'designer', 'director', 'specialist', 'analyst', 'consultant',
  'scientist', 'architect', 'administrator', 'assistant', 'associate', 'coordinator', 'officer', 'intern',
  'trainee', 'apprentice', 'representative', 'executive', 'accountant', 'bookkeeper', 'controller', 'technician',
  'technologist', 'operator', 'writer', 'copywriter', 'editor', 'researcher', 'advisor', 'adviser', 'agent',
  'nurse', 'teacher', 'tutor', 'instructor', 'trainer', 'coach', 'cook', 'chef', 'driver', 'cleaner', 'clerk',
  'recruiter', 'product owner', 'scrum master', 'devops', 'sre', 'receptionist', 'cashier', 'waiter', 'waitress',
  'barista', 'bartender', 'mechanic', 'electrician', 'plumber', 'carpenter', 'joiner', 'welder', 'installer',
  'fitter', 'painter', 'decorator', 'gardener', 'landscaper', 'labourer', 'laborer', 'foreman', 'supervisor',
  'surveyor', 'estimator', 'planner', 'buyer', 'dispatcher', 'hygienist', 'therapist', 'physiotherapist',
  'physician', 'dentist', 'veterinarian', 'vet', 'pharmacist', 'optician', 'paralegal', 'attorney', 'lawyer',
  'solicitor', 'salesperson', 'worker', 'artist', 'illustrator', 'animator', 'photographer', 'videographer',
  'producer', 'marketer', 'strategist', 'secretary', 'housekeeper', 'porter', 'baker', 'butcher', 'carer',
  'caregiver', 'midwife', 'lead', 'head of', 'chief', 'ceo', 'cto', 'cfo', 'coo', 'cmo', 'cpo', 'cio', 'vp',
  'vice president', 'tester', 'qa engineer', 'graduate', 'practitioner', 'educator', 'nanny', 'childminder',
  'caretaker', 'groundsman', 'handyman', 'steward', 'stylist', 'hairdresser', 'beautician', 'masseur', 'courier',
  // German
  'entwickler', 'programmierer', 'ingenieur', 'techniker', 'monteur', 'elektriker', 'elektroniker', 'mechaniker',
  'mechatroniker', 'meister', 'geselle', 'kaufmann', 'kauffrau', 'kaufleute', 'fachkraft', 'helfer', 'verkaufer',
  'koch', 'fahrer', 'pfleger', 'pflegefachkraft', 'erzieher', 'referent', 'buchhalter', 'fachangestellte',
  'fachangestellter', 'angestellte', 'angestellter', 'arzt', 'facharzt', 'berater', 'leiter', 'mitarbeiter',
  'sachbearbeiter', 'assistenz', 'assistent', 'praktikant', 'werkstudent', 'auszubildende', 'auszubildender',
  'azubi', 'aushilfe', 'backer', 'konditor', 'tischler', 'schreiner', 'zimmerer', 'maurer', 'maler', 'lackierer',
  'dachdecker', 'installateur', 'gartner', 'vorarbeiter', 'polier', 'disponent', 'lagerist', 'kommissionierer',
  'reinigungskraft', 'hausmeister', 'friseur', 'kosmetiker', 'therapeut', 'physiotherapeut', 'apotheker',
  'steuerberater', 'rechtsanwalt', 'anwalt', 'notar', 'architekt', 'zeichner', 'redakteur', 'volontar',
  'servicekraft', 'kellner', 'barkeeper', 'kurier', 'controller', 'geschaftsfuhrer', 'prokurist', 'arbeiter',
  // French
  'developpeur', 'developpeuse', 'chef de projet', 'responsable', 'stagiaire', 'alternant', 'alternante',
  'technicien', 'technicienne', 'conseiller', 'conseillere', 'vendeur', 'vendeuse', 'comptable', 'secretaire',
  'infirmier', 'infirmiere', 'cuisinier', 'cuisiniere', 'serveur', 'serveuse', 'chauffeur', 'magasinier',
  'electricien', 'plombier', 'menuisier', 'macon', 'soudeur', 'mecanicien', 'operateur', 'operatrice',
  'gestionnaire', 'directeur', 'directrice', 'architecte', 'analyste', 'redacteur', 'redactrice', 'graphiste',
  'coiffeur', 'coiffeuse', 'charge d affaires', 'chargee d affaires', 'charge e d affaires', 'charge de',
  'chargee de', 'charge e de',
  // Spanish
  'desarrollador', 'desarrolladora', 'ingeniero', 'ingeniera', 'gerente', 'tecnico', 'tecnica', 'becario',
  'becaria', 'vendedor', 'vendedora', 'programador', 'programadora', 'jefe', 'jefa', 'contable', 'higienista',
  'auxiliar', 'recepcionista', 'camarero', 'camarera', 'cocinero', 'cocinera', 'dependiente', 'dependienta',
  'administrativo', 'administrativa', 'enfermero', 'enfermera', 'odontologo', 'odontologa', 'mecanico',
  'electricista', 'fontanero', 'conductor', 'repartidor', 'limpiador', 'limpiadora', 'asesor', 'asesora',
  'consultor', 'consultora', 'disenador', 'disenadora', 'coordinador', 'coordinadora', 'director', 'directora',
  'encargado', 'encargada', 'administrador', 'administradora', 'ejecutivo', 'ejecutiva', 'ayudante', 'operario', 'operaria', 'soldador', 'carpintero', 'pintor', 'abogado',
  'abogada', 'arquitecto', 'fisioterapeuta', 'peluquero', 'peluquera', 'profesor', 'profesora', 'monitor',
  // Dutch
  'medewerker', 'ontwikkelaar', 'timmerman', 'metselaar', 'uitvoerder', 'projectleider', 'leider', 'calculator',
  'werkvoorbereider', 'tekenaar', 'adviseur', 'verkoper', 'schilder', 'loodgieter', 'stagiair', 'leerling',
  'verpleegkundige', 'assistente', 'tandarts', 'mondhygienist', 'kok', 'beheerder', 'directeur', 'boekhouder',
  'schoonmaker', 'accountmanager',
  // Norwegian
  'utvikler', 'konsulent', 'radgiver', 'selger', 'leder', 'daglig leder', 'ingenior', 'laerling', 'sykepleier',
  'tomrer', 'renholder', 'kokk', 'servitor', 'sjafor', 'montor', 'tekniker', 'lege', 'tannlege', 'tannpleier',
  'sekretaer', 'regnskapsforer', 'medarbeider', 'snekker', 'elektriker', 'mekaniker',
  // Italian (plurals below: a list under "Cerchiamo:" names the roles in the plural)
  ...withItalianPlurals([
    'sviluppatore', 'stagista', 'impiegato', 'impiegata', 'commesso', 'commessa', 'cameriere', 'cuoco', 'addetto',
    'addetta', 'responsabile', 'ingegnere', 'operaio', 'magazziniere', 'autista', 'consulente', 'sistemista',
    'progettista', 'programmatore', 'tecnico', 'saldatore', 'montatore', 'tubista', 'disegnatore', 'manutentore',
    'riparatore', 'elettricista', 'idraulico', 'muratore', 'geometra', 'perito', 'contabile', 'segretario',
    'segretaria', 'operatore', 'operatrice', 'venditore', 'venditrice', 'carpentiere', 'meccanico', 'analista',
    'receptionist', 'educatore', 'educatrice', 'infermiere', 'infermiera', 'farmacista', 'estetista', 'parrucchiere',
    'pizzaiolo', 'barista', 'fornaio', 'panettiere', 'pasticcere', 'giardiniere', 'agente di commercio',
  ]),
];

/**
 * Italian nouns with their plurals: -o and -e become -i ("ingegnere" → "ingegneri"), -a becomes -e, and -ista and
 * -ico also -isti and -ici ("tubista" → "tubisti", "tecnico" → "tecnici").
 */
function withItalianPlurals(nouns: readonly string[]): string[] {
  const out: string[] = [];
  for (const noun of nouns) {
    out.push(noun);
    if (noun.includes(' ')) continue;
    if (/ista$/.test(noun)) out.push(`${noun.slice(0, -1)}i`);
    else if (/[oe]$/.test(noun)) out.push(`${noun.slice(0, -1)}i`);
    else if (/a$/.test(noun)) out.push(`${noun.slice(0, -1)}e`);
  }
  return [...new Set(out)];
}

/** Words for a field or a kind of job rather than a person ("Praktikum Marketing", "Customer Support"). */
// biome-ignore format: keep the list compact
const FIELD_WORDS = [
  'internship', 'apprenticeship', 'traineeship', 'marketing', 'sales', 'support', 'customer success', 'admin',
  'partner', 'fellow', 'fellowship', 'volunteer', 'working student', 'praktikum', 'ausbildung', 'duales studium',
  'leitung', 'stage', 'alternance', 'commercial', 'commerciale', 'charge', 'practicas', 'comercial', 'tirocinio',
];

/** Nouns that also end longer compounds in German, Dutch and Norwegian (folded, at least five letters). */
const COMPOUND_HEADS = PERSON_NOUNS.filter(
  (w) => w.length >= 5 && !w.includes(' ') && /[a-z]$/.test(w) && !['chief', 'lead'].includes(w),
);

/** Gender tags: (m/w/d), (w/m/d), (m/f/d), (f/m/x), (h/f), [m/w/d], (m|w|d), (all genders), (gn), bare "H/F". */
const GENDER_TAG =
  /\s*(?:[([]\s*(?:[mwfdxhvi*]|div\.?|divers)(?:\s*[/|,;]\s*(?:[mwfdxhvi*]|div\.?|divers)){1,3}\s*[)\]]|\((?:all genders?|alle geschlechter|gn\*?|genderneutral|any gender)\)|(?<![\p{L}\d])[mwfdhx](?:\s?\/\s?[mwfdhx]){1,2}(?![\p{L}\d]))/giu;
const HAS_GENDER_TAG = new RegExp(GENDER_TAG.source, 'iu');

/** A lead-in before the title ("Stellenangebot: …", "We're hiring: …", "Neu – …"). */
const LEAD_IN =
  /^(?:stellenangebot|stellenanzeige|stellenausschreibung|jobangebot|job|vacature|vacancy|position|role|opening|offre d['’]emploi|offre|oferta(?: de empleo)?|stilling|ledig stilling|we['’]re hiring|we are hiring|now hiring|wir suchen|we are looking for|new|neu|nouveau|nuevo|nieuw|hot|top[- ]?job)\s*[:–—|-]\s*/i;

/** "Glaszetter gezocht!", "Koch gesucht", "Wanted: Barista", "Cercasi cameriere": the word says it is a job. */
const WANTED_AFTER = /\s(?:gezocht|gesucht|wanted|cercasi) ?!*$/i;
const WANTED_BEFORE = /^(?:gezocht|gesucht|wanted|cercasi|se buscan?) ?[:–—-]? /i;
const isWanted = (text: string) => WANTED_AFTER.test(text) || WANTED_BEFORE.test(text);

/** Bullet and arrow glyphs a list puts before each item. */
const LEADING_BULLET = /^(?:[→➔➜➤▶►▸›»•·∙◦▪■□●○✓✔☑*+–—-] ?)+(?=\p{L})/u;

/** A call to action after the title ("… Apply now →", "… Mehr erfahren"). */
const TRAILING_CTA =
  /\s*[-–—|·•»›→>]?\s*(?:apply now|apply|jetzt bewerben|bewerben|mehr erfahren|mehr|details|read more|learn more|view job|view role|zur stelle|postuler|voir l['’]offre|ver oferta|bekijk vacature|les mer|søk nå|sok na)\s*[»›→>]*$/i;

/** Working time and start date after the title: "in Teilzeit", "(part-time)", "ab sofort", "ab 01.08.2025". */
const TRAILING_TERMS = [
  /\s*[(,–-]?\s*(?:in\s+)?(?:voll-?\s*(?:oder|und|\/)\s*teilzeit|voll-?\s*\/\s*teilzeit|vollzeit|teilzeit|minijob(?:-basis)?|festanstellung|full[- ]?time|part[- ]?time|temps (?:plein|partiel)|cdi|cdd|jornada completa|media jornada|heltid|deltid|fulltime|parttime)\)?\s*$/i,
  /\s*\((?:\d+\s*(?:%|std\.?|stunden|h|hours|uur|timer))\)\s*$/i,
  // Swiss workload: "Senior Developer 80–100 %", "Kundenservice (m/w/d) 50-100%".
  /\s*[(–-]?\s*\d{1,3}(?:\s*[-–]\s*\d{1,3})?\s*%\)?\s*$/,
  // A region after the title: "(métropoles de Lyon et Grenoble)", "(Großraum München)".
  /(?:^|\s)\((?:m[ée]tropoles?|r[ée]gions?|gro(?:ß|ss)raum|raum|zone|area|provincia|province)\b[^()]*\)$/i,
  /\s*[(,–-]?\s*(?:ab sofort|zum n[äa]chstm[öo]glichen zeitpunkt|nach vereinbarung|ab\s+\d{1,2}\.\d{1,2}\.(?:\d{2}){1,2}|ab\s+(?:januar|februar|m[äa]rz|april|mai|juni|juli|august|september|oktober|november|dezember)(?:\s+\d{4})?|immediate start|asap)\)?\s*$/i,
];

/** Speculative applications are not open roles (folded). */
const SPECULATIVE =
  /\b(?:initiativ ?bewerbung(?:en)?|spontanbewerbung|blindbewerbung|open applications?|speculative applications?|unsolicited applications?|general applications?|candidatures? spontanees?|candidatura espontanea|candidatura spontanea|open sollicitaties?|apen soknad)\b/;

/** Texts that start like a button or a link to more, not a title. */
const CTA =
  /^(?:apply|apply now|learn more|read more|more|details|view|view job|see job|see all|mehr|mehr erfahren|jetzt bewerben|bewerben|zur stelle|alle stellen|postuler|voir|ver|leer mas|aplicar|bekijk|les mer|se alle)\b/;

const fold = (s: string) =>
  foldText(s)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const wordsPattern = (list: string[]) =>
  new RegExp(`(?:^|\\s)(?:${list.join('|')})(?:s|es|e|en|er|in|innen|n)?(?=\\s|$)`);
const PERSON = wordsPattern(PERSON_NOUNS);
const FIELD = wordsPattern(FIELD_WORDS);
const COMPOUND = new RegExp(`[a-z]{3,}(?:${COMPOUND_HEADS.join('|')})(?:s|e|en|er|in|innen|n)?(?=\\s|$)`);

/** The title without gender tag, lead-in, working time, start date or call to action. */
export function cleanJobTitle(raw: string): string {
  // A list's bullet or arrow glyph ("→ Project Manager") is the list's, not the title's.
  let title = collapseSpaces(raw).replace(LEADING_BULLET, '').replace(GENDER_TAG, ' ');
  title = collapseSpaces(title).replace(LEAD_IN, '').replace(WANTED_BEFORE, '').replace(WANTED_AFTER, '');
  for (let i = 0; i < 3; i++) {
    const before = title;
    title = title.replace(TRAILING_CTA, '');
    for (const pattern of TRAILING_TERMS) title = title.replace(pattern, '');
    title = trimEndChars(title, `${WHITESPACE},;:–—|·•-`);
    if (title === before) break;
  }
  return collapseSpaces(title);
}

/** An application without a role ("Initiativbewerbung", "Open application"). */
export const isSpeculativeTitle = (raw: string) => SPECULATIVE.test(` ${fold(raw)} `);

/**
 * Is a short text shaped like a title, whatever its words: a line of at most twelve words, no sentence, address,
 * link, numbered item, call to action or speculative application.
 */
export function hasTitleShape(raw: string): boolean {
  const text = collapseSpaces(raw);
  if (text.length < 2 || text.length > 200 || isSpeculativeTitle(text)) return false;
  const title = cleanJobTitle(text);
  if (title.length < 2 || title.length > 120 || /[.!?:]$/.test(title) || /^\d+[.,)]?\s/.test(title))
    return false;
  // An address or a link text ("karriere(at)example.de", "www.example.de/jobs") is no title.
  if (/@|\((?:at|ät)\)|\[at\]|https?:|www\.|\.[a-z]{2,4}$/i.test(title)) return false;
  if (title.split(' ').length > 12) return false;
  return !CTA.test(fold(title));
}

/**
 * How much a short text reads as a job title: 2 = it names a person in a job (or carries a gender tag),
 * 1 = it names a field or kind of job ("Praktikum Marketing"), 0 = not a title.
 */
export function jobTitleStrength(raw: string): 0 | 1 | 2 {
  const text = collapseSpaces(raw);
  if (!hasTitleShape(text)) return 0;
  if (HAS_GENDER_TAG.test(text) || isWanted(text)) return 2;
  const spaced = ` ${fold(cleanJobTitle(text))} `;
  if (PERSON.test(spaced) || COMPOUND.test(spaced)) return 2;
  return FIELD.test(spaced) ? 1 : 0;
}

/** A gender tag in the text: German and French postings carry one, little else does. */
export const hasGenderTag = (raw: string) => HAS_GENDER_TAG.test(raw);
