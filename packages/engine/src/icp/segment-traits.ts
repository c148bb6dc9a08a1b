/**
 * What a salesperson segments businesses by, as traits of one business: its industry (the listing's category when
 * no industry is known), its place (city, else region), a business tool (booking, shop, CRM …, never how the
 * website is built: business-tools.ts), hiring, and its company size in bands. From a set of traits: the
 * combinations a segment may be defined by (up to three, one of each kind), its name ("Hiring dental practices in
 * Leeds using Doctolib") and the ICP it stands for (segments.ts chooses the segments).
 */
import { employeeRangeText, type Icp } from '@argo/contract';
import { businessToolsOf } from './business-tools';
import type { BusinessFacts } from './facts';
import { industryPlural, lowerWords, pluralOfCategory } from './industry-words';
import { lowerFirst, valuesOf } from './wording';

type SizeBand = { min: number; max: number | null };
const SIZE_BANDS: SizeBand[] = [
  { min: 1, max: 9 },
  { min: 10, max: 49 },
  { min: 50, max: 249 },
  { min: 250, max: null },
];

export type Trait =
  | { kind: 'industry'; value: string }
  | { kind: 'category'; value: string }
  | { kind: 'place'; value: string }
  | { kind: 'tool'; value: string }
  | { kind: 'hiring' }
  | { kind: 'size'; band: SizeBand };

/** What a business is counts once: its industry, or its category when it has none. */
export const kindOf = (t: Trait) => (t.kind === 'category' ? 'industry' : t.kind);
export const keyOf = (t: Trait): string => {
  switch (t.kind) {
    case 'hiring':
      return 'hiring';
    case 'size':
      return `size:${t.band.min}`;
    default:
      return `${t.kind}:${t.value.toLowerCase()}`;
  }
};
/** The order traits are tried in when a segment is split, and named in. */
export const SPLIT_ORDER = ['place', 'tool', 'hiring', 'size', 'industry'] as const;

/** A business's tools considered for segments: the first few the detector found. */
const TOOLS_PER_BUSINESS = 3;

export function traitsOf(b: BusinessFacts): Trait[] {
  const traits: Trait[] = [];
  if (b.industry && b.industry !== 'Other') traits.push({ kind: 'industry', value: b.industry });
  else if (b.category?.trim()) traits.push({ kind: 'category', value: b.category.trim() });
  const place = valuesOf(b.city)[0] ?? valuesOf(b.region)[0];
  if (place) traits.push({ kind: 'place', value: place });
  for (const tool of businessToolsOf(b).slice(0, TOOLS_PER_BUSINESS))
    traits.push({ kind: 'tool', value: tool.name });
  if (b.hiring === true) traits.push({ kind: 'hiring' });
  const employees = b.employee_estimate;
  if (employees !== null && employees > 0) {
    const band = SIZE_BANDS.find((s) => employees >= s.min && (s.max === null || employees <= s.max));
    if (band) traits.push({ kind: 'size', band });
  }
  return traits;
}

/** Every combination of up to three traits with at most one of each kind (and at most one tool). */
export function combinations(traits: Trait[]): Trait[][] {
  const out: Trait[][] = [];
  const pick = (from: number, chosen: Trait[]) => {
    if (chosen.length > 0) out.push(chosen);
    if (chosen.length === 3) return;
    for (let i = from; i < traits.length; i++) {
      const t = traits[i] as Trait;
      if (chosen.some((c) => kindOf(c) === kindOf(t))) continue;
      pick(i + 1, [...chosen, t]);
    }
  };
  pick(0, []);
  return out;
}

export const sortTraits = (traits: Trait[]) =>
  [...traits].sort((a, b) => SPLIT_ORDER.indexOf(kindOf(a)) - SPLIT_ORDER.indexOf(kindOf(b)));

/** "Dental practices", "Hiring dental practices in Leeds with 10–49 employees using Doctolib". */
export function nameOf(traits: Trait[], other = false): string {
  let noun = 'Businesses';
  let place = '';
  let tool = '';
  let size = '';
  let hiring = false;
  for (const t of traits) {
    if (t.kind === 'industry') noun = industryPlural(t.value);
    else if (t.kind === 'category') noun = pluralOfCategory(t.value);
    else if (t.kind === 'place') place = ` in ${t.value}`;
    else if (t.kind === 'tool') tool = ` using ${t.value}`;
    else if (t.kind === 'size') size = ` with ${employeeRangeText(t.band.min, t.band.max)}`;
    else hiring = true;
  }
  const head = hiring ? `Hiring ${lowerWords(noun)}` : noun;
  const name = `${head}${place}${size}${tool}`;
  return other ? `Other ${lowerFirst(name)}` : name;
}

/** The ICP a segment stands for: exactly its traits. */
export function criteriaOf(traits: Trait[]): Icp {
  const icp: Icp = {
    industries: [],
    locations: [],
    keywords: [],
    exclude_keywords: [],
    employee_min: null,
    employee_max: null,
    software_signals: [],
    hiring_signal: null,
  };
  for (const t of traits) {
    if (t.kind === 'industry') icp.industries.push(t.value);
    else if (t.kind === 'category') icp.keywords.push(t.value);
    else if (t.kind === 'place') icp.locations.push(t.value);
    else if (t.kind === 'tool') icp.software_signals.push(t.value);
    else if (t.kind === 'hiring') icp.hiring_signal = true;
    else {
      icp.employee_min = t.band.min;
      icp.employee_max = t.band.max;
    }
  }
  return icp;
}
