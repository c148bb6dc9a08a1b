import {
  boundQuantifiers,
  type Clauses,
  requiredClauses,
  satisfies,
  withoutBoilerplate,
} from './regex-tools';
import type { EvidenceType } from './types';

/** One Wappalyzer pattern, compiled: `regex\;version:\1\;confidence:50`. */
export interface CompiledPattern {
  /** Unique over all patterns: a pattern that matches on several pages counts once towards confidence. */
  id: number;
  tech: number;
  type: EvidenceType;
  /** Null for an empty pattern, which matches any value (presence test). */
  regex: RegExp | null;
  /** Pre-filter: literal clauses (lower case) every match satisfies; null when none are certain. */
  clauses: Clauses | null;
  /** The same clauses as ids of the fingerprints' LiteralIndex (page-wide texts are scanned once). */
  clauseIds: number[][] | null;
  version: string;
  confidence: number;
}

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
  return {
    id: nextPatternId++,
    tech,
    type,
    regex,
    clauses: regex ? withoutBoilerplate(requiredClauses(parts.source.replace(/^\(\?i\)/, ''))) : null,
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
 * in lower case, when several patterns read the same value).
 */
export function runPattern(
  pattern: CompiledPattern,
  value: string,
  found?: Uint8Array,
  lower?: string,
): RegExpExecArray | null {
  if (found && pattern.clauseIds) {
    if (!foundAll(pattern.clauseIds, found)) return null;
  } else if (pattern.clauses && !satisfies(pattern.clauses, lower ?? value.toLowerCase())) return null;
  if (!pattern.regex) return Object.assign([value], { index: 0, input: value }) as unknown as RegExpExecArray;
  return pattern.regex.exec(value);
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
