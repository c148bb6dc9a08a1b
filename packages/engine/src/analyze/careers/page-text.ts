/**
 * What a careers page says in words (EN, DE, FR, ES, NL, NO, IT): headings that introduce the openings,
 * sentences that say there are none, sentences that say the business is looking for people now, and the
 * words of an application. Everything is matched on folded text (lower case, accents removed, anything but
 * letters and digits a space).
 */
import { foldText } from '../../normalize/text';
import { hasGenderTag, jobTitleStrength } from './job-title';

export const foldWords = (s: string) =>
  foldText(s)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Headings that introduce the list of openings. Plain "Jobs"/"Karriere" page titles are too broad. */
// biome-ignore format: keep the list compact
const OPENINGS_HEADINGS = new Set([
  'open positions', 'open position', 'open roles', 'open role', 'current openings', 'current open positions',
  'job openings', 'openings', 'open jobs', 'current jobs', 'current vacancies', 'vacancies', 'open vacancies',
  'available positions', 'current opportunities', 'open opportunities', 'job opportunities', 'we re hiring',
  'we are hiring', 'now hiring', 'join our team', 'positions', 'current positions', 'job offers',
  'offene stellen', 'unsere offenen stellen', 'offene stellenangebote', 'aktuelle stellen', 'aktuelle stellenangebote',
  'stellenangebote', 'unsere stellenangebote', 'aktuelle jobs', 'offene jobs', 'unsere jobs', 'offene positionen',
  'freie stellen', 'stellenausschreibungen', 'aktuelle stellenausschreibungen', 'wir suchen', 'jobangebote',
  'aktuelle jobangebote', 'wir stellen ein', 'offres d emploi', 'nos offres', 'nos offres d emploi', 'postes ouverts',
  'postes a pourvoir', 'nos postes a pourvoir', 'offres en cours', 'nous recrutons', 'ofertas de empleo',
  'ofertas de trabajo', 'ofertas', 'vacantes', 'vacantes disponibles', 'posiciones abiertas', 'empleos',
  'vacatures', 'onze vacatures', 'openstaande vacatures', 'actuele vacatures', 'ledige stillinger',
  'vare ledige stillinger', 'ledige jobber', 'stillinger', 'posizioni aperte', 'offerte di lavoro',
  'posizioni aperte', 'lavora con noi', 'work with us', 'trabaja con nosotros', 'unete a nuestro equipo',
  'rejoignez nous', 'rejoignez notre equipe', 'werken bij', 'kom werken bij', 'jobb hos oss', 'arbeiten bei uns',
  'werde teil unseres teams', 'vagas', 'vagas abertas', 'vaga aberta', 'vagas disponiveis', 'nossas vagas',
  'trabalhe conosco', 'estamos contratando', 'oportunidades abertas', 'posizione aperta', 'posizioni disponibili',
]);

/** Phrases that open a longer openings heading: "Wir suchen Verstärkung!", "Offene Stellen in Berlin". */
const OPENINGS_LEAD =
  /^(?:wir suchen|wir stellen ein|we re hiring|we are hiring|now hiring|join our team|open positions|open roles|current openings|current vacancies|offene stellen|aktuelle stellenangebote|unsere offenen stellen|stellenangebote|jobs bei|nous recrutons|on recrute|offres d emploi|buscamos|ofertas de empleo|vacantes|wij zoeken|vacatures bij|werken bij|openstaande vacatures|vi soker|vi ansetter|ledige stillinger|jobb hos|(?:\S+ )?(?:profils|postes) recherches)\b/;

/** Is this heading (or short line) the one that introduces the openings? */
export function isOpeningsHeading(text: string): boolean {
  const folded = foldWords(text);
  if (!folded || folded.length > 60) return false;
  return OPENINGS_HEADINGS.has(folded) || (OPENINGS_LEAD.test(folded) && folded.split(' ').length <= 6);
}

/**
 * A line that introduces a list of openings: "We currently have the following openings.", or a line ending in a
 * colon that names them ("Take a look at our current vacancies:", "Posizioni aperte:").
 */
const OPENINGS_INTRO =
  /\b(?:following|folgende\w*|suivant\w*|siguientes|volgende|folgende) (?:\S+ ){0,2}(?:openings|positions|roles|vacancies|jobs|stellen|positionen|stellenangebote|postes|offres|puestos|vacantes|vacatures|functies|stillinger)\b/;
const NAMED_OPENINGS =
  /\b(?:(?:current|open|available|latest) (?:vacancies|openings|positions|roles|jobs|opportunities)|offene\w* (?:stellen|positionen)|aktuelle\w* (?:stellen|stellenangebote|jobs)|postes (?:ouverts|a pourvoir)|offres d emploi|vacantes (?:disponibles|abiertas)|posiciones abiertas|openstaande vacatures|actuele vacatures|posizion[ei] apert[ae]|vagas? abertas?)$/;
export const introducesOpenings = (text: string) => {
  const folded = foldWords(text);
  return OPENINGS_INTRO.test(folded) || (/:\s*$/.test(text) && NAMED_OPENINGS.test(folded));
};

/** Sentences saying there are no openings (folded; matched as whole words inside the page text). */
// biome-ignore format: keep the list compact
const NOT_HIRING = [
  /not (?:currently |actively )?(?:hiring|recruiting)/, /currently not (?:hiring|recruiting)/,
  /no (?:current |open |available )?(?:positions|openings|vacancies|roles) (?:available|open|at the moment|at this time|right now|currently)/,
  /no (?:open|current|available) (?:positions|openings|vacancies|roles|jobs)/, /no job openings/, /no vacancies/,
  /no positions available/, /there are (?:currently )?no (?:open|current|vacancies|openings|positions)/,
  /we (?:currently )?have no (?:open|current|vacancies|openings|positions)/,
  /(?:don t|do not) (?:currently )?have any (?:open|current|vacancies|openings|positions|jobs)/,
  /keine (?:offenen|freien|aktuellen) (?:stellen|positionen|jobs|stellenangebote)/, /keine stellenangebote/,
  /keine vakanzen/, /keine stellen (?:frei|zu besetzen|ausgeschrieben)/,
  /alle (?:freien |offenen )?stellen (?:sind )?(?:besetzt|vergeben)/,
  /all (?:our |of our )?(?:positions|vacancies|roles) (?:are|have been) filled/,
  /aucun poste (?:n est )?(?:a pourvoir|disponible|ouvert|vacant|actuellement|pour le moment|en ce moment)/,
  /aucune offre (?:d emploi )?(?:n est )?(?:disponible|en cours|actuellement|pour le moment|en ce moment|a pourvoir)/,
  /(?:pas|plus) de (?:poste|postes|offre|offres) (?:a pourvoir|disponibles?|ouverts?|d emploi)/,
  /nous ne recrutons pas/, /no hay (?:ofertas|vacantes|puestos|plazas|posiciones)/,
  /no (?:tenemos|disponemos de) (?:ofertas|vacantes|puestos|plazas|posiciones)/, /ninguna (?:oferta|vacante)/,
  /geen (?:openstaande )?(?:vacatures|vacature|functies|posities)/, /ingen (?:ledige|apne) (?:stillinger|jobber)/,
  /ingen stillinger/, /nessuna (?:posizione|offerta)/, /non ci sono (?:posizioni|offerte)/,
];
/** "derzeit keine …", "aktuell keine …": only when they go on about openings within a few words. */
const NONE_NOW = /(?:derzeit|aktuell|momentan|zurzeit|zur zeit|leider|gerade) (?:\S+ ){0,3}keine/;
const OPENINGS_NOUN =
  /stellen|jobs?|positionen|vakanzen|ausschreibung|angebote|ausbildungsplatz|bewerb|positions?|openings?|roles?|vacanc|poste|offre|vacante|oferta/;

/** Does the text say there are no openings? */
export function saysNotHiring(text: string): boolean {
  return sentences(text).some((sentence) => {
    // "Keine offenen Stellen gefunden? Schick uns deine Initiativbewerbung." asks, it does not say.
    if (sentence.trimEnd().endsWith('?')) return false;
    const folded = ` ${foldWords(sentence)} `;
    if (NOT_HIRING_PATTERNS.some((p) => p.test(folded))) return true;
    for (const match of folded.matchAll(NONE_NOW_PATTERN)) {
      const end = (match.index ?? 0) + match[0].length;
      if (OPENINGS_NOUN.test(folded.slice(end, end + 60))) return true;
    }
    return false;
  });
}

/** Sentences and lines of a text, each with its closing mark. */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+|\n+/);
const NOT_HIRING_PATTERNS = NOT_HIRING.map((p) => new RegExp(` ${p.source}(?= )`));
const NONE_NOW_PATTERN = new RegExp(` ${NONE_NOW.source} `, 'g');

/** "We are looking for …" now (not "always"): the business says it is hiring even without listing roles. */
// biome-ignore format: keep the alternatives readable
const SEEKING = new RegExp([
  /\b(?:we re|we are|were) (?:currently |now |actively |urgently )?(?:looking for|seeking|hiring|recruiting|on the lookout for)\b/,
  /\bnow hiring\b/, /\bwir suchen\b/, /\bsuchen wir\b/, /\bwir sind (?:\S+ ){0,3}auf der suche nach\b/,
  /\bnous (?:recherchons|recrutons)\b/, /\bon recrute\b/, /\bnous sommes (?:\S+ ){0,3}a la recherche d/,
  /\b(?:buscamos|estamos buscando|estamos contratando|estamos en busca de)\b/,
  /\b(?:wij|we) zoeken\b/, /\bzoeken (?:wij|we)\b/, /\b(?:wij|we) (?:\S+ ){0,3}op zoek naar\b/,
  /\bvi (?:soker|ser etter|ansetter)\b/, /\bsoker vi\b/, /\bpa utkikk etter\b/, /\bcerchiamo\b/,
  /\bstiamo cercando\b/, /\bsiamo (?:\S+ ){0,2}alla ricerca di\b/,
].map((p) => p.source).join('|'));
/** Words that say hiring by themselves ("We're hiring", "On recrute"): no job noun or people word is needed. */
const HIRING_NOW =
  /^(?:(?:we re|we are|were) (?:now |currently )?hiring|now hiring|on recrute|nous recrutons|wir stellen ein|estamos contratando|vi ansetter)\b/;
/** Words that make a "looking for" sentence a standing invitation rather than an opening. */
const NOT_NOW =
  /\b(?:always|constantly|continually|continuously|regularly|permanently|future|sometimes|ongoing|immer|stets|standig|laufend|jederzeit|gelegentlich|permanent|zukunft|zukunftig|toujours|constamment|futur|futurs|siempre|constantemente|futuro|altijd|steeds|continu|doorlopend|voortdurend|regelmatig|toekomst|alltid|stadig|kontinuerlig|fremtid|fremtidige|sempre|all year|year round|das ganze jahr|toute l annee|todo el ano|het hele jaar|hele aret|initiativ\w*|spontan\w*|speculative|unsolicited)\b/;
/** Who is sought: a job noun, or a word for candidates, colleagues, students or staff. */
const PEOPLE =
  /\b(?:persone|collaboratori|collaboratrici|candidati|figure professionali|people|candidates|colleagues|talent|team members|students|staff|verstarkung|kollegen|kolleginnen|kandidaten|kandidater|medarbeidere|kolleger|studenten|studentinnen|aushilfen|collaborateurs|collaboratrices|talents|candidats|etudiants|profesionales|companeros|candidatos|estudiantes|personal|collega s|collegas|medewerkers|studentes|mensen|vakmensen|personeel|studenter)\b/;

/** Does the text say, in a sentence of its own, that the business is looking for people now? */
export function saysSeeking(text: string): boolean {
  for (const sentence of sentences(text)) {
    const folded = foldWords(sentence);
    if (!SEEKING.test(folded) || NOT_NOW.test(folded)) continue;
    if (HIRING_NOW.test(folded)) return true;
    // Candidates, colleagues, or a job noun ("… looking for experienced plumbers and heating engineers").
    if (PEOPLE.test(folded) || namesJob(folded)) return true;
  }
  return false;
}

/** Applying without a role: an application, a CV, a résumé. */
const APPLYING =
  /\b(?:apply|application|applications|cv|resume|bewerbung|bewerbungen|bewirb|bewerben|lebenslauf|candidature|candidatures|postuler|candidatura|candidaturas|curriculum|sollicitatie|sollicitaties|solliciteren|soknad|soknader|cv er)\b/;

/**
 * Does the text invite applications at any time, in a sentence that is no opening ("Gute Handwerker sind bei uns
 * immer willkommen", "send us your CV and we will keep it on file for the future")?
 */
export function saysStandingInvitation(text: string): boolean {
  return sentences(text).some((sentence) => {
    const folded = foldWords(sentence);
    if (!NOT_NOW.test(folded)) return false;
    return SEEKING.test(folded) || PEOPLE.test(folded) || APPLYING.test(folded) || namesJob(folded);
  });
}

/** A job noun among a sentence's words ("… skilled bench joiners", "… experienced plumbers"). */
function namesJob(folded: string): boolean {
  const words = folded.split(' ');
  for (let i = 0; i < words.length; i++) {
    if (jobTitleStrength(words.slice(i, i + 2).join(' ')) === 2 && !hasGenderTag(words[i] ?? '')) return true;
  }
  return false;
}

/** Section headings of a posting ("Ihre Aufgaben", "Requirements", "Profil recherché", "Wat vragen wij?"). */
// biome-ignore format: keep the list compact
const POSTING_SECTIONS = [
  'aufgaben', 'ihre aufgaben', 'deine aufgaben', 'profil', 'ihr profil', 'dein profil', 'wir bieten',
  'was wir bieten', 'das bieten wir', 'was dich erwartet', 'responsibilities', 'requirements', 'what you will do',
  'what you ll do', 'what we offer', 'what we are looking for', 'about the role', 'the role', 'you have',
  'qualifications', 'benefits', 'missions', 'vos missions', 'profil recherche', 'votre profil', 'nous offrons',
  'requisitos', 'que buscamos', 'que ofrecemos', 'funciones', 'wat ga je doen', 'wat vragen wij',
  'wat bieden wij', 'functieomschrijving', 'arbeidsoppgaver', 'kvalifikasjoner', 'vi tilbyr', 'the details',
  'profiel', 'jouw profiel', 'uw profiel', 'aanbod', 'ons aanbod', 'wij bieden', 'wat wij bieden', 'taken',
  'jouw taken', 'your profile', 'about you', 'what we offer you', 'ce que nous offrons', 'ce que nous proposons',
  'avantages', 'perfil', 'tu perfil', 'ofrecemos', 'responsabilidades', 'requisiti', 'cosa offriamo', 'offriamo',
  'mansioni', 'responsabilita', 'il tuo profilo',
];
export const isPostingSection = (text: string) => POSTING_SECTIONS.includes(foldWords(text));

/** Words of applying (in link and button labels, URLs and sentences). */
export const APPLY_WORDS =
  /appl(?:y|ying|ication)|bewerb|postul|candidat|aplica|sollicit|soknad|søk|candidatura|envoyer ma candidature/i;
/** Sentences that ask for an application by email ("send your CV to", "Bewerbung per E-Mail an"). */
export const APPLY_BY_MAIL =
  /\b(?:apply|application|cv|resume|resum|bewerbung|bewerbungen|lebenslauf|unterlagen|candidature|curriculum|curriculo|sollicitatie|sollicitatiebrief|soknad|send (?:us )?your|senden sie|schick|envia tu|envoyez)\b/;
