/**
 * A business as the facts lookalikes compare: its categories, industry, business software (each tool with how
 * much it can say about a business), size, the terms of its summary and services, and where it is.
 */
import {
  ADD_ON_CATEGORIES,
  BUSINESS_CATEGORIES,
  INFRASTRUCTURE_CATEGORIES,
} from '../analyze/software/groups';
import { foldText } from '../normalize/text';
import { forEachTerm } from './words';

/** One detected business tool; `categories` are its Wappalyzer categories (ids or names) when known. */
interface SoftwareFact {
  name: string;
  categories?: readonly (number | string)[] | undefined;
}

/** What the caller knows of one business (any of it may be missing). */
export interface SimilarityBusiness {
  id: string;
  name: string;
  category?: string | null | undefined;
  /** Every category the sources gave, `category` first. */
  categories?: readonly string[] | undefined;
  industry?: string | null | undefined;
  software?: readonly SoftwareFact[] | undefined;
  employees?: number | null | undefined;
  /** The summary and the services, as the site says them. */
  text?: string | null | undefined;
  /** ISO 639-1 of the site. */
  language?: string | null | undefined;
  lat?: number | null | undefined;
  lng?: number | null | undefined;
}

/**
 * Tools nearly every site has, or that say how a site is run rather than what the business is: analytics, tag
 * managers, cookie banners, advertising pixels, SEO plugins, accessibility widgets, fonts. They still count, at
 * this fraction of their weight; the IDF over the population already lowers whatever is common.
 */
// biome-ignore format: one table
const LOW_SIGNAL_CATEGORIES: ReadonlySet<number> = new Set([
  10, 17, 22, 23, 27, 31, 36, 42, 54, 59, 66, 67, 68, 77, 78, 83, 87, 88, 92,
]);
const LOW_SIGNAL_FACTOR = 0.2;
const CATEGORY_NAMES: Readonly<Record<number, string>> = {
  ...BUSINESS_CATEGORIES,
  ...INFRASTRUCTURE_CATEGORIES,
  ...ADD_ON_CATEGORIES,
};
const LOW_SIGNAL_NAMES: ReadonlySet<string> = new Set(
  [...LOW_SIGNAL_CATEGORIES].flatMap((id) => (CATEGORY_NAMES[id] ? [CATEGORY_NAMES[id].toLowerCase()] : [])),
);
const isLowSignal = (category: number | string) =>
  typeof category === 'number'
    ? LOW_SIGNAL_CATEGORIES.has(category)
    : LOW_SIGNAL_NAMES.has(category.toLowerCase());

export interface BusinessFeatures {
  id: string;
  name: string;
  /** Folded category keys, primary first, and the label each was first given as (same order). */
  categories: string[];
  categoryLabels: string[];
  industry: string | null;
  /** Folded tool name → display name and factor (1, or LOW_SIGNAL_FACTOR). */
  software: Map<string, { label: string; factor: number }>;
  employees: number | null;
  /** Stem → occurrences. */
  terms: Map<string, number>;
  /** The text the terms were read from, and its language, for the words an explanation names. */
  text: string | null;
  language: string | null;
  point: { lat: number; lng: number } | null;
}

const key = (value: string) =>
  foldText(value)
    .trim()
    .replace(/[\s_-]+/g, ' ');

function softwareFactor(fact: SoftwareFact): number {
  const ids = fact.categories ?? [];
  return ids.length > 0 && ids.every(isLowSignal) ? LOW_SIGNAL_FACTOR : 1;
}

const isCoordinate = (value: number | null | undefined, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** The label a business gave one of its category keys. */
export const categoryLabel = (business: BusinessFeatures, k: string): string =>
  business.categoryLabels[business.categories.indexOf(k)] ?? k;

export function featuresOf(business: SimilarityBusiness): BusinessFeatures {
  const categories: string[] = [];
  const categoryLabels: string[] = [];
  for (const label of [business.category, ...(business.categories ?? [])]) {
    if (!label?.trim()) continue;
    const k = key(label);
    if (categories.includes(k)) continue;
    categories.push(k);
    categoryLabels.push(label.trim());
  }
  const software = new Map<string, { label: string; factor: number }>();
  for (const fact of business.software ?? []) {
    if (!fact.name?.trim()) continue;
    const k = key(fact.name);
    const factor = softwareFactor(fact);
    const known = software.get(k);
    if (!known || known.factor < factor) software.set(k, { label: known?.label ?? fact.name.trim(), factor });
  }
  const terms = new Map<string, number>();
  forEachTerm(business.text, business.language, (term) => {
    terms.set(term, (terms.get(term) ?? 0) + 1);
  });
  const employees =
    typeof business.employees === 'number' && Number.isFinite(business.employees) && business.employees > 0
      ? business.employees
      : null;
  return {
    id: business.id,
    name: business.name,
    categories,
    categoryLabels,
    industry: business.industry?.trim() || null,
    software,
    employees,
    terms,
    text: business.text ?? null,
    language: business.language ?? null,
    point:
      isCoordinate(business.lat, 90) && isCoordinate(business.lng, 180)
        ? { lat: business.lat, lng: business.lng }
        : null,
  };
}

/** How many businesses of the ranked population have each tool and each term: the IDF's document counts. */
export interface PopulationStats {
  size: number;
  softwareCount: Map<string, number>;
  termCount: Map<string, number>;
}

export function populationStats(population: Iterable<BusinessFeatures>): PopulationStats {
  const softwareCount = new Map<string, number>();
  const termCount = new Map<string, number>();
  let size = 0;
  for (const business of population) {
    size += 1;
    for (const k of business.software.keys()) softwareCount.set(k, (softwareCount.get(k) ?? 0) + 1);
    for (const k of business.terms.keys()) termCount.set(k, (termCount.get(k) ?? 0) + 1);
  }
  return { size, softwareCount, termCount };
}

/** Smoothed inverse document frequency: 1 for what everyone has, higher the rarer. */
export const idf = (stats: PopulationStats, count: number | undefined): number =>
  Math.log((stats.size + 1) / ((count ?? 0) + 1)) + 1;

/**
 * The version of how features are built and encoded: stored features of another version are built again, so a
 * change to the words, the weights' inputs or the encoding never meets features made the old way.
 */
const FEATURES_FORMAT = 1;

interface EncodedFeatures {
  v: number;
  c: string[];
  l: string[];
  i: string | null;
  s: [string, string, number][];
  e: number | null;
  t: [string, number][];
  p: [number, number] | null;
}

/**
 * Features as compact JSON, to store and read back (decodeFeatures) instead of building them again from the
 * facts. The text is not kept: an explanation builds its business's features from the facts.
 */
export function encodeFeatures(features: BusinessFeatures): string {
  const encoded: EncodedFeatures = {
    v: FEATURES_FORMAT,
    c: features.categories,
    l: features.categoryLabels,
    i: features.industry,
    s: [...features.software].map(([k, tool]) => [k, tool.label, tool.factor]),
    e: features.employees,
    t: [...features.terms],
    p: features.point ? [features.point.lat, features.point.lng] : null,
  };
  return JSON.stringify(encoded);
}

/** Features stored by encodeFeatures; null when the text is not such features. */
export function decodeFeatures(id: string, name: string, data: string): BusinessFeatures | null {
  let encoded: EncodedFeatures;
  try {
    encoded = JSON.parse(data) as EncodedFeatures;
  } catch {
    return null;
  }
  if (
    !encoded ||
    encoded.v !== FEATURES_FORMAT ||
    !Array.isArray(encoded.c) ||
    !Array.isArray(encoded.t) ||
    !Array.isArray(encoded.s)
  )
    return null;
  return {
    id,
    name,
    categories: encoded.c,
    categoryLabels: encoded.l ?? encoded.c,
    industry: encoded.i ?? null,
    software: new Map(encoded.s.map(([k, label, factor]) => [k, { label, factor }])),
    employees: encoded.e ?? null,
    terms: new Map(encoded.t),
    text: null,
    language: null,
    point: encoded.p ? { lat: encoded.p[0], lng: encoded.p[1] } : null,
  };
}
