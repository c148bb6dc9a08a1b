import type { ParsedPage } from '../../crawl/page';
import type { Fingerprints } from './fingerprints';
import { matchJsRules } from './js-rules';
import type { LiteralScan } from './literal-index';
import { type Add, matchDomRule } from './match-dom';
import { type PageFacts, pageFacts, push, type ScriptUrl } from './page-facts';
import {
  type CompiledPattern,
  foundAll,
  matchesInSource,
  resolveVersion,
  runPattern,
  type ScannedText,
} from './pattern';
import { isAboutOwnSite } from './site-hosting';
import { bestClauseIndex, candidates } from './triggers';
import type { Evidence } from './types';

/** One pattern that matched one value on one page. */
export interface PatternHit {
  pattern: CompiledPattern;
  version: string | null;
  evidence: Evidence;
}

const MAX_SCRIPT_MATCHES = 3;
const MAX_EVIDENCE_CHARS = 120;

function clip(text: string): string {
  const flat = text
    .slice(0, MAX_EVIDENCE_CHARS * 4)
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > MAX_EVIDENCE_CHARS ? `${flat.slice(0, MAX_EVIDENCE_CHARS - 1)}…` : flat;
}

/**
 * Every pattern of the fingerprint data that matches the page, each text pre-filtered before a regex runs.
 * Strong, short evidence first (meta, headers, cookies, script URLs), then the page-wide texts and the DOM.
 */
export function matchPage(page: ParsedPage, fp: Fingerprints): PatternHit[] {
  const facts = pageFacts(page);
  const hits: PatternHit[] = [];
  const add: Add = (pattern, match, shown, type = pattern.type) => {
    // A third party's URL on a cloud or CDN says nothing about where the site itself is hosted.
    if (fp.technologies[pattern.tech]?.isSiteHosting && !isAboutOwnSite(type, shown, facts.url)) return;
    hits.push({
      pattern,
      version: resolveVersion(pattern.version, match),
      evidence: { type, match: clip(shown), url: facts.url },
    });
  };
  matchKeyed(fp, facts, add);
  for (const p of fp.url) {
    const m = runPattern(p, facts.url);
    if (m) add(p, m, m[0] || facts.url);
  }
  matchScriptUrls(fp, facts.scriptSrcs, facts.scriptSrcsText, add, 'scriptSrc');
  // Script URLs that inline loaders inject: the evidence is the inline script.
  matchScriptUrls(fp, facts.injectedScripts, facts.injectedScriptsText, add, 'scripts');
  // One pass over the source finds every literal; only the patterns those literals wake are looked at.
  // Inline scripts and styles are raw text of the source, so the same marks pre-filter their patterns.
  const source = fp.index.scan(facts.html, true);
  const scanned: ScannedText = { text: facts.html, scan: source };
  for (const p of candidates(fp.pageTriggers, source.ids)) {
    if (p.type === 'text') {
      matchBodyText(p, facts, source, add);
      continue;
    }
    const value = p.type === 'html' ? facts.html : p.type === 'scripts' ? facts.inlineScripts : facts.styles;
    const m = value
      ? runPattern(p, value, source.marks, undefined, p.type === 'html' ? scanned : undefined)
      : null;
    if (m) add(p, m, m[0] || value);
  }
  for (const rule of candidates(fp.domTriggers, source.ids)) {
    matchDomRule(rule, facts, source.marks, () => page.$, add);
  }
  for (const { rule, shown } of matchJsRules(fp.js, facts)) add(rule.pattern, [''], shown);
  return hits;
}

/** meta, headers and cookies: looked up by name, so only the patterns for names the page has run. */
function matchKeyed(fp: Fingerprints, facts: PageFacts, add: Add): void {
  for (const [key, values] of facts.meta) {
    const patterns = fp.meta.get(key);
    if (!patterns) continue;
    const accept = key === 'generator' ? namesProduct : undefined;
    for (const value of values) matchValue(patterns, value, `${key}: ${value}`, add, accept);
  }
  for (const [key, value] of Object.entries(facts.headers)) {
    const patterns = fp.headers.get(key);
    if (!patterns) continue;
    for (const line of key === 'set-cookie' ? value.split('\n') : [value]) {
      matchValue(patterns, line, `${key}: ${line}`, add);
    }
  }
  for (const cookie of facts.cookies) {
    const patterns = [...(fp.cookies.get(cookie.name) ?? [])];
    for (const entry of fp.cookieNamePatterns) {
      if (entry.name.test(cookie.name)) patterns.push(...entry.patterns);
    }
    matchValue(patterns, cookie.value, `cookie ${cookie.name}`, add);
  }
}

function matchValue(
  patterns: CompiledPattern[],
  value: string,
  shown: string,
  add: Add,
  accept?: (value: string, match: RegExpExecArray) => boolean,
): void {
  const lower = value.toLowerCase();
  const wanted = patterns.length >= MIN_FILTERED_LIST ? possiblePatterns(patterns, lower) : null;
  for (let i = 0; i < patterns.length; i++) {
    if (wanted && wanted[i] === 0) continue;
    const p = patterns[i] as CompiledPattern;
    const m = runPattern(p, value, undefined, lower);
    if (m && (!accept || accept(value, m))) add(p, m, shown);
  }
}

/**
 * What may stand before a product's name in a generator meta: nothing, a list separator (`WordPress 6.4;
 * WooCommerce`), or a maker's lead-in (`Powered by Slider Revolution`, `(c) by modified eCommerce`).
 */
const GENERATOR_LEAD =
  /(?:^|[;,|+&]|\b(?:powered|generated|created|made|built)\s+(?:by|with|on|using)|\(c\)\s*by)\s*$/i;

/**
 * A generator meta names the software that made the page as its leading words. A product's name further in is part
 * of another name (`Diseño web: Amaya García`, an agency or the site's developer), not the product: a generator
 * pattern counts only where its match (past leading spaces) starts the value, a list item or follows a lead-in.
 */
function namesProduct(value: string, match: RegExpExecArray): boolean {
  const start = match.index + ((match[0] ?? '').length - (match[0] ?? '').trimStart().length);
  // A lead-in stands right before the name: the last 200 characters hold any of them, and bound the pattern's work.
  return GENERATOR_LEAD.test(value.slice(Math.max(0, start - 200), start));
}

/**
 * A long list of patterns for one key (481 for `generator`, 198 for `server`) against a short value: each pattern's
 * literals begin with one of the value's three-character runs, or it cannot match. (An index of the list's literals
 * scanned per value cost more than it saved: the scan loop then also saw short sliced strings and ran slower on the
 * page source.)
 */
const MIN_FILTERED_LIST = 32;

interface ListFilter {
  /** List positions by the first three characters (lower case) of a literal of the pattern's best clause. */
  byStart: Map<string, number[]>;
  /** Positions of the patterns without such literals: always tried. */
  always: number[];
}

const listFilters = new WeakMap<CompiledPattern[], ListFilter>();

/** Which patterns of the list may match the value (1), in the list's order; the others cannot. */
function possiblePatterns(patterns: CompiledPattern[], lower: string): Uint8Array {
  let filter = listFilters.get(patterns);
  if (!filter) {
    filter = { byStart: new Map(), always: [] };
    for (let i = 0; i < patterns.length; i++) {
      const pattern = patterns[i] as CompiledPattern;
      const clause = pattern.clauses?.[bestClauseIndex(pattern)];
      if (!clause) filter.always.push(i);
      else for (const literal of clause) push(filter.byStart, literal.slice(0, 3), i);
    }
    listFilters.set(patterns, filter);
  }
  const wanted = new Uint8Array(patterns.length);
  for (const i of filter.always) wanted[i] = 1;
  for (let at = 0; at + 3 <= lower.length; at++) {
    const list = filter.byStart.get(lower.slice(at, at + 3));
    if (list) for (const i of list) wanted[i] = 1;
  }
  return wanted;
}

function matchScriptUrls(
  fp: Fingerprints,
  urls: ScriptUrl[],
  text: string,
  add: Add,
  type: Evidence['type'],
): void {
  if (urls.length === 0) return;
  const scan = fp.index.scan(text);
  for (const p of candidates(fp.srcTriggers, scan.ids)) {
    if (p.clauseIds && !foundAll(p.clauseIds, scan.marks)) continue;
    let found = 0;
    for (const { url, written } of urls) {
      const m = execOn(p, url) ?? (written ? execOn(p, written) : null);
      // A few matches, not one: a later URL may carry the version (jquery.js, then jquery-3.6.0.min.js).
      if (m && found++ < MAX_SCRIPT_MATCHES) add(p, m, url, type);
    }
  }
}

const execOn = (p: CompiledPattern, value: string): ArrayLike<string | undefined> | null =>
  p.regex ? p.regex.exec(value) : [value];

/**
 * A `text` pattern reads the visible text. Its literals then appear in the source too (clauseIds: each one's
 * longest run without a character the source may write as an entity), and a plain literal pattern matches there.
 */
function matchBodyText(p: CompiledPattern, facts: PageFacts, source: LiteralScan, add: Add): void {
  if (p.clauseIds && !foundAll(p.clauseIds, source.marks)) return;
  // (A literal too short for the scan, `\bDX\b`, would otherwise make every page put its text together.)
  if (p.inSourceFirst && !matchesInSource(p, facts.html, source)) return;
  const m = runPattern(p, facts.bodyText());
  if (m) add(p, m, m[0] ?? '');
}
