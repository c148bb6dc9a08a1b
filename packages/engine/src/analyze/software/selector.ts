/**
 * Just enough CSS selector parsing to make Wappalyzer's `dom` patterns cheap: what a selector needs present in
 * the page (tags, ids, classes, attribute names, attribute value text) to rule it out without running it, and a
 * compound chain (`link[href*='typo3conf']`, `div#___gatsby`, `a[href*='x.com'] > img`) for a direct matcher.
 * Pseudo-classes and sibling combinators still run through cheerio, after the same cheap checks.
 */

type AttributeOperator = '=' | '~=' | '|=' | '^=' | '$=' | '*=';

export interface AttributeTest {
  name: string;
  operator?: AttributeOperator;
  value?: string;
  insensitive: boolean;
}

export interface Compound {
  tag?: string;
  ids: string[];
  classes: string[];
  attributes: AttributeTest[];
}

export interface SelectorAlternative {
  text: string;
  /**
   * Compounds left to right with the combinator before each (' ' descendant, '>' child), when the alternative
   * uses nothing else: matched without cheerio. Null when it has pseudo-classes or sibling combinators.
   */
  chain: Array<{ combinator: ' ' | '>'; compound: Compound }> | null;
  /** Present in the page whenever the alternative matches (an empty list means "no requirement"). */
  needs: { tags: string[]; ids: string[]; classes: string[]; attributes: string[]; texts: string[] };
  /** `needs.texts` as LiteralIndex ids (set when the fingerprints are compiled). */
  textIds?: number[];
}

/** Splits on commas outside brackets, parentheses and quotes. */
function splitList(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(selector.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(selector.slice(start).trim());
  return parts.filter(Boolean);
}

const IDENT = /^-?[_a-zA-Z\u00a0-\uffff][\w\u00a0-\uffff-]*/;
const ATTRIBUTE =
  /^\[\s*((?:[\w-]|\\.)+)\s*(?:([~|^$*]?=)\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^\s\]]+))\s*([iIsS])?\s*)?\]/;
const unescapeCss = (text: string) => text.replace(/\\(.)/g, '$1');

/** Skips a pseudo-class or pseudo-element (with its parenthesised argument); returns the index after it. */
function skipPseudo(text: string, i: number): number {
  let j = i + 1;
  if (text[j] === ':') j++;
  const name = IDENT.exec(text.slice(j));
  j += name ? name[0].length : 0;
  if (text[j] === '(') {
    let depth = 0;
    let quote = '';
    for (; j < text.length; j++) {
      const c = text[j];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return j + 1;
    }
  }
  return j;
}

/** Parses one alternative, or returns null when it uses syntax we do not read (escapes outside attributes). */
function parseAlternative(text: string): SelectorAlternative | null {
  const compounds: Compound[] = [];
  const combinators: Array<' ' | '>'> = [];
  let current: Compound = { ids: [], classes: [], attributes: [] };
  let hasPseudo = false;
  let hasSibling = false;
  let pending: ' ' | '>' = ' ';
  let fresh = true;
  let i = 0;
  const flush = () => {
    if (!fresh) {
      compounds.push(current);
      combinators.push(pending);
      pending = ' ';
    }
    current = { ids: [], classes: [], attributes: [] };
    fresh = true;
  };
  while (i < text.length) {
    const c = text[i] as string;
    const rest = text.slice(i);
    if (/[\s>+~]/.test(c)) {
      flush();
      if (c === '>') pending = '>';
      if (c === '+' || c === '~') hasSibling = true;
      i++;
    } else if (c === '\\') {
      return null;
    } else if (c === '#' || c === '.') {
      const ident = IDENT.exec(rest.slice(1));
      if (!ident) return null;
      (c === '#' ? current.ids : current.classes).push(ident[0]);
      fresh = false;
      i += 1 + ident[0].length;
    } else if (c === '[') {
      const m = ATTRIBUTE.exec(rest);
      if (!m) return null;
      const raw = m[3] ?? m[4] ?? m[5];
      const value = raw === undefined ? undefined : unescapeCss(raw);
      current.attributes.push({
        name: unescapeCss(m[1] as string).toLowerCase(),
        ...(m[2] ? { operator: m[2] as AttributeOperator } : {}),
        ...(value !== undefined ? { value } : {}),
        insensitive: m[6] === 'i' || m[6] === 'I',
      });
      fresh = false;
      i += m[0].length;
    } else if (c === ':') {
      hasPseudo = true;
      fresh = false;
      i = skipPseudo(text, i);
    } else if (c === '*') {
      fresh = false;
      i++;
    } else {
      const ident = IDENT.exec(rest);
      if (!ident || !fresh) return null;
      current.tag = ident[0].toLowerCase();
      fresh = false;
      i += ident[0].length;
    }
  }
  flush();
  if (compounds.length === 0) return null;
  const needs: SelectorAlternative['needs'] = { tags: [], ids: [], classes: [], attributes: [], texts: [] };
  for (const compound of compounds) {
    if (compound.tag) needs.tags.push(compound.tag);
    needs.ids.push(...compound.ids);
    needs.classes.push(...compound.classes);
    for (const attr of compound.attributes) {
      needs.attributes.push(attr.name);
      // The value appears in the source as written, unless entities or quotes are involved.
      if (
        attr.value &&
        attr.value.length >= 2 &&
        /^[\x20-\x7e]+$/.test(attr.value) &&
        !/[&<>"']/.test(attr.value)
      ) {
        needs.texts.push(attr.value.toLowerCase());
      }
    }
  }
  const chain =
    hasPseudo || hasSibling
      ? null
      : compounds.map((compound, k) => ({ combinator: combinators[k] ?? ' ', compound }));
  return { text, chain, needs };
}

/** The alternatives of a selector list, or null when any of them cannot be read (then cheerio does it all). */
export function parseSelector(selector: string): SelectorAlternative[] | null {
  const alternatives: SelectorAlternative[] = [];
  for (const part of splitList(selector)) {
    const parsed = parseAlternative(part);
    if (!parsed) return null;
    alternatives.push(parsed);
  }
  return alternatives.length ? alternatives : null;
}

/** CSS attribute operators on one value. */
export function attributeMatches(test: AttributeTest, actual: string | undefined): boolean {
  if (actual === undefined) return false;
  if (!test.operator || test.value === undefined) return true;
  const value = test.insensitive ? test.value.toLowerCase() : test.value;
  const have = test.insensitive ? actual.toLowerCase() : actual;
  switch (test.operator) {
    case '=':
      return have === value;
    case '~=':
      return value !== '' && have.split(/\s+/).includes(value);
    case '|=':
      return have === value || have.startsWith(`${value}-`);
    case '^=':
      return value !== '' && have.startsWith(value);
    case '$=':
      return value !== '' && have.endsWith(value);
    case '*=':
      return value !== '' && have.includes(value);
  }
}
