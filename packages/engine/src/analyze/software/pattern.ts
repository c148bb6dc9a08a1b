import { htmlClauses, withoutBoilerplate } from './boilerplate';
import { type LiteralScan, occurrences } from './literal-index';
import {
  boundQuantifiers,
  clauseTests,
  isWordLiteral,
  maxMatchWidth,
  readsOutsideMatch,
  requiredClauses,
  satisfies,
} from './regex-tools';
import type { Clauses, EvidenceType } from './types';

/** One Wappalyzer pattern, compiled: `regex\;version:\1\;confidence:50`. */
export interface CompiledPattern {
  /** Unique over all patterns: a pattern that matches on several pages counts once towards confidence. */
  id: number;
  tech: number;
  type: EvidenceType;
  /** Null for an empty pattern, which matches any value (presence test). */
  regex: RegExp | null;
  /**
   * Pre-filter of a page: literal clauses (lower case) every match satisfies, without those nearly every page
   * satisfies (boilerplate.ts); null when none are left.
   */
  clauses: Clauses | null;
  /**
   * Pre-filter of one value (an attribute, an element's or the page's text): every clause, as clauseTests, made on
   * first use (undefined until then). A clause every page satisfies (`images/`) still rules out most values.
   */
  valueClauses: Clauses | null;
  valueTests: RegExp[] | null | undefined;
  /**
   * The same clauses as ids of the fingerprints' LiteralIndex (page-wide texts are scanned once). For patterns
   * on decoded text (text, dom), what the page source must hold instead (fingerprints.ts sourceClauseIds).
   */
  clauseIds: number[][] | null;
  version: string;
  confidence: number;
  /**
   * html patterns: the most characters a match spans (Infinity when unbounded), and the same regex with the
   * `g` flag, so a search of the page can start where a match first becomes possible (runPattern).
   */
  reach?: number;
  searcher?: RegExp;
  /** No assertion reading outside a match (`^ $ \b`, lookbehinds): a match in a slice is one in the text. */
  sliceable?: boolean;
  /**
   * text patterns: the regex is a plain literal (`\bDHL\b`, isWordLiteral), so it matches the visible text only
   * where it matches the page source: tried there first, before the page's text is put together.
   */
  inSourceFirst?: boolean;
  /**
   * inSourceFirst patterns: the regex, sticky, to try it only where a match could start around an occurrence of its
   * literal (matchesInSource), with `reach` the most characters a match spans.
   */
  sticky?: RegExp;
}

/** A page-wide text with the literal scan of it. */
export interface ScannedText {
  text: string;
  scan: LiteralScan;
}

/** Past this many occurrences of a pattern's literals, one search from the first beats a slice per each. */
const MAX_WINDOWS = 32;

export interface PatternParts {
  source: string;
  version: string;
  confidence: number;
}

/** Splits `regex\;version:\1\;confidence:50` into its parts. */
export function parsePatternString(raw: string | number): PatternParts {
  const [source = '', ...attrs] = String(raw).split('\\;');
  const parts: PatternParts = { source, version: '', confidence: 100 };
  for (const attr of attrs) {
    const colon = attr.indexOf(':');
    if (colon === -1) continue;
    const key = attr.slice(0, colon);
    const value = attr.slice(colon + 1);
    if (key === 'version') parts.version = value;
    else if (key === 'confidence') {
      const n = Number.parseInt(value, 10);
      if (Number.isFinite(n)) parts.confidence = n;
    }
  }
  return parts;
}

/** Case-insensitive regex with bounded quantifiers; null when the source is empty; undefined when invalid. */
export function compileRegex(source: string): RegExp | null | undefined {
  const cleaned = source.replace(/^\(\?i\)/, '');
  if (cleaned === '') return null;
  for (const candidate of [boundQuantifiers(cleaned), cleaned]) {
    try {
      return new RegExp(candidate, 'i');
    } catch {}
  }
  return undefined;
}

let nextPatternId = 0;

export interface CompileStats {
  patterns: number;
  invalid: string[];
}

export function compilePattern(
  raw: string | number,
  tech: number,
  type: EvidenceType,
  stats: CompileStats,
): CompiledPattern | null {
  const parts = parsePatternString(raw);
  const regex = compileRegex(parts.source);
  if (regex === undefined) {
    stats.invalid.push(parts.source);
    return null;
  }
  stats.patterns++;
  const clausesFor = type === 'html' ? htmlClauses : withoutBoilerplate;
  const valueClauses = regex ? requiredClauses(parts.source.replace(/^\(\?i\)/, '')) : null;
  const inSourceFirst = type === 'text' && !!regex && isWordLiteral(regex.source);
  const reach =
    regex && (type === 'html' || inSourceFirst) ? maxMatchWidth(regex.source) : Number.POSITIVE_INFINITY;
  return {
    ...(inSourceFirst && regex && Number.isFinite(reach)
      ? { inSourceFirst, reach, sticky: new RegExp(regex.source, 'iy') }
      : inSourceFirst
        ? { inSourceFirst }
        : {}),
    ...(type === 'html' && Number.isFinite(reach) && regex
      ? {
          reach,
          searcher: new RegExp(regex.source, 'gi'),
          sliceable: !readsOutsideMatch(regex.source),
        }
      : {}),
    id: nextPatternId++,
    tech,
    type,
    regex,
    clauses: clausesFor(valueClauses),
    valueClauses,
    valueTests: undefined,
    clauseIds: null,
    version: parts.version,
    confidence: parts.confidence,
  };
}

/**
 * Fills a version template from a match: `\1` back-references and `\1?yes:no` ternaries (yes when group 1
 * matched something). The result is null when it is empty or implausible (Wappalyzer's rule: at most 15
 * characters and not a long number such as a timestamp).
 */
export function resolveVersion(template: string, match: ArrayLike<string | undefined>): string | null {
  if (!template) return null;
  const group = (n: string) => match[Number(n)] ?? '';
  const version = template
    .replace(/\\(\d)\?([^:]*):(.*)$/, (_, n: string, yes: string, no: string) => (group(n) ? yes : no))
    .replace(/\\(\d)/g, (_, n: string) => group(n))
    .trim();
  if (!version || version.length > 15 || (Number.parseInt(version, 10) || 0) >= 10000) return null;
  return version;
}

/**
 * Runs a pattern on a value; returns the match (groups for the version) or null. Pre-filter first: `found`
 * (literal ids seen in a text that contains the value) or else indexOf on the value (pass `lower`, the value
 * in lower case, when several patterns read the same value). With `scanned` (the literal scan of this very
 * value), a bounded pattern searches only from where its first match could start.
 */
export function runPattern(
  pattern: CompiledPattern,
  value: string,
  found?: Uint8Array,
  lower?: string,
  scanned?: ScannedText,
): RegExpExecArray | null {
  if (found && pattern.clauseIds) {
    if (!foundAll(pattern.clauseIds, found)) return null;
  } else if (lower !== undefined) {
    if (pattern.clauses && !satisfies(pattern.clauses, lower)) return null;
  } else if (!passesValueTests(pattern, value)) return null;
  if (!pattern.regex) return Object.assign([value], { index: 0, input: value }) as unknown as RegExpExecArray;
  const { searcher, reach, clauseIds } = pattern;
  if (scanned && searcher && reach !== undefined && clauseIds) {
    // Every match contains a literal of each clause: none starts more than `reach` before the clause's first
    // literal. Same text, so the result is the one a search from the start finds (assertions see all of it).
    const from = earliestStart(clauseIds, scanned.scan);
    if (pattern.sliceable && pattern.clauses) {
      const m = searchSlices(pattern, scanned.scan, scanned.text, from);
      if (m !== undefined) return m;
    }
    searcher.lastIndex = Math.max(0, from - reach);
    return searcher.exec(value);
  }
  return pattern.regex.exec(value);
}

function passesValueTests(pattern: CompiledPattern, value: string): boolean {
  if (pattern.valueTests === undefined) pattern.valueTests = clauseTests(pattern.valueClauses);
  const tests = pattern.valueTests;
  if (tests) for (const test of tests) if (!test.test(value)) return false;
  return true;
}

/**
 * The leftmost match, looked for only in the slices within `reach` of an occurrence of one clause's
 * literals: any match lies in one of them, and without assertions a slice matches as the whole text would.
 * Undefined when there are too many occurrences to be worth it.
 */
function searchSlices(
  pattern: CompiledPattern,
  scan: LiteralScan,
  text: string,
  from: number,
): RegExpExecArray | null | undefined {
  const { clauses, clauseIds, regex, reach } = pattern;
  if (!clauses || !clauseIds || !regex || reach === undefined) return undefined;
  // The clause whose shortest literal is longest: the fewest chance occurrences.
  let best = 0;
  clauses.forEach((clause, k) => {
    const shortest = (c: string[]) => Math.min(...c.map((l) => l.length));
    if (shortest(clause) > shortest(clauses[best] as string[])) best = k;
  });
  // A match starts at `from - reach` or later, so its literals occur there or later.
  const earliest = Math.max(0, from - reach);
  const starts: number[] = [];
  for (const id of clauseIds[best] as number[]) {
    const found = occurrences(scan, id);
    if (!found) return undefined;
    for (const at of found) if (at >= earliest) starts.push(at);
    if (starts.length > MAX_WINDOWS) return undefined;
  }
  starts.sort((a, b) => a - b);
  const longest = Math.max(...(clauses[best] as string[]).map((l) => l.length));
  let k = 0;
  while (k < starts.length) {
    const begin = Math.max(0, (starts[k] as number) - reach);
    let end = (starts[k] as number) + longest + reach;
    // Merge the windows that overlap this one.
    while (k + 1 < starts.length && (starts[k + 1] as number) - reach <= end) {
      end = (starts[++k] as number) + longest + reach;
    }
    k++;
    const m = regex.exec(text.slice(begin, Math.min(end, text.length)));
    if (m) return m;
  }
  return null;
}

/** The latest, over clauses, of the first position where one of the clause's literals occurs. */
function earliestStart(clauseIds: number[][], { marks, first }: LiteralScan): number {
  if (first.length === 0) return 0;
  let start = 0;
  for (const clause of clauseIds) {
    let earliest = Number.POSITIVE_INFINITY;
    for (const id of clause) {
      if (marks[id] !== 1) continue;
      const at = first[id] as number;
      if (at < 0) return 0; // found where the scan does not say
      if (at < earliest) earliest = at;
    }
    if (earliest !== Number.POSITIVE_INFINITY && earliest > start) start = earliest;
  }
  return start;
}

/**
 * Does an inSourceFirst pattern match anywhere in the page source? Every match holds an occurrence of its first
 * clause's literals and starts at most `reach` before it, so the sticky regex is tried only at those starts instead
 * of searching the whole source (`\bUPS\b` read 100 kB a page because "groups" holds `ups`). The same answer as
 * `regex.test(text)`; that search when the scan does not know every occurrence.
 */
export function matchesInSource(pattern: CompiledPattern, text: string, scan: LiteralScan): boolean {
  const { sticky, reach, clauseIds, regex } = pattern;
  const clause = clauseIds?.[0];
  if (!sticky || reach === undefined || !clause) return !!regex?.test(text);
  for (const id of clause) {
    const at = occurrences(scan, id);
    if (at === null) return !!regex?.test(text);
    for (const occurrence of at) {
      for (let start = Math.max(0, occurrence - reach); start <= occurrence; start++) {
        sticky.lastIndex = start;
        if (sticky.test(text)) return true;
      }
    }
  }
  return false;
}

/** Every clause has one of its literals marked in `found`. */
export function foundAll(clauseIds: number[][], found: Uint8Array): boolean {
  for (const clause of clauseIds) {
    let any = false;
    for (const id of clause) {
      if (found[id] === 1) {
        any = true;
        break;
      }
    }
    if (!any) return false;
  }
  return true;
}
