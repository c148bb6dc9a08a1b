import { isBoilerplate } from './boilerplate';
import { readFingerprintData } from './data';
import { addJsRules, emptyJsRules, type JsRules } from './js-rules';
import { LiteralIndex } from './literal-index';
import type { DomRule } from './match-dom';
import { type CompiledPattern, type CompileStats, compilePattern, parsePatternString } from './pattern';
import { escapeRegex } from './regex-tools';
import { parseSelector } from './selector';
import { isSiteHosting } from './site-hosting';
import { domTriggers, patternTriggers, type Triggers } from './triggers';
import type { EvidenceType, FingerprintData, PatternValue, TechnologyData } from './types';

interface TechnologyInfo {
  name: string;
  slug: string;
  categories: number[];
  website: string | null;
  icon: string;
  implies: Array<{ name: string; confidence: number; version: string }>;
  requires: string[];
  requiresCategory: number[];
  excludes: string[];
  /** Says where the site itself is hosted: only evidence about the site's own host counts (site-hosting.ts). */
  isSiteHosting: boolean;
}

export interface Fingerprints {
  technologies: TechnologyInfo[];
  byName: Map<string, number>;
  categories: Map<number, { id: number; name: string; priority: number }>;
  html: CompiledPattern[];
  scripts: CompiledPattern[];
  scriptSrc: CompiledPattern[];
  css: CompiledPattern[];
  text: CompiledPattern[];
  url: CompiledPattern[];
  meta: Map<string, CompiledPattern[]>;
  headers: Map<string, CompiledPattern[]>;
  cookies: Map<string, CompiledPattern[]>;
  /** Cookie names written as patterns (`_ga_*`, `joomla_[a-z0-9]+`). */
  cookieNamePatterns: Array<{ name: RegExp; patterns: CompiledPattern[] }>;
  dom: DomRule[];
  /** `js` patterns, approximated from the page's scripts. */
  js: JsRules;
  /** Every literal of the patterns that read page-wide texts (html, scripts, css, text, script URLs, DOM). */
  index: LiteralIndex;
  /** html, scripts, css and text patterns, woken by literals of the page source. */
  pageTriggers: Triggers<CompiledPattern>;
  /** scriptSrc patterns, woken by literals of the script URLs. */
  srcTriggers: Triggers<CompiledPattern>;
  /** DOM rules, woken by literals their selectors need in the page source. */
  domTriggers: Triggers<DomRule>;
  stats: CompileStats & { technologies: number; unsupported: Record<string, number> };
}

/**
 * Pattern types a static fetch cannot answer, counted but not compiled: `xhr` (requests made at run time),
 * `dns`, `certIssuer` (TLS certificate), `probe` (extra requests), `robots` (robots.txt), and `dom` `properties`
 * (JavaScript properties of elements). `js` needs the page's JavaScript to run: it is approximated (js-rules.ts).
 */
const UNSUPPORTED = ['xhr', 'dns', 'certIssuer', 'probe', 'robots'] as const;

const asList = (value: PatternValue | undefined): Array<string | number> =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const slugify = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/--+/g, '-')
    .replace(/(?:^-|-$)/g, '');

function pushTo(map: Map<string, CompiledPattern[]>, key: string, pattern: CompiledPattern): void {
  const list = map.get(key);
  if (list) list.push(pattern);
  else map.set(key, [pattern]);
}

/** A cookie name pattern as a regex, or null when the name is a plain name. */
function cookieNameRegex(key: string): RegExp | null {
  if (/^[\w.:-]+$/.test(key)) return null;
  const glob = /^([\w.:-]+)\*$/.exec(key);
  const source = glob ? `${escapeRegex(glob[1] as string)}.*` : key.replace(/^\(\?i\)/, '');
  try {
    return new RegExp(`^(?:${source})$`, 'i');
  } catch {
    return null;
  }
}

export function compileFingerprints(data: FingerprintData): Fingerprints {
  const fp: Fingerprints = {
    technologies: [],
    byName: new Map(),
    categories: new Map(),
    html: [],
    scripts: [],
    scriptSrc: [],
    css: [],
    text: [],
    url: [],
    meta: new Map(),
    headers: new Map(),
    cookies: new Map(),
    cookieNamePatterns: [],
    dom: [],
    js: emptyJsRules(),
    index: new LiteralIndex(),
    pageTriggers: { byLiteral: new Map(), always: [] },
    srcTriggers: { byLiteral: new Map(), always: [] },
    domTriggers: { byLiteral: new Map(), always: [] },
    stats: { technologies: 0, patterns: 0, invalid: [], unsupported: {} },
  };
  for (const [id, category] of Object.entries(data.categories)) {
    fp.categories.set(Number(id), { id: Number(id), name: category.name, priority: category.priority ?? 10 });
  }
  const unsupported = fp.stats.unsupported;
  for (const [name, tech] of Object.entries(data.technologies)) {
    const index = fp.technologies.length;
    fp.byName.set(name, index);
    fp.technologies.push(describe(name, tech));
    const compile = (raw: string | number, type: EvidenceType) => compilePattern(raw, index, type, fp.stats);
    const lists: Array<[EvidenceType, PatternValue | undefined, CompiledPattern[]]> = [
      ['html', tech.html, fp.html],
      ['scripts', tech.scripts, fp.scripts],
      ['scriptSrc', tech.scriptSrc, fp.scriptSrc],
      ['css', tech.css, fp.css],
      ['text', tech.text, fp.text],
      ['url', tech.url, fp.url],
    ];
    for (const [type, value, target] of lists) {
      for (const raw of asList(value)) {
        const pattern = compile(raw, type);
        if (!pattern) continue;
        pattern.clauseIds =
          type === 'text'
            ? sourceClauseIds(pattern, fp)
            : (pattern.clauses?.map((clause) => clause.map((l) => fp.index.add(l))) ?? null);
        target.push(pattern);
      }
    }
    const keyed: Array<
      [EvidenceType, Record<string, PatternValue> | undefined, Map<string, CompiledPattern[]>]
    > = [
      ['meta', tech.meta, fp.meta],
      ['headers', tech.headers, fp.headers],
      ['cookies', tech.cookies, fp.cookies],
    ];
    for (const [type, record, target] of keyed) {
      for (const [rawKey, value] of Object.entries(record ?? {})) {
        const key = rawKey.trim().toLowerCase();
        const patterns = asList(value)
          .map((raw) => compile(raw, type))
          .filter((p): p is CompiledPattern => p !== null);
        for (const pattern of patterns) pushTo(target, key, pattern);
        const nameRegex = type === 'cookies' ? cookieNameRegex(rawKey.trim()) : null;
        if (nameRegex) fp.cookieNamePatterns.push({ name: nameRegex, patterns });
      }
    }
    if (tech.dom !== undefined) compileDom(tech.dom, index, fp, compile);
    if (tech.js) addJsRules(fp.js, tech.js, index, fp.stats);
    for (const key of UNSUPPORTED)
      if (tech[key] !== undefined) unsupported[key] = (unsupported[key] ?? 0) + 1;
  }
  fp.stats.technologies = fp.technologies.length;
  // html patterns search the source near every occurrence of their literals (pattern.ts searchSlices), and plain
  // words of the visible text look for themselves there (matchesInSource).
  for (const pattern of [...fp.html, ...fp.text.filter((p) => p.sticky)]) {
    if (pattern.searcher || pattern.sticky)
      for (const clause of pattern.clauseIds ?? []) for (const id of clause) fp.index.keepEveryPosition(id);
  }
  fp.pageTriggers = patternTriggers([...fp.html, ...fp.scripts, ...fp.css, ...fp.text]);
  fp.srcTriggers = patternTriggers(fp.scriptSrc);
  fp.domTriggers = domTriggers(fp.dom, fp.index);
  return fp;
}

function describe(name: string, tech: TechnologyData): TechnologyInfo {
  return {
    name,
    slug: slugify(name),
    categories: tech.cats ?? [],
    website: tech.website ?? null,
    icon: tech.icon ?? 'default.svg',
    implies: asList(tech.implies).map((raw) => {
      const parts = parsePatternString(raw);
      return { name: parts.source, confidence: parts.confidence, version: parts.version };
    }),
    requires: asList(tech.requires).map((raw) => parsePatternString(raw).source),
    requiresCategory: [tech.requiresCategory ?? []].flat(),
    excludes: asList(tech.excludes).map((raw) => parsePatternString(raw).source),
    isSiteHosting: isSiteHosting(name, tech.cats ?? []),
  };
}

function compileDom(
  dom: NonNullable<TechnologyData['dom']>,
  tech: number,
  fp: Fingerprints,
  compile: (raw: string | number, type: EvidenceType) => CompiledPattern | null,
): void {
  const specs: Array<[string, Record<string, unknown>]> =
    typeof dom === 'string' || Array.isArray(dom)
      ? [dom].flat().map((selector) => [selector, { exists: '' }])
      : Object.entries(dom).map(([selector, spec]) => [selector, (spec ?? {}) as Record<string, unknown>]);
  for (const [key, spec] of specs) {
    const selector = key.split('\\;')[0] as string; // a few keys carry a stray `\;confidence:` suffix
    const alternatives = parseSelector(selector);
    for (const alt of alternatives ?? []) {
      alt.textIds = alt.needs.texts
        .filter((t) => t.length >= 3 && !isBoilerplate(t))
        .map((text) => fp.index.add(text));
    }
    const rule: DomRule = { tech, selector, alternatives, attributes: [] };
    const keys = Object.keys(spec);
    if (typeof spec.exists === 'string' || keys.length === 0) {
      rule.exists = compile(typeof spec.exists === 'string' ? spec.exists : '', 'dom') ?? undefined;
    }
    if (typeof spec.text === 'string') rule.text = withSourceLiterals(compile(spec.text, 'dom'), fp);
    if (spec.attributes && typeof spec.attributes === 'object') {
      for (const [name, raw] of Object.entries(spec.attributes as Record<string, string>)) {
        const pattern = withSourceLiterals(compile(raw, 'dom'), fp);
        if (pattern) rule.attributes.push({ name: name.toLowerCase(), pattern });
      }
    }
    if (spec.properties) fp.stats.unsupported.domProperties = (fp.stats.unsupported.domProperties ?? 0) + 1;
    if (rule.exists || rule.text || rule.attributes.length) fp.dom.push(rule);
  }
}

/**
 * Element text and attribute values are text of the page source too: their literals go into the index so a
 * pattern whose literals the page lacks is skipped before any element is read.
 */
function withSourceLiterals(pattern: CompiledPattern | null, fp: Fingerprints): CompiledPattern | undefined {
  if (!pattern) return undefined;
  pattern.clauseIds = sourceClauseIds(pattern, fp);
  return pattern;
}

/** Characters the source may write as entities where the visible text (or a decoded attribute) has them. */
const ENTITY_CHARACTERS = /[&<>"']/;

/**
 * For patterns on decoded text (visible text, element text, attribute values): the ids of literals the page
 * source holds wherever the text holds the pattern's clauses. A literal with a character the source may write
 * as an entity is looked for by its longest run without one (`"pinia"`: `pinia`, whether the source writes
 * `"` or `&quot;`). Null when a literal has no such run of three characters, which then rules nothing out.
 */
function sourceClauseIds(pattern: CompiledPattern, fp: Fingerprints): number[][] | null {
  if (!pattern.clauses) return null;
  const ids: number[][] = [];
  for (const clause of pattern.clauses) {
    const runs = clause.map((literal) =>
      ENTITY_CHARACTERS.test(literal)
        ? literal.split(ENTITY_CHARACTERS).reduce((a, b) => (b.length > a.length ? b : a), '')
        : literal,
    );
    if (runs.some((run) => run.length < 3 || isBoilerplate(run))) return null;
    ids.push(runs.map((run) => fp.index.add(run)));
  }
  return ids;
}

let loaded: Fingerprints | undefined;

/** Loaded and compiled on first use, then shared. */
export function getFingerprints(): Fingerprints {
  loaded ??= compileFingerprints(readFingerprintData());
  return loaded;
}
