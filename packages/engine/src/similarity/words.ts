/**
 * The words of a business's summary and services as terms to compare: folded to lower case without accents,
 * stop words of the site's language out, and each word cut to a light stem so "Weine", "Wein" and "Weinen" meet.
 *
 * No stemming library is installed, so this is a light per-language suffix stripper (the longest listed suffix
 * goes while at least MIN_STEM letters remain, once): plural and the commonest inflections only. It is
 * deliberately weak: two words that should meet and do not cost a little recall; two that should not and do
 * ("organ"/"organic") cost little, since rare terms weigh more than either.
 */
import { foldText } from '../normalize/text';

export type WordLanguage = 'de' | 'en' | 'fr' | 'es' | 'it' | 'nl' | 'pt';
const WORD_LANGUAGES: readonly WordLanguage[] = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pt'];

const MIN_STEM = 4;
const MIN_WORD = 3;
const MAX_WORDS = 150;

// biome-ignore format: word lists
const STOP_WORDS: Record<WordLanguage, string> = {
  en: 'the and for with our you your are from this that have has was were will can all any more most also into about over only other than then them they their there which what when who how its not but out new best here more just get one two per via www http https com',
  de: 'der die das den dem des ein eine einer eines einem einen und oder aber mit von vom zum zur fur auf aus bei nach uber unter ist sind war wir ihr sie ihre ihren unser unsere unseren sich auch noch nur wie was wer wenn dass als bis durch gegen ohne sehr mehr alle allen alles hier jetzt kann konnen werden wird wurde haben hat bitte ihnen gerne sowie',
  fr: 'les des une pour avec dans sur par est sont nous vous votre vos notre nos leur leurs qui que quoi dont plus tout tous toute toutes aux ces cette son ses mais elle ils elles pas entre chez sans sous tres bien ainsi faire fait',
  es: 'los las del una unos unas para con por que como mas sus nuestro nuestra nuestros nuestras todo todos toda todas este esta estos estas son ser hay muy sin sobre entre desde hasta tambien usted ustedes cada puede',
  it: 'gli della delle dei del nella nelle nel con per una uno che come piu sono suoi sue nostro nostra nostri nostre tutto tutti tutta tutte questo questa questi queste anche alla alle sul sulla dal dalla ogni tra fra molto',
  nl: 'het een van voor met zijn ons onze uw jouw wij jij die dat deze ook niet maar naar bij aan als dan door over tot uit wordt worden kan kunnen meer alle hier heeft hebben zich',
  pt: 'dos das uma uns umas para com por que como mais seus suas nosso nossa nossos nossas todo todos toda todas este esta estes estas sao ser muito sem sobre entre desde ate tambem voce cada pode',
};
const STOPS: Record<WordLanguage, ReadonlySet<string>> = Object.fromEntries(
  WORD_LANGUAGES.map((lang) => [lang, new Set(STOP_WORDS[lang].split(' '))]),
) as unknown as Record<WordLanguage, ReadonlySet<string>>;
/** Words of every language are out whatever the site's language: sites mix English into their own. */
const ANY_STOP = new Set(WORD_LANGUAGES.flatMap((lang) => [...STOPS[lang]]));

/** Suffixes in the folded spelling, longest first. */
// biome-ignore format: suffix lists
const SUFFIXES: Record<WordLanguage, readonly string[]> = {
  en: ['ational', 'ization', 'fulness', 'ations', 'ation', 'ings', 'ing', 'ies', 'ied', 'ers', 'ess', 'ed', 'er', 'es', 'ly', 's'],
  de: ['ungen', 'heiten', 'keiten', 'heit', 'keit', 'ung', 'ern', 'ens', 'en', 'er', 'es', 'em', 'e', 'n', 's'],
  fr: ['issements', 'issement', 'ations', 'ation', 'euses', 'euse', 'ements', 'ement', 'eurs', 'eur', 'ies', 'ees', 'es', 'ee', 'e', 's', 'x'],
  es: ['aciones', 'acion', 'mente', 'ances', 'ancia', 'ismos', 'ismo', 'istas', 'ista', 'eria', 'ores', 'ador', 'es', 'as', 'os', 'a', 'o', 'e', 's'],
  it: ['azioni', 'azione', 'mente', 'ista', 'iste', 'isti', 'eria', 'ori', 'ore', 'i', 'e', 'a', 'o'],
  nl: ['heden', 'heid', 'ingen', 'ing', 'eren', 'en', 'er', 'es', 'e', 's'],
  pt: ['acoes', 'acao', 'mente', 'ismos', 'ismo', 'istas', 'ista', 'aria', 'ores', 'ador', 'es', 'as', 'os', 'a', 'o', 'e', 's'],
};

/** The language to read a text in: the site's when it is one of the seven, else English. */
function wordLanguage(language: string | null | undefined): WordLanguage {
  const code = (language ?? '').slice(0, 2).toLowerCase();
  return (WORD_LANGUAGES as readonly string[]).includes(code) ? (code as WordLanguage) : 'en';
}

/** A folded word cut to its light stem in a language. */
export function stem(word: string, language: WordLanguage): string {
  for (const suffix of SUFFIXES[language]) {
    if (word.length - suffix.length >= MIN_STEM && word.endsWith(suffix)) {
      return word.slice(0, word.length - suffix.length);
    }
  }
  return word;
}

/**
 * Stems already cut, per language: a ranking reads the same few thousand words in 100,000 texts. Bounded, so a
 * flood of distinct words cannot hold memory; when full it starts again.
 */
const STEM_CACHE_LIMIT = 200_000;
const stemCache = new Map<string, string>();
function cachedStem(word: string, language: WordLanguage): string {
  const key = `${language}:${word}`;
  let cut = stemCache.get(key);
  if (cut === undefined) {
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    cut = stem(word, language);
    stemCache.set(key, cut);
  }
  return cut;
}

/** A term and the word it was first seen as, for the explanations ("wine" rather than its stem "win"). */
export interface Term {
  stem: string;
  word: string;
}

/** Calls `use` with the stem of each word of a text that counts, in order (at most MAX_WORDS words). */
export function forEachTerm(
  text: string | null | undefined,
  language: string | null | undefined,
  use: (stem: string, word: string) => void,
): void {
  if (!text) return;
  const lang = wordLanguage(language);
  const stops = STOPS[lang];
  let count = 0;
  for (const word of foldText(text).split(/[^\p{L}]+/u)) {
    if (word.length < MIN_WORD || stops.has(word) || ANY_STOP.has(word)) continue;
    use(cachedStem(word, lang), word);
    count += 1;
    if (count >= MAX_WORDS) break;
  }
}

/**
 * The terms of a text in a language, in order, each once per occurrence; at most MAX_WORDS words are read (a
 * summary and a services list are short; a long one says no more about what the business is).
 */
export function termsOf(text: string | null | undefined, language: string | null | undefined): Term[] {
  const terms: Term[] = [];
  forEachTerm(text, language, (stem, word) => terms.push({ stem, word }));
  return terms;
}
