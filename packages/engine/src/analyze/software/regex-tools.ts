/**
 * Helpers over regex source text: Wappalyzer's bounded quantifiers, and the literal text a regex cannot match
 * without (so a cheap indexOf can rule most patterns out before any regex runs).
 */
import { isBoilerplate } from './boilerplate';
import type { Clauses } from './types';

/** Length of the escape sequence starting at `i` (a backslash), so it is skipped whole. */
function escapeLength(source: string, i: number): number {
  const next = source[i + 1];
  if (next === 'x') return 4;
  if (next === 'u') {
    if (source[i + 2] === '{') {
      const end = source.indexOf('}', i + 3);
      return end === -1 ? 2 : end - i + 1;
    }
    return 6;
  }
  if (next === 'c') return 3;
  if ((next === 'p' || next === 'P' || next === 'k') && (source[i + 2] === '{' || source[i + 2] === '<')) {
    const end = source.indexOf(source[i + 2] === '{' ? '}' : '>', i + 3);
    return end === -1 ? 2 : end - i + 1;
  }
  return 2;
}

/** Index just past the character class starting at `i` ('['). */
function skipClass(source: string, i: number): number {
  let j = i + 1;
  if (source[j] === '^') j++;
  if (source[j] === ']') j++;
  while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? escapeLength(source, j) : 1;
  return j + 1;
}

/** Index just past the group starting at `i` ('('). */
function skipGroup(source: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < source.length) {
    const c = source[j];
    if (c === '\\') j += escapeLength(source, j);
    else if (c === '[') j = skipClass(source, j);
    else {
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return j + 1;
      j++;
    }
  }
  return j;
}

const QUANTIFIER_BRACES = /^\{\d+(?:,\d*)?\}/;

/**
 * Wappalyzer's guard against slow patterns on long pages: unbounded + and * become {1,250} and {0,250}.
 * Done here only outside character classes and escapes (the original rewrites those too).
 */
export function boundQuantifiers(source: string): string {
  let out = '';
  let i = 0;
  let previousIsQuantifier = false;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\\') {
      const len = escapeLength(source, i);
      out += source.slice(i, i + len);
      i += len;
      previousIsQuantifier = false;
    } else if (c === '[') {
      const end = skipClass(source, i);
      out += source.slice(i, end);
      i = end;
      previousIsQuantifier = false;
    } else if ((c === '+' || c === '*') && !previousIsQuantifier && out !== '' && !/[(|]$/.test(out)) {
      out += c === '+' ? '{1,250}' : '{0,250}';
      i++;
      previousIsQuantifier = true;
    } else {
      out += c;
      i++;
      previousIsQuantifier = c === '?' || c === '+' || c === '*' || c === '}';
    }
  }
  return out;
}

/** Splits on top-level `|`. */
function topLevelAlternatives(source: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') i += escapeLength(source, i);
    else if (c === '[') i = skipClass(source, i);
    else if (c === '(') i = skipGroup(source, i);
    else if (c === '|') {
      parts.push(source.slice(start, i));
      start = ++i;
    } else i++;
  }
  parts.push(source.slice(start));
  return parts;
}

const SPECIAL_ESCAPES = new Set([...'dDwWsSbBfnrtv0123456789cxupPk']);

/** How selective a clause is: its shortest literal's length, nothing when a literal is in every page. */
const clauseQuality = (clause: string[]) => Math.min(...clause.map((l) => (isBoilerplate(l) ? 0 : l.length)));

const MAX_VARIANTS = 4;

/** The characters of a small class (`["']`, `[sz]`), or null for ranges, negations, escapes, larger sets. */
function smallClass(body: string): string[] | null {
  if (!/^[^\\\]^-]{1,3}$/.test(body)) return null;
  return [...new Set(body.toLowerCase())];
}

/**
 * What every match of a branch (no top-level `|`) contains: each literal run of at least `minLength`
 * characters is a clause; a small character class makes the run a few variants (`href=["']ws` →
 * ["href=\"ws", "href='ws"]); a mandatory group without alternatives is read inline (`data-sr(?:-id)` →
 * "data-sr-id"); another mandatory group adds its own clauses, or one clause with a literal per alternative
 * (`(?:foo|bar)` → ["foo", "bar"]). Lower case.
 */
function branchClauses(branch: string, minLength: number): Clauses {
  let source = branch;
  const clauses: Clauses = [];
  let variants = [''];
  let lastIsLiteral = false;
  const cut = () => {
    if (variants.every((v) => v.length >= minLength)) clauses.push([...new Set(variants)]);
    variants = [''];
    lastIsLiteral = false;
  };
  const append = (chars: string[]) => {
    if (variants.length * chars.length > MAX_VARIANTS) return cut();
    variants = variants.flatMap((v) => chars.map((c) => v + c));
    lastIsLiteral = true;
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      const len = escapeLength(source, i);
      if (SPECIAL_ESCAPES.has(next) || next.charCodeAt(0) > 127) cut();
      else append([next.toLowerCase()]);
      i += len;
    } else if (c === '[') {
      const end = skipClass(source, i);
      const chars = smallClass(source.slice(i + 1, end - 1));
      if (chars) append(chars);
      else cut();
      i = end;
    } else if (c === '(') {
      const end = skipGroup(source, i);
      const after = source.slice(end);
      const inner = source.slice(i + 1, end - 1);
      const body = inner.replace(/^\?(?::|<[\w$]+>)/, '');
      const lookaround = /^\?<?[=!]/.test(inner);
      const quantified = /^(?:[?*+]|\{\d)/.test(after);
      if (!lookaround && !quantified && topLevelAlternatives(body).length === 1 && !/[()[]/.test(body)) {
        // A plain group read inline: "(?:-id)" continues the run.
        i = i + 1 + (inner.length - body.length);
        source = source.slice(0, i) + body + source.slice(end);
        continue;
      }
      cut();
      // Lookarounds and optional groups promise nothing; other groups may.
      if (!lookaround && !/^(?:[?*]|\{0[,}])/.test(after)) {
        clauses.push(...(requiredClauses(body, minLength) ?? []));
      }
      i = end;
    } else if (
      c === '?' ||
      c === '*' ||
      c === '+' ||
      (c === '{' && QUANTIFIER_BRACES.test(source.slice(i)))
    ) {
      // The quantifier applies to the last literal character (if any): optional → drop it, repeated → end run.
      let len = 1;
      let optional = c === '?' || c === '*';
      if (c === '{') {
        const braces = QUANTIFIER_BRACES.exec(source.slice(i))?.[0] ?? '{}';
        len = braces.length;
        optional = /^\{0[,}]/.test(braces);
      }
      if (source[i + len] === '?') len++;
      if (lastIsLiteral && optional) variants = variants.map((v) => v.slice(0, -1));
      cut();
      i += len;
    } else if (c === '.' || c === '^' || c === '$' || c.charCodeAt(0) > 127) {
      cut();
      i++;
    } else {
      append([c.toLowerCase()]);
      i++;
    }
  }
  cut();
  return clauses;
}

/**
 * Literal clauses that hold in any text the regex matches (case-insensitively), or null when nothing useful is
 * certain. With top-level alternatives it is one clause: the best literal of each alternative.
 */
export function requiredClauses(source: string, minLength = 3): Clauses | null {
  const branches = topLevelAlternatives(source);
  if (branches.length === 1) {
    const clauses = branchClauses(source, minLength);
    return clauses.length ? clauses : null;
  }
  const anyOf: string[] = [];
  for (const branch of branches) {
    const clauses = branchClauses(branch, minLength);
    if (clauses.length === 0) return null;
    const best = clauses.reduce((a, b) => (clauseQuality(b) > clauseQuality(a) ? b : a));
    anyOf.push(...best);
  }
  return [[...new Set(anyOf)]];
}

export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The clauses as tests of a text as it is, one case-insensitive regex per clause: on a long text (an inline
 * script, a page's visible text) a literal search costs a third of lower-casing it for `satisfies`. The `i` flag
 * is the one the patterns match with, so a text that fails a test cannot match the pattern.
 */
export function clauseTests(clauses: Clauses | null): RegExp[] | null {
  if (!clauses?.length) return null;
  return clauses.map((clause) => {
    // A literal holding another of its clause adds nothing (`original_images/`, `images/`), and an alternation
    // searches as slowly as the pattern itself, where one literal is found with a skipping search.
    const needed = clause.filter(
      (literal) => !clause.some((other) => other !== literal && literal.includes(other)),
    );
    return new RegExp(needed.map(escapeRegex).join('|'), 'i');
  });
}

/** Does a lower-case text satisfy the clauses? */
export function satisfies(clauses: Clauses, lowerText: string): boolean {
  return clauses.every((clause) => clause.some((literal) => lowerText.includes(literal)));
}

/**
 * The most characters (UTF-16 units) one match of the regex can span, Infinity when unbounded (`*`, `+`,
 * `{n,}`, back-references). Lookaheads count as far as they read; lookbehinds and assertions span nothing.
 * With it, a match that must contain a
 * literal starts at most this far before the literal's first occurrence, so a search can begin there.
 */
export function maxMatchWidth(source: string): number {
  let widest = 0;
  for (const branch of topLevelAlternatives(source)) widest = Math.max(widest, branchWidth(branch));
  return widest;
}

function branchWidth(branch: string): number {
  let total = 0;
  let i = 0;
  while (i < branch.length) {
    const c = branch[i] as string;
    let width = 1;
    if (c === '\\') {
      const next = branch[i + 1] ?? '';
      if (next === 'b' || next === 'B') width = 0;
      else if (/[1-9k]/.test(next)) width = Number.POSITIVE_INFINITY;
      i += escapeLength(branch, i);
    } else if (c === '[') i = skipClass(branch, i);
    else if (c === '(') {
      const end = skipGroup(branch, i);
      const inner = branch.slice(i + 1, end - 1);
      // A lookahead consumes nothing but reads ahead: counted, so a slice holding the match holds what it reads.
      width = /^\?<[=!]/.test(inner) ? 0 : maxMatchWidth(inner.replace(/^\?(?::|<[\w$]+>|=|!)/, ''));
      i = end;
    } else if (c === '^' || c === '$') {
      width = 0;
      i++;
    } else i++;
    // A quantifier multiplies the atom's width by its most repetitions (a lazy `?` after it changes nothing).
    const quantifier = /^(?:[?*+]|\{(\d+)(?:(,)(\d*))?\})\??/.exec(branch.slice(i));
    if (quantifier) {
      const [all, min, comma, max] = quantifier;
      const times =
        all[0] === '?'
          ? 1
          : all[0] === '*' || all[0] === '+'
            ? Number.POSITIVE_INFINITY
            : comma
              ? max
                ? Number(max)
                : Number.POSITIVE_INFINITY
              : Number(min);
      width = width === 0 ? 0 : width * times;
      i += all.length;
    }
    total += width;
  }
  return total;
}

/**
 * Does the regex assert anything about text outside its match (`^`, `$`, `\b`, `\B`, a lookbehind)? Without such
 * assertions a match found in a slice of a text is a match in the text. (Read character by character: linear.)
 */
export function readsOutsideMatch(source: string): boolean {
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1];
      if (next === 'b' || next === 'B') return true;
      i += escapeLength(source, i);
    } else if (c === '[') i = skipClass(source, i);
    else if (c === '^' || c === '$') return true;
    else if (c === '(' && source.startsWith('(?<', i) && (source[i + 3] === '=' || source[i + 3] === '!'))
      return true;
    else i++;
  }
  return false;
}

// Optional `\b` and a negative lookbehind of one plain character (`(?<!-)`); then plain characters (printable
// ASCII but space, neither a regex metacharacter nor one the source may write as an entity: & < > " '), escaped
// punctuation, identity escapes of capitals (`\A`), and classes of plain characters; then an optional `\b`.
const WORD_LITERAL =
  /^(?:\\b)?(?:\(\?<![!#%,\-/0-9:;=@A-Z_`a-z~]\))?(?:[!#%,\-/0-9:;=@A-Z_`a-z~]|\\[!#$%()*+,\-./:;=?@[\\\]^_`{|}~]|\\[AC-RT-VX-Z]|\[[!#%,\-/0-9:;=@A-Z_`a-z~]+\])+(?:\\b)?$/;

/**
 * Is every match of the regex a run of plain ASCII characters (character classes allowed, `\b` at either end,
 * a negative lookbehind of one such character), such as `\bDHL\b`? Such a match crosses no markup, and none of its characters is one the source must write
 * as an entity: where a page's visible text holds it, the page source holds it too, in the text node it came
 * from (unless the source spells an ordinary letter as an entity, which the literal pre-filters ignore too).
 * Non-ASCII is left out: `é` is often written `&eacute;`.
 */
export function isWordLiteral(source: string): boolean {
  return WORD_LITERAL.test(source);
}
