/**
 * Small rules of English the built-in outreach writer (icp.content.ts) needs to put stored values into sentences
 * as a person would write them: lists ("Frisco and Richardson"), articles ("an Office Manager"), a first letter
 * lowered mid-sentence only when the word is not an acronym or a name ("POS", "GyroPOS", "iPad" stay), and the
 * venture's value proposition — a verb phrase, a "we" sentence or a noun phrase — made into one sentence that
 * names the venture.
 */

// British English lists have no comma before the last item ("a, b and c"), which is how the writer's sentences read.
const LISTS = {
  and: new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' }),
  or: new Intl.ListFormat('en-GB', { style: 'long', type: 'disjunction' }),
};

/** "a", "a and b", "a, b and c" (with `or` for alternatives). */
export function listOf(values: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  return LISTS[conjunction].format(values);
}

/**
 * The distinct values of a cell that may hold several: a merged business's "Frisco / Richardson" or
 * "Frisco; Richardson" is two places.
 */
export function valuesOf(cell: string | null | undefined): string[] {
  if (!cell) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of cell.split(/[/;|]/)) {
    const value = part.trim().replace(/\s+/g, ' ');
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/** "a Dental Nurse", "an Office Manager", "an HR Manager". */
export function withArticle(noun: string): string {
  const word = noun.trim();
  const initial = word.charAt(0);
  // An acronym read letter by letter ("HR", "MRI", "SEO") takes "an" when its first letter sounds like a vowel.
  const acronym = /^[A-Z]{2,}\b/.test(word);
  const vowel = acronym ? /[AEFHILMNORSX]/.test(initial) : /[aeiou]/i.test(initial);
  return `${vowel ? 'an' : 'a'} ${word}`;
}

/**
 * True when a word keeps its capital letters mid-sentence: an acronym or a name written with capitals inside it
 * ("POS", "GyroPOS", "SaaS", "iPad"), the pronoun "I", or a word with digits ("24/7", "3D").
 */
function keepsCase(word: string): boolean {
  const letters = word.replace(/[^\p{L}\p{N}]/gu, '');
  if (letters === 'I' || /^I['’]/.test(word)) return true;
  if (/\p{N}/u.test(letters)) return true;
  return /\p{Lu}/u.test(letters.slice(1));
}

/** The text with its first letter lowered, unless its first word is an acronym or a name (see keepsCase). */
export function lowerFirst(text: string, names: readonly string[] = []): string {
  const word = text.split(/\s/, 1)[0] ?? '';
  if (!word || keepsCase(word)) return text;
  if (names.some((name) => name && text.toLowerCase().startsWith(name.toLowerCase()))) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

// Verbs a value proposition starts with ("Cuts fees…", "Cut fees…", "Helping clinics…"), base forms.
const VERBS = [
  'accelerate',
  'accept',
  'allow',
  'analyse',
  'analyze',
  'answer',
  'attract',
  'automate',
  'avoid',
  'book',
  'boost',
  'bring',
  'build',
  'bypass',
  'capture',
  'centralise',
  'centralize',
  'collect',
  'combine',
  'connect',
  'convert',
  'create',
  'cut',
  'deliver',
  'detect',
  'digitise',
  'digitize',
  'double',
  'drive',
  'eliminate',
  'empower',
  'enable',
  'engage',
  'find',
  'fill',
  'fix',
  'free',
  'generate',
  'get',
  'give',
  'grow',
  'halve',
  'handle',
  'help',
  'improve',
  'increase',
  'integrate',
  'keep',
  'let',
  'lower',
  'make',
  'manage',
  'maximise',
  'maximize',
  'minimise',
  'minimize',
  'modernise',
  'modernize',
  'monitor',
  'offer',
  'optimise',
  'optimize',
  'personalise',
  'personalize',
  'predict',
  'prevent',
  'protect',
  'provide',
  'put',
  'raise',
  'reach',
  'recover',
  'reduce',
  'remind',
  'remove',
  'replace',
  'retain',
  'run',
  'save',
  'sell',
  'send',
  'serve',
  'simplify',
  'skip',
  'slash',
  'solve',
  'speed',
  'stop',
  'streamline',
  'take',
  'track',
  'transform',
  'trim',
  'turn',
  'unify',
  'unlock',
  'win',
];

const thirdPerson = (verb: string): string => {
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
};
const gerund = (verb: string): string => {
  if (/ie$/.test(verb)) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(verb) && verb !== 'free') return `${verb.slice(0, -1)}ing`;
  // A short verb ending consonant–vowel–consonant doubles its last letter: cut → cutting, stop → stopping.
  if (/^[^aeiou]*[aeiou][bdgklmnprt]$/.test(verb)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
};
const BASE = new Set(VERBS);
const THIRD = new Set(VERBS.map(thirdPerson));
const GERUND = new Set(VERBS.map(gerund));
/** After these a verb-looking first word is a noun: "Support for restaurants", "Order of service". */
const PREPOSITION = new Set(['for', 'of', 'in', 'on', 'with', 'to', 'at', 'from', 'by', 'and', 'or', 'that']);
/** Words that begin the object of a verb: "Reconciles your bank feeds", "Doubles the orders". */
const OBJECT = new Set([
  'a',
  'an',
  'the',
  'your',
  'their',
  'its',
  'every',
  'each',
  'all',
  'more',
  'less',
  'up',
  'any',
]);
const NOT_ADVERB = new Set([
  'apply',
  'daily',
  'early',
  'family',
  'friendly',
  'monthly',
  'only',
  'reply',
  'supply',
  'weekly',
]);

/**
 * The venture's value proposition (or description) as one sentence naming the venture, whatever its form:
 * "Cuts delivery-app fees by taking orders directly." → "GyroPOS cuts delivery-app fees by taking orders directly.";
 * "we fill empty slots" → "At Practice Pilot, we fill empty slots."; "A booking app for salons" → "Glow is a booking
 * app for salons."; "POS for food trucks" → "TruckPay offers POS for food trucks."; "Take orders directly" → "With
 * GyroPOS, you can take orders directly."; "Helping dentists…" → "At X, we're helping dentists…".
 */
export function pitchSentence(name: string, pitch: string): string {
  let text = pitch.trim().replace(/\s+/g, ' ');
  // Its closing punctuation goes: the sentence gets its own full stop (a loop, not a backtracking pattern).
  while (text && '.!;:,… '.includes(text.charAt(text.length - 1))) text = text.slice(0, -1);
  // Nothing to say (only punctuation or symbols): the writer uses its sentence without a pitch.
  if (!/\p{L}/u.test(text)) return '';
  // A question stays a question, and the venture says it can help.
  if (text.endsWith('?')) return `${text} At ${name}, we can help.`;
  // It names the venture itself: "GyroPOS takes orders directly."
  if (
    text.toLowerCase().startsWith(`${name.toLowerCase()} `) ||
    text.toLowerCase().startsWith(`${name.toLowerCase()}'`)
  ) {
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }
  const lowered = lowerFirst(text, [name]);
  const words = text.toLowerCase().split(' ');
  // An adverb before the verb ("Automatically takes orders") does not decide the form.
  let at = 0;
  while (at < words.length - 1 && /^\p{L}{3,}ly$/u.test(words[at] ?? '') && !NOT_ADVERB.has(words[at] ?? ''))
    at++;
  const head = (words[at] ?? '').replace(/[^\p{L}'’]/gu, '');
  const next = words[at + 1] ?? '';
  const first = (words[0] ?? '').replace(/[^\p{L}'’]/gu, '');
  if (/^(we|we're|we’re|we've|we’ve|we'll|we’ll|our|us)$/.test(first)) return `At ${name}, ${lowered}.`;
  if (/^(i|i'm|i’m|i've|i’ve)$/.test(first)) return `At ${name}, ${text}.`;
  if (/^(you|you're|you’re|your)$/.test(first)) return `With ${name}, ${lowered}.`;
  if (/^(a|an|the)$/.test(first)) return `${name} is ${lowered}.`;
  const verbal = !PREPOSITION.has(next);
  // A verb not in the list shows itself by an adverb before it or an object after it.
  const unlisted = at > 0 || OBJECT.has(next);
  const sForm = /[^s]s$/.test(head);
  if (verbal && (THIRD.has(head) || (unlisted && sForm))) return `${name} ${lowered}.`;
  if (verbal && (BASE.has(head) || unlisted)) return `With ${name}, you can ${lowered}.`;
  if (verbal && GERUND.has(head)) return `At ${name}, we're ${lowered}.`;
  // A noun phrase: "Online ordering for restaurants", "POS for food trucks".
  return `${name} offers ${lowered}.`;
}
