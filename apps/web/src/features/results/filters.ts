import {
  type FilterField,
  Filters,
  type FilterValue,
  SENIORITY_LABELS,
  type Seniority,
} from '@argo/contract';

/*
 * The filter controls of /results edit the contract's `filters` object (field → value | [values]
 * | {gte, lte} | {contains}) directly, so the address, the results call and the export all carry the same JSON.
 */

export type Presence = 'any' | 'yes' | 'no';

export const PRESENCE_FIELDS = ['website', 'email', 'phone'] as const satisfies readonly FilterField[];

const FILTER_LABELS: Partial<Record<FilterField, string>> = {
  industry: 'Industry',
  icp_tier: 'ICP tier',
  icp_score: 'ICP score',
  software: 'Software',
  hiring: 'Hiring',
  city: 'City',
  website: 'Website',
  email: 'Email',
  phone: 'Phone',
  source: 'Source',
  enrichment_state: 'Enrichment',
  decision_maker: 'Decision-maker',
  seniority: 'Seniority',
  email_kind: 'Email kind',
  is_closed: 'Closed',
  similarity: 'Similar to the seeds',
};

/** The email kinds in words (the analyzer's classification of each address found). */
export const EMAIL_KIND_LABELS: Record<string, string> = {
  personal: 'Personal address',
  role: 'Role address (info@ …)',
  unknown: 'Unclear',
};

/** One value of a filter in words: seniorities and email kinds by their labels. */
function valueText(field: FilterField, value: unknown): string {
  if (field === 'seniority') return SENIORITY_LABELS[value as Seniority] ?? String(value);
  if (field === 'email_kind') return EMAIL_KIND_LABELS[String(value)] ?? String(value);
  return String(value);
}

/** A filter changed (undefined removes it); no filters at all is `undefined`, which keeps them out of the address. */
export function withFilter(
  filters: Filters | undefined,
  field: FilterField,
  value: FilterValue | undefined,
): Filters | undefined {
  const next: Filters = { ...filters };
  if (value === undefined || (Array.isArray(value) && value.length === 0)) delete next[field];
  else next[field] = value;
  return Object.keys(next).length > 0 ? next : undefined;
}

/** A value or a list of values as a list of strings (what a multi-select shows). */
export function listOf(value: FilterValue | undefined): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.filter((item) => item !== null).map(String);
  if (typeof value === 'object') return [];
  return [String(value)];
}

/** One value stays a plain value, several become a list; none removes the filter. */
export function fromList(values: string[]): FilterValue | undefined {
  if (values.length === 0) return undefined;
  return values.length === 1 ? (values[0] as string) : values;
}

/** A filter value as a union member: a range, {contains} or {present}, else undefined. */
function objectOf(value: FilterValue | undefined) {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** "Has a website/email/phone" is `{present: true}`, "missing" `{present: false}` (null means the same). */
export function presenceOf(value: FilterValue | undefined): Presence {
  if (value === null) return 'no';
  const object = objectOf(value);
  if (object && 'present' in object) return object.present ? 'yes' : 'no';
  return 'any';
}

export function presenceFilter(presence: Presence): FilterValue | undefined {
  if (presence === 'any') return undefined;
  return { present: presence === 'yes' };
}

export interface Range {
  min: number;
  max: number;
}

/** {gte, lte} as a slider range over 0..100. */
export function rangeOf(value: FilterValue | undefined, full: Range = { min: 0, max: 100 }): Range {
  const object = objectOf(value);
  if (object && !('contains' in object) && !('present' in object)) {
    return {
      min: object.gte === undefined ? full.min : Number(object.gte),
      max: object.lte === undefined ? full.max : Number(object.lte),
    };
  }
  return full;
}

/** The whole range is no filter. */
export function rangeFilter(range: Range, full: Range = { min: 0, max: 100 }): FilterValue | undefined {
  if (range.min <= full.min && range.max >= full.max) return undefined;
  return {
    ...(range.min > full.min ? { gte: range.min } : {}),
    ...(range.max < full.max ? { lte: range.max } : {}),
  };
}

export function containsOf(value: FilterValue | undefined): string {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'contains' in value)
    return value.contains;
  if (typeof value === 'string') return value;
  return '';
}

/** A short text for a chip: "ICP tier: A, B", "Website: any", "ICP score: 60–100". */
export function describeFilter(
  field: FilterField,
  value: FilterValue,
  label = FILTER_LABELS[field] ?? field,
): string {
  if (value === null) return `${label}: none`;
  if (typeof value === 'boolean') {
    if (field === 'hiring') return value ? 'Hiring' : 'Not hiring';
    if (field === 'decision_maker') return value ? 'Decision-maker found' : 'No decision-maker named';
    if (field === 'is_closed') return value ? 'Closed businesses only' : 'Closed businesses hidden';
    if (field === 'in_crm') return value ? 'Already in my CRM' : 'Not in my CRM';
    return `${label}: ${value ? 'yes' : 'no'}`;
  }
  if (Array.isArray(value)) return `${label}: ${value.map((item) => valueText(field, item)).join(', ')}`;
  if (typeof value === 'object') {
    if ('contains' in value) return `${label} contains “${value.contains}”`;
    if ('present' in value) return value.present ? `Has ${label.toLowerCase()}` : `No ${label.toLowerCase()}`;
    if (value.gte !== undefined && value.lte !== undefined) return `${label}: ${value.gte}–${value.lte}`;
    if (value.gte !== undefined) return `${label} ≥ ${value.gte}`;
    return `${label} ≤ ${value.lte}`;
  }
  return `${label}: ${valueText(field, value)}`;
}

/*
 * Closed businesses (closed for good, as an imported row said): the results show them unless the `is_closed` filter
 * says otherwise, while the API's export leaves them out unless asked for (`include_closed`). The one control keeps
 * the table and the export alike: "show" is no filter, and the export then asks for the closed ones too.
 */
export type ClosedChoice = 'hide' | 'show' | 'only';

export function closedOf(filters: Filters | undefined): ClosedChoice {
  const value = filters?.is_closed;
  if (value === false) return 'hide';
  if (value === true) return 'only';
  return 'show';
}

export function closedFilter(choice: ClosedChoice): FilterValue | undefined {
  return choice === 'hide' ? false : choice === 'only' ? true : undefined;
}

/**
 * The address's `filters` as the contract reads them: anything it refuses (a hand-edited address) counts as no
 * filters. The route only checks for an object (features/results/search.ts keeps zod out of the route tree).
 */
export function validFilters(filters: unknown): Filters | undefined {
  const parsed = Filters.safeParse(filters);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : undefined;
}
