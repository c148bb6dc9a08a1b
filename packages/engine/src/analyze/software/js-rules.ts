/**
 * Wappalyzer's `js` patterns name global JavaScript properties (`_paq`, `jimdoData`, `FB.getLoginStatus`,
 * `elementorFrontendConfig.version`) that exist once the page's scripts ran. A static page cannot run them, so
 * each is approximated from what the page shows defining or using that global:
 *
 * - a single name (`_hsq`) counts when an inline script defines it: `var|let|const|function _hsq`,
 *   `window._hsq =`, `window['_hsq'] =`, a minified `w._hsq =`, or `_hsq =` at the start of a statement;
 * - a path (`FB.getLoginStatus`) counts when an inline script uses it, or defines its first name with an object
 *   literal that has the second (`var elementorFrontendConfig = {…"version":…}`);
 * - a single name counts when a script is loaded from the domain of that name (`mailmunch` from
 *   a.mailmunch.co): the product's own script defines its product's global.
 *
 * A value pattern that only captures a version (`^(.+)$`) is a presence test here; a pattern that asks for a
 * particular value cannot be answered and is skipped.
 */
import { getDomainWithoutSuffix } from 'tldts';
import type { PageFacts } from './page-facts';
import { type CompiledPattern, type CompileStats, compilePattern, parsePatternString } from './pattern';

interface JsRule {
  key: string;
  root: string;
  /** The property path after the root (empty for a single name). */
  rest: string[];
  pattern: CompiledPattern;
}

/** Rules looked up by what a page's scripts define and use (exact case, as JavaScript names are). */
export interface JsRules {
  /** Single names, by name. */
  byName: Map<string, JsRule[]>;
  /** Paths, by the whole path. */
  byPath: Map<string, JsRule[]>;
  /** The first names of those paths: a chain starting otherwise is not looked at. */
  pathRoots: Set<string>;
  /** Two-part paths with a root that can stand alone, by root: proved by an object literal too. */
  byObjectRoot: Map<string, JsRule[]>;
  /** Single names of at least MIN_DOMAIN_NAME characters, lower case: matched against script domains. */
  byDomainName: Map<string, JsRule[]>;
}

const PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
/** Short names ("ga", "hj", "FB") define too much by chance to stand alone. */
const MIN_ROOT = 4;
const MIN_DOMAIN_NAME = 5;
/** How far after a definition the object literal's keys are looked for. */
const OBJECT_REACH = 4000;

/** Does the value pattern accept any version-like value (a presence or version-capture test)? */
function acceptsAnyValue(source: string): boolean {
  if (source === '') return true;
  try {
    const regex = new RegExp(source.replace(/^\(\?i\)/, ''), 'i');
    return regex.test('1.2.3') && regex.test('9.8.7') && regex.test('10.0');
  } catch {
    return false;
  }
}

export function emptyJsRules(): JsRules {
  return {
    byName: new Map(),
    byPath: new Map(),
    pathRoots: new Set(),
    byObjectRoot: new Map(),
    byDomainName: new Map(),
  };
}

function push(map: Map<string, JsRule[]>, key: string, rule: JsRule): void {
  const list = map.get(key);
  if (list) list.push(rule);
  else map.set(key, [rule]);
}

/** Compiles one technology's `js` patterns into rules. */
export function addJsRules(
  rules: JsRules,
  js: Record<string, string>,
  tech: number,
  stats: CompileStats,
): void {
  for (const [key, value] of Object.entries(js)) {
    if (!PATH.test(key)) continue;
    const parts = parsePatternString(String(value));
    if (!acceptsAnyValue(parts.source)) continue;
    const [root = '', ...rest] = key.split('.');
    if (rest.length === 0 && root.length < MIN_ROOT) continue;
    const pattern = compilePattern(`\\;confidence:${parts.confidence}`, tech, 'js', stats);
    if (!pattern) continue;
    const rule: JsRule = { key, root, rest, pattern };
    if (rest.length === 0) {
      push(rules.byName, root, rule);
      if (root.length >= MIN_DOMAIN_NAME) push(rules.byDomainName, root.toLowerCase(), rule);
    } else {
      push(rules.byPath, key, rule);
      rules.pathRoots.add(root);
      if (rest.length === 1 && root.length >= MIN_ROOT) push(rules.byObjectRoot, root, rule);
    }
  }
}

/**
 * Globals an inline script declares: `var|let|const|function name`, `window['name'] =`, and `name =` at the
 * start of a statement or in a declaration list (property assignments, `window.name =`, come from CHAIN).
 */
// After a statement boundary, spaces but no newline: a newline is itself a boundary, so a long run of blank lines is
// read once instead of once per line (which took time growing with the square of its length).
const DECLARATION =
  /\b(?:var|let|const|function)\s+([A-Za-z_$][\w$]*)|\[\s*["']([A-Za-z_$][\w$]*)["']\s*\]\s*=(?!=)|[;{}\n,(][^\S\n]*([A-Za-z_$][\w$]*)\s*=(?!=)/g;
/** `name =` as the very first statement (DECLARATION looks for a statement boundary before it, for speed). */
const FIRST_STATEMENT = /^\s*([A-Za-z_$][\w$]*)\s*=(?!=)/;
/**
 * A property path as code writes it (`FB.getLoginStatus`, `window.hbspt.forms.create`), with the assignment
 * that may follow it. Starting only where an identifier starts keeps the scan linear (`\b` also let it start after
 * each `$` inside one, "A$A$A$…", and rescan the rest from there).
 */
const CHAIN = /(?<![\w$])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(\s*=(?!=))?/g;
/** `window.name =`, also through self, globalThis, top or a minified one-letter window parameter (`f._fbq=`). */
const GLOBAL_OBJECT = /^(?:window|self|globalThis|top|[a-z])$/;

const quote = (scripts: string, at: number) =>
  scripts
    .slice(at, at + 60)
    .replace(/^[;{}\n,(\s]+/, '')
    .trim();

// Script hosts repeat from page to page (CDNs, trackers): their domain name is worked out once.
const domainNames = new Map<string, string | null>();
const MAX_CACHED_HOSTS = 10_000;

/** "mailmunch" for https://a.mailmunch.co/app/v1/site.js (the registrable domain without its suffix). */
function domainNameOf(url: string): string | null {
  const host = /^(?:https?:)?\/\/([^/?#:]+)/i.exec(url)?.[1]?.toLowerCase();
  if (!host) return null;
  let name = domainNames.get(host);
  if (name === undefined) {
    name = getDomainWithoutSuffix(host)?.toLowerCase() ?? null;
    if (domainNames.size >= MAX_CACHED_HOSTS) domainNames.clear();
    domainNames.set(host, name);
  }
  return name;
}

export interface JsHit {
  rule: JsRule;
  shown: string;
}

/** The js rules the page satisfies (see the top of this file). */
export function matchJsRules(rules: JsRules, facts: PageFacts): JsHit[] {
  const hits: JsHit[] = [];
  const seen = new Set<JsRule>();
  const hit = (rule: JsRule, shown: string) => {
    if (seen.has(rule)) return;
    seen.add(rule);
    hits.push({ rule, shown });
  };
  const scripts = facts.inlineCode;
  if (scripts) {
    const defined = (name: string, at: number) => {
      for (const rule of rules.byName.get(name) ?? []) hit(rule, quote(scripts, at));
      for (const rule of rules.byObjectRoot.get(name) ?? []) {
        if (seen.has(rule)) continue;
        const object = scripts.slice(at, at + OBJECT_REACH);
        const key = new RegExp(`[{,]\\s*["']?${(rule.rest[0] as string).replace(/\$/g, '\\$')}["']?\\s*:`);
        if (/^[^=]*=\s*\{/.test(object) && key.test(object)) hit(rule, quote(scripts, at));
      }
    };
    const opening = FIRST_STATEMENT.exec(scripts);
    if (opening) defined(opening[1] as string, 0);
    for (const m of scripts.matchAll(DECLARATION)) defined((m[1] ?? m[2] ?? m[3]) as string, m.index);
    for (const m of scripts.matchAll(CHAIN)) {
      const text = m[1] ? m[0].slice(0, -m[1].length) : m[0];
      const dot = text.indexOf('.');
      if (m[1] && text.indexOf('.', dot + 1) === -1 && GLOBAL_OBJECT.test(text.slice(0, dot))) {
        defined(text.slice(dot + 1), m.index);
      }
      const chain = text.startsWith('window.') ? text.slice(7) : text;
      const first = chain.indexOf('.');
      if (first === -1 || !rules.pathRoots.has(chain.slice(0, first))) continue;
      for (let end = chain.indexOf('.', first + 1); ; end = chain.indexOf('.', end + 1)) {
        const path = end === -1 ? chain : chain.slice(0, end);
        for (const rule of rules.byPath.get(path) ?? []) hit(rule, text);
        if (end === -1) break;
      }
    }
  }
  for (const script of [...facts.scriptSrcs, ...facts.injectedScripts]) {
    const name = domainNameOf(script.url);
    for (const rule of (name && rules.byDomainName.get(name)) || []) {
      hit(rule, `${script.url} (defines ${rule.root})`);
    }
  }
  return hits;
}
