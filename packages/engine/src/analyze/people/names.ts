/**
 * Is this text a natural person's name? Names are told by shape (2–4 capitalised words, name particles such as
 * "van der" between them, an initial, an apostrophe), and never by a first-name list: small businesses all over
 * Europe are run by people whose names no list holds. What keeps headings and company names out is the context
 * the callers demand (a role label, a card with a role) plus the words below, which no name is made of.
 */
import { collapseSpaces, foldText } from '../../normalize/text';
import { trimChars, trimEndChars, WHITESPACE } from '../../normalize/trim';
import { hasRoleTerm } from './roles';

/** Salutations and academic titles written before a name: dropped from the name ("Dr. med. Anna Berg", "Dott.ssa Greta Boccasavia"). */
const PREFIX =
  /^(?:(?:herrn?|frau|fr\.|hr\.|mr\.?|mrs\.?|ms\.?|miss|mx\.?|m\.|mme\.?|mlle\.?|monsieur|madame|dhr\.?|mevr\.?|sig\.(?:ra)?|sr\.?|sra\.?|don|do[ñn]a|dra\.?|dott\.(?:ssa)?|dr\.ssa|prof\.ssa|avv\.(?:to)?|arch\.|geom\.|rag\.|dr\.?(?:\s?(?:med|dent|vet|rer|nat|phil|jur|oec|pol|iur|h\.\s?c)\.?)*|dr\.-ing\.?|prof\.?|priv\.-doz\.?|pd|dipl\.[-\s]?[\p{L}.]+|mag\.?(?:a|\(fh\))?|di|ing\.|ir\.?|drs\.?|mr\.?|lic\.|ra|rain|stb|wp)\s+)+/iu;
/**
 * One degree or post-nominal at the end of a name: "Anna Berg, MBA", "Max Muster M.Sc.", "Jo Ray (FH)". Removed one
 * at a time (withoutSuffixes): these alternatives overlap ("msc", "m.sc", "msc."), and a repeated group of them,
 * `(?:…)+$`, backtracked exponentially on a line of such words.
 */
const SUFFIX =
  /,?\s+(?:mba|m\.?\s?sc\.?|b\.?\s?sc\.?|m\.?\s?a\.?|b\.?\s?a\.?|ll\.?\s?m\.?|ph\.?\s?d\.?|msc|bsc|(?:\(fh\))|jr\.?|sr\.?|cpa|acca|fcca|fca|aca|cta|maat|aat|cima|acma|fcma|cfa|kc|qc|ceng|mrics|frics|riba|frcs|mrcs|bds|dds|msc\.|med\.|bed|beng|meng|mphil|dphil|llb|lld|[IVX]{2,3})$/iu;

/** Every degree at the end of a name ("Anna Berg, MBA, M.Sc." → "Anna Berg"). */
function withoutSuffixes(text: string): string {
  let rest = text;
  for (let i = 0; i < 8; i++) {
    const next = rest.replace(SUFFIX, '');
    if (next === rest) break;
    rest = next;
  }
  return rest;
}

const PARTICLES = new Set([
  'von',
  'vom',
  'van',
  'de',
  'der',
  'den',
  'del',
  'della',
  'di',
  'da',
  'du',
  'des',
  'le',
  'la',
  'zu',
  'zum',
  'zur',
  'ter',
  'ten',
  'dos',
  'das',
  'do',
  'af',
  'av',
  "'t",
  'bin',
  'ben',
  'ibn',
  'al',
  'el',
]);

/** Family names that are also trades, as common in our markets ("Cook", "Koch", "Schneider", "Sarto"). */
// biome-ignore format: a word list
const OCCUPATIONAL_SURNAMES = new Set([
  'Cook', 'Baker', 'Smith', 'Taylor', 'Carpenter', 'Mason', 'Turner', 'Cooper', 'Porter', 'Butler', 'Gardner',
  'Fisher', 'Miller', 'Potter', 'Hunter', 'Weaver', 'Koch', 'Schneider', 'Fischer', 'Müller', 'Meier', 'Weber',
  'Wagner', 'Becker', 'Schäfer', 'Zimmermann', 'Schmied', 'Gärtner', 'Maurer', 'Schreiner', 'Bauer', 'Boulanger',
  'Boucher', 'Charpentier', 'Meunier', 'Ferrari', 'Sarto', 'Molinari', 'Zapatero', 'Herrero', 'Molenaar', 'Bakker',
  'Smit', 'Visser', 'Timmerman', 'Kok',
]);

/** Particles of a family name that are given names too ("Ben Gurion" but "Ben Roberts"). */
const GIVEN_NAME_PARTICLES = new Set(['Ben', 'Al']);

// A word of a name: "Anna", "Müller-Lüdenscheidt", "O'Brien", "McDonald", "s'Jacob", "LEHMANN".
const NAME_WORD =
  /^(?:(?:[\p{Lu}][\p{Ll}]*['’]?)?[\p{Lu}][\p{Ll}'’]+(?:-[\p{Lu}][\p{Ll}'’]+)*|[\p{Ll}]['’][\p{Lu}][\p{Ll}]+|[\p{Lu}]{3,}(?:-[\p{Lu}]{2,})?)$/u;
// "A.", "H.-P.", and the Spanish abbreviations of María and José ("Mª Cristina", "Jº").
const INITIAL = /^(?:[\p{Lu}]\.(?:-?[\p{Lu}]\.)?|[\p{Lu}][ªº]\.?)$/u;

/**
 * Words (folded) that are never part of a person's name but often start a short capitalised line: headings,
 * buttons, company and trade words, places, legal forms, role words. Checked for every word of a candidate.
 */
// biome-ignore format: a word list
const NOT_NAME_WORDS = new Set([
  'team', 'unser', 'unsere', 'unseren', 'our', 'the', 'uber', 'ueber', 'uns', 'about', 'us', 'kontakt', 'contact',
  'impressum', 'imprint', 'leistungen', 'service', 'services', 'home', 'news', 'blog', 'aktuelles', 'mehr', 'more',
  'read', 'weiterlesen', 'weiter', 'lesen', 'jobs', 'job', 'karriere', 'careers', 'career', 'willkommen', 'welcome',
  'hello', 'hallo', 'herzlich', 'ihr', 'ihre', 'your', 'mein', 'meine', 'my', 'wir', 'we', 'und', 'and', 'et', 'fur',
  'for', 'mit', 'with', 'die', 'ein', 'eine', 'a', 'an', 'jetzt', 'now', 'hier', 'here', 'alle', 'all',
  'neu', 'new', 'termin', 'termine', 'anfrage', 'angebot', 'angebote', 'preise', 'prices', 'produkte', 'products',
  'referenzen', 'references', 'datenschutz', 'privacy', 'policy', 'haftung', 'urheberrecht', 'hinweis', 'hinweise',
  'streitschlichtung', 'bildnachweis', 'quellen', 'links', 'inhalte', 'offnungszeiten', 'anfahrt', 'standort',
  'standorte', 'location', 'locations', 'kunden', 'customers', 'clients', 'partner', 'partners', 'gmbh', 'ag', 'kg',
  'ug', 'ohg', 'gbr', 'ltd', 'limited', 'llc', 'inc', 'corp', 'sarl', 'sas', 'bv', 'nv', 'ab', 'as', 'asa', 'aps',
  'oy', 'srl', 'spa', 'sl', 'sa', 'plc', 'llp', 'bau', 'consulting', 'solutions', 'group', 'gruppe', 'holding',
  'verwaltung', 'verwaltungs', 'immobilien', 'praxis', 'kanzlei', 'studio', 'agentur', 'agency', 'design', 'media',
  'marketing', 'digital', 'software', 'systems', 'technik', 'technology', 'technologies', 'associates',
  'international', 'europe', 'germany', 'deutschland', 'osterreich', 'austria', 'schweiz', 'switzerland', 'france',
  'nederland', 'bad', 'sankt', 'st', 'strasse', 'str', 'weg', 'platz', 'allee', 'gasse', 'street', 'road', 'avenue',
  'lane', 'rue', 'laan', 'straat', 'via', 'januar', 'februar', 'marz', 'april', 'mai', 'juni', 'juli', 'august',
  'september', 'oktober', 'november', 'dezember', 'january', 'february', 'march', 'may', 'june', 'july', 'october',
  'december', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag', 'monday', 'tuesday',
  'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'geschaftsfuhrer', 'geschaftsfuhrerin', 'geschaftsfuhrung',
  'inhaber', 'inhaberin', 'grunder', 'grunderin', 'founder', 'cofounder', 'ceo', 'cto', 'cfo', 'coo', 'owner',
  'director', 'manager', 'management', 'vorstand', 'leitung', 'mitarbeiter', 'mitarbeiterin', 'staff', 'people',
  'gerant', 'gerante', 'directeur', 'directrice', 'president', 'fondateur', 'fondatrice', 'equipe', 'eigenaar',
  'directie', 'oprichter', 'medewerkers', 'sales', 'support', 'office', 'buro', 'buero', 'empfang', 'reception',
  'zentrale', 'verwaltung', 'buchhaltung', 'vertrieb', 'einkauf', 'kundenservice', 'customer', 'info',
  'information', 'informationen', 'tel', 'telefon', 'phone', 'fax', 'email', 'e', 'mail', 'adresse', 'address',
  'hotline', 'newsletter', 'download', 'downloads', 'login', 'shop', 'warenkorb', 'cart', 'menu', 'menue', 'start',
  'startseite', 'galerie', 'gallery', 'projekte', 'projects', 'portfolio', 'presse', 'press', 'faq', 'hilfe', 'help',
  'sitemap', 'suche', 'search', 'check', 'out', 'join', 'learn', 'discover', 'entdecken', 'erfahren', 'apply',
  'bewerben', 'bewerbung', 'ausbildung', 'stellenangebote', 'qualitat', 'quality', 'philosophie', 'geschichte',
  'history', 'mission', 'vision', 'werte', 'values', 'zertifikate', 'auszeichnungen', 'awards', 'testimonials',
  'bewertungen', 'reviews', 'google', 'facebook', 'instagram', 'linkedin', 'xing', 'twitter', 'youtube', 'whatsapp',
  'copyright', 'rechte', 'rights', 'reserved', 'vorbehalten', 'meisterbetrieb', 'familienbetrieb', 'handwerk',
  'zahnarzt', 'zahnarztpraxis', 'arztpraxis', 'rechtsanwalt', 'rechtsanwalte', 'steuerberater', 'restaurant',
  'hotel', 'cafe', 'bakery', 'backerei', 'friseur', 'salon', 'city', 'center', 'centre', 'zentrum', 'nord', 'sud',
  'ost', 'west', 'north', 'south', 'east', 'mitte', 'altstadt', 'innenstadt', 'gewerbegebiet', 'industriegebiet',
  'dr', 'prof', 'hr', 'fr', 'mr', 'mrs', 'ms', 'i', 'ii', 'iii', 'nr', 'no', 'art', 'foto', 'fotos', 'photo',
  'photos', 'bild', 'bilder', 'credits', 'credit', 'quelle', 'source', 'developer', 'developers', 'designer',
  'specialist', 'consultant', 'engineer', 'engineering', 'development', 'business', 'architect', 'analyst',
  'officer', 'assistant', 'executive', 'coordinator', 'informatics', 'health', 'full', 'stack', 'data', 'ui', 'ux',
  'ai', 'hr', 'it', 'qa', 'seo', 'solution', 'strategy', 'platform', 'cloud', 'infrastructure', 'reliability',
  'operations', 'research', 'product', 'security', 'senior', 'junior', 'lead', 'head', 'chief', 'open',
  'positions', 'position', 'meet', 'story', 'values', 'culture', 'benefits', 'perks', 'why', 'what', 'how', 'who',
  'where', 'when', 'get', 'in', 'touch', 'work', 'working', 'life', 'see', 'view', 'latest', 'recent', 'featured',
  'popular', 'related', 'previous', 'posts', 'pages', 'profile', 'complete', 'follow', 'share', 'subscribe',
  'sign', 'log', 'free', 'trial', 'demo', 'schedule', 'request', 'quote', 'pricing', 'plans', 'features',
  'industries', 'resources', 'documentation', 'docs', 'guides', 'examples', 'community', 'events', 'webinars',
  'company', 'legal', 'terms', 'personen', 'persons', 'cookies', 'settings', 'language', 'english', 'offene', 'stellen',
  'unternehmen', 'vorteile', 'deine', 'dein', 'welche', 'unsere', 'neueste', 'beitrage', 'weitere', 'moderne',
  'beste', 'kostenfreier', 'kostenlose', 'kostenloser', 'zusatzliche', 'allgemeine', 'wichtige', 'aktuelle',
  // Imprint field labels and register words: "Commercial Register Entry", "Registergericht Zug", "Numéro TVA".
  'commercial', 'register', 'registered', 'registration', 'registry', 'entry', 'court', 'number', 'vat', 'tax', 'id',
  'handelsregister', 'handelsregistereintrag', 'registergericht', 'registernummer', 'eintrag', 'eintragung',
  'amtsgericht', 'firmenbuch', 'firmenbuchnummer', 'firmenbuchgericht', 'umsatzsteuer', 'steuernummer', 'ust', 'uid',
  'mwst', 'identifikationsnummer', 'handelsregisternummer', 'kantons', 'kanton', 'canton', 'sitz', 'seat', 'capital',
  'kapital', 'stammkapital', 'aktienkapital', 'registro', 'mercantil', 'imprese', 'kvk', 'rcs', 'siret', 'siren', 'tva',
  'btw', 'iva', 'nif', 'cif', 'social', 'siege', 'sede', 'numero', 'nummer', 'angaben', 'gemass',
  'vertretungsberechtigt', 'vertretungsberechtigte', 'represented', 'vertreten', 'durch', 'responsible', 'content',
  'inhalt', 'verantwortlich', 'nom', 'name', 'naam', 'nombre', 'nome', 'prenom', 'board', 'directors', 'members',
  'member', 'mitglied', 'mitglieder', 'verwaltungsrat', 'verwaltungsrates', 'aufsichtsrat', 'conseil', 'consiglio',
  'raad', 'bestuur', 'notice', 'ragione', 'sociale', 'denominacion', 'denominazione', 'denomination', 'razon',
  // Words that open a heading over a card ("Ontmoet René", "At Wolves Removals") or name a service.
  'at', 'ontmoet', 'rencontrez', 'conoce', 'conosci', 'technical', 'project', 'private', 'client', 'automation',
  'corporate', 'corporativos', 'principios',
  // Greetings and "I'm" open a card's heading ("Hi, I'm Kiera"); a privacy page's title is no name either.
  'hi', 'hey', 'hola', 'bonjour', 'salut', 'ciao', 'moin', 'servus', 'gruezi', 'hoi', 'im', 'politica', 'privacidad',
  'titular', 'titolare', 'trattamento', 'tratamiento', 'traitement', 'domicilio', 'indirizzo', 'direccion', 'mentions', 'legales', 'aviso', 'note', 'legali', 'colofon', 'disclaimer',
]);

/** Endings of German and Dutch compound business words (folded). */
const BUSINESS_ENDING =
  /.{2,}(?:buro|praxis|kanzlei|werkstatt|backerei|metzgerei|schreinerei|tischlerei|gartnerei|druckerei|apotheke|salon|studio|atelier|agentur|zentrum|center|haus|technik|bau|handel|service|design|immobilien|makelaardij|bedrijf|groep|betrieb|verlag|versand|markt|laden|stube|hof|garten|reisen|schule|werk)$/;

/** Strips salutations, titles and degrees, and collapses spaces: "Herrn Dr. Max Muster, MBA" → "Max Muster". */
export function cleanPersonName(raw: string): string {
  let text = trimChars(collapseSpaces(raw), `${WHITESPACE},;:–—-`, `${WHITESPACE},;:–—.-`).replace(
    /\s*\((?:fh|th|uni|univ\.?)\)/gi,
    '',
  );
  for (let i = 0; i < 3; i++) {
    const next = withoutSuffixes(text.replace(PREFIX, '')).trim();
    if (next === text) break;
    text = next;
  }
  return text;
}

/** Whether a cleaned text has the shape of a person's name (see the module comment). */
function isPersonName(name: string): boolean {
  if (name.length < 4 || name.length > 50 || /[\d@:|/\\?!"“”„«»()[\]{}#*+=<>&,;]/.test(name)) return false;
  const words = name.split(' ');
  // "Vertretungsberechtigte Personen", "Geschäftsführer Bau": a role is no name. A family name that is a trade
  // stands last after a given name ("Jack Cook", "Anna Koch"): the role is looked for in the rest.
  const isTradeSurname = words.length >= 2 && OCCUPATIONAL_SURNAMES.has(words[words.length - 1] ?? '');
  if (hasRoleTerm(isTradeSurname ? words.slice(0, -1).join(' ') : name)) return false;
  if (words.length < 2 || words.length > 6) return false;
  let core = 0;
  let lastCore = -1;
  for (const [i, word] of words.entries()) {
    // "Greta A. Boccasavia": one letter and a period is an initial, though "a" alone is the article.
    if (/^\p{Lu}\.$/u.test(word) && i > 0) {
      if (i === words.length - 1) return false;
      continue;
    }
    const folded = foldText(word).replace(/[.'’]/g, '');
    // "L'équipe", "d'Accueil": an elided article before a word that is no name word.
    const elided = foldText(word).split(/['’]/).pop() ?? '';
    if (NOT_NAME_WORDS.has(folded) || NOT_NAME_WORDS.has(elided)) return false;
    // "Ben Roberts", "Al Brown": particles that are given names too, when they stand first with a capital.
    const isGivenName = i === 0 && GIVEN_NAME_PARTICLES.has(word);
    if (PARTICLES.has(word.toLowerCase()) && !isGivenName) {
      if (i === 0 || i === words.length - 1) return false;
      continue;
    }
    if (INITIAL.test(word)) {
      if (i === words.length - 1) return false;
      continue;
    }
    if (!NAME_WORD.test(word)) return false;
    core += 1;
    lastCore = i;
  }
  if (core < 1 || core > 4 || lastCore !== words.length - 1) return false;
  // "Architekturbüro Hartwig", "Zahnarztpraxis Lindner": a trade's compound first is a business, never a first name.
  if (BUSINESS_ENDING.test(foldText(words[0] ?? ''))) return false;
  // A lone core word needs an initial before it ("A. Muster"); "Mustermann" alone is no name.
  if (core === 1 && !INITIAL.test(words[0] ?? '')) return false;
  // All capitals: at most one word written so ("LEHMANN Elvira"), or the whole name (a card's styling).
  const caps = words.filter((w) => /^[\p{Lu}]{2,}/u.test(w) && w === w.toUpperCase()).length;
  return caps <= 1 || caps === core;
}

/**
 * A lone first name as a team card gives it ("Levi", "Annemieke", "René"): one capitalised word that is no role,
 * heading, trade or business word. Only a team's card with a job title beside it may make it a person.
 */
export function singleName(raw: string): string | null {
  const word = cleanPersonName(raw);
  if (word.length < 3 || word.length > 20 || !/^[\p{Lu}][\p{Ll}'’]+(?:-[\p{Lu}][\p{Ll}'’]+)?$/u.test(word))
    return null;
  const folded = foldText(word).replace(/[.'’]/g, '');
  if (NOT_NAME_WORDS.has(folded) || PARTICLES.has(word.toLowerCase()) || BUSINESS_ENDING.test(folded))
    return null;
  return hasRoleTerm(word) ? null : word;
}

/** The person's name in `raw` when, cleaned, it is one; otherwise null. "Meier, Hans" → "Hans Meier". */
export function personName(raw: string): string | null {
  const name = cleanPersonName(raw);
  return isPersonName(name) ? name : surnameFirst(name);
}

/**
 * A name written family name first with a comma, as Swiss registers and imprints, partner lists and
 * directories do ("Meier, Hans", "van der Berg, Anna Maria"): given names first again. Together the sides
 * must make a name (so "Zürich, Schweiz" does not); when each side is a whole name on its own, they are two
 * people ("Anna Berg, Tom Kühn").
 */
function surnameFirst(text: string): string | null {
  const comma = text.indexOf(',');
  if (comma < 0 || text.indexOf(',', comma + 1) >= 0) return null;
  const family = cleanPersonName(text.slice(0, comma));
  const given = cleanPersonName(text.slice(comma + 1));
  const familyWords = family.split(' ');
  const givenWords = given.split(' ');
  if (familyWords.length > 3 || givenWords.length > 3) return null;
  // "Anna Berg, Tom Kühn" are two people, not one written backwards.
  if (isPersonName(family) && isPersonName(given)) return null;
  const name = `${given} ${family}`;
  return isPersonName(name) ? name : null;
}

/**
 * The name a text starts with: the longest run of 2–4 name words (with particles and initials) after an
 * optional salutation, ending where a lower-case word, punctuation or the text ends. "Anna Berg führt …" →
 * "Anna Berg". A fifth capitalised word in a row makes it ambiguous (a German noun may follow): null.
 */
export function leadingName(text: string): { name: string; length: number } | null {
  const prefix = PREFIX.exec(text)?.[0] ?? '';
  const rest = text.slice(prefix.length);
  const tokens = rest.split(/(\s+)/);
  const words: string[] = [];
  let consumed = prefix.length;
  for (let i = 0; i < tokens.length; i += 2) {
    const token = tokens[i] ?? '';
    const word = trimEndChars(token, ',;:.)');
    const isName =
      NAME_WORD.test(word) || INITIAL.test(token) || (PARTICLES.has(word.toLowerCase()) && words.length > 0);
    if (!isName || word === '') break;
    words.push(INITIAL.test(token) ? token : word);
    consumed += token.length + (tokens[i + 1]?.length ?? 0);
    if (word !== token && !INITIAL.test(token)) break; // punctuation ends the name
    if (words.length > 6) return null;
  }
  while (words.length && PARTICLES.has((words[words.length - 1] ?? '').toLowerCase())) words.pop();
  const name = words.join(' ');
  if (!isPersonName(name)) return null;
  return { name, length: Math.min(consumed, text.length) };
}

/** A comparable key: folded, punctuation removed, words sorted ("Lehmann Elvira" = "elvira lehmann"). */
export function personKey(name: string): string {
  return foldText(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .sort()
    .join(' ');
}

/**
 * A person's name as a CRM import wants it: first name and last name apart. The last name is the last word, or
 * the words from a family-name particle on ("Karl von der Heide" → "Karl" / "von der Heide", "Jan de Vries" →
 * "Jan" / "de Vries"); a family name the page writes in capitals, as Swiss and French registers do, is the last
 * name wherever it stands ("LEHMANN Elvira" → "Elvira" / "LEHMANN"); a single word is a first name.
 */
export function splitPersonName(name: string): [first: string, last: string] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return [words[0] ?? '', ''];
  const caps = words.filter((w) => /^[\p{Lu}]{2,}(?:-[\p{Lu}]{2,})?$/u.test(w));
  if (caps.length === 1 && caps[0] !== words[words.length - 1]) {
    const family = caps[0] as string;
    return [words.filter((w) => w !== family).join(' '), family];
  }
  // The first particle after the first word starts the family name ("Maria de la Cruz" → "de la Cruz").
  const particle = words.findIndex(
    (word, i) => i > 0 && i < words.length - 1 && PARTICLES.has(word.toLowerCase()),
  );
  const split = particle > 0 ? particle : words.length - 1;
  return [words.slice(0, split).join(' '), words.slice(split).join(' ')];
}
