/**
 * The venture form's values and their mapping to and from the API. The values mirror the request body
 * (`icp.employee_min`, `people.0.email`), so a server error's `field` is also the path of the input it is about.
 */
import { LIMITS, type Venture } from '@argo/contract';
import { randomId } from '@mantine/hooks';
import type { CreateVentureInput } from './api';

type HiringChoice = 'any' | 'hiring' | 'not_hiring';

const TAG_FIELDS = ['industries', 'locations', 'keywords', 'exclude_keywords', 'software_signals'] as const;
export type TagField = (typeof TAG_FIELDS)[number];

export interface PersonFormValues {
  /** React key of the row; never sent. */
  key: string;
  /** Set for people already in the team: the API keeps them (and their links) instead of re-creating them. */
  id?: string | undefined;
  user_id?: string | null | undefined;
  name: string;
  email: string;
  title: string;
  linkedin_url: string;
}

export interface VentureFormValues {
  name: string;
  website: string;
  description: string;
  value_proposition: string;
  icp: Record<TagField, string[]> & {
    /** NumberInput gives '' when empty. */
    employee_min: number | string;
    employee_max: number | string;
    hiring_signal: HiringChoice;
    reachable_decision_maker: boolean;
  };
  people: PersonFormValues[];
}

export function emptyPerson(): PersonFormValues {
  return { key: randomId(), name: '', email: '', title: '', linkedin_url: '' };
}

function toHiringChoice(signal: boolean | null): HiringChoice {
  if (signal === true) return 'hiring';
  if (signal === false) return 'not_hiring';
  return 'any';
}

/** The form's start values: empty for a new venture, the venture's own for an edit. */
export function toFormValues(venture?: Venture): VentureFormValues {
  const icp = venture?.icp;
  return {
    name: venture?.name ?? '',
    website: venture?.website ?? '',
    description: venture?.description ?? '',
    value_proposition: venture?.value_proposition ?? '',
    icp: {
      industries: icp?.industries ?? [],
      locations: icp?.locations ?? [],
      keywords: icp?.keywords ?? [],
      exclude_keywords: icp?.exclude_keywords ?? [],
      software_signals: icp?.software_signals ?? [],
      employee_min: icp?.employee_min ?? '',
      employee_max: icp?.employee_max ?? '',
      hiring_signal: toHiringChoice(icp?.hiring_signal ?? null),
      reachable_decision_maker: icp?.reachable_decision_maker === true,
    },
    people: (venture?.people ?? []).map((person) => ({
      key: person.id,
      id: person.id,
      user_id: person.user_id,
      name: person.name,
      email: person.email ?? '',
      title: person.title ?? '',
      linkedin_url: person.linkedin_url ?? '',
    })),
  };
}

function toCount(value: number | string): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const count = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(count) ? count : null;
}

const blankToNull = (value: string): string | null => value.trim() || null;

/** The body of ventures/create (ventures/update adds venture_id): the whole ICP and the whole team. */
export function toVentureBody(values: VentureFormValues): CreateVentureInput {
  const { icp } = values;
  return {
    name: values.name.trim(),
    website: blankToNull(values.website),
    description: blankToNull(values.description),
    value_proposition: blankToNull(values.value_proposition),
    icp: {
      industries: icp.industries,
      locations: icp.locations,
      keywords: icp.keywords,
      exclude_keywords: icp.exclude_keywords,
      software_signals: icp.software_signals,
      employee_min: toCount(icp.employee_min),
      employee_max: toCount(icp.employee_max),
      hiring_signal: icp.hiring_signal === 'any' ? null : icp.hiring_signal === 'hiring',
      // Sent only when asked for: the ICP is replaced as a whole, so leaving it out turns it off.
      ...(icp.reachable_decision_maker ? { reachable_decision_maker: true } : {}),
    },
    people: values.people.map((person) => ({
      ...(person.id ? { id: person.id } : {}),
      ...(person.user_id ? { user_id: person.user_id } : {}),
      name: person.name.trim(),
      email: blankToNull(person.email),
      title: blankToNull(person.title),
      linkedin_url: blankToNull(person.linkedin_url),
    })),
  };
}

/** The API's length limits, told under the field before the form is sent (each field its own message). */
function tooLong(value: string, limit: number): string | null {
  const length = value.trim().length;
  return length > limit
    ? `Use at most ${limit.toLocaleString('en-US')} characters (this has ${length.toLocaleString('en-US')}).`
    : null;
}

// A loose check: the API has the final word and its answer is shown next to the field.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
/**
 * A loose check of a website: an optional http(s)://, then a host that is a name with a dot (acme.com) or an IP
 * address, and no spaces. The API has the final word ("htp:/not a url" is no website).
 */
const WEBSITE_PATTERN =
  /^(?:https?:\/\/)?(?:[^\s/:?#@]+\.[^\s/:?#@]+|\[[0-9a-f:.]+\])(?::\d+)?(?:[/?#]\S*)?$/i;

/** Null when `value` is empty or looks like a web address; else what one looks like. */
function websiteError(value: string): string | null {
  const text = value.trim();
  return !text || WEBSITE_PATTERN.test(text)
    ? null
    : 'Enter a web address such as acme.com or https://acme.com.';
}

/** Client-side rules, checked before anything is sent. */
export const ventureFormRules = {
  name: (value: string) => (!value.trim() ? 'Enter the name of the venture.' : tooLong(value, LIMITS.name)),
  website: websiteError,
  description: (value: string) => tooLong(value, LIMITS.description),
  value_proposition: (value: string) => tooLong(value, LIMITS.description),
  icp: {
    employee_max: (value: number | string, values: VentureFormValues) => {
      const min = toCount(values.icp.employee_min);
      const max = toCount(value);
      return min !== null && max !== null && min > max
        ? `Must be at least the minimum (${min}), or leave one of them empty.`
        : null;
    },
  },
  people: {
    name: (value: string) => (value.trim() ? null : 'Enter a name, or remove this row.'),
    email: (value: string) =>
      !value.trim() || EMAIL_PATTERN.test(value.trim())
        ? null
        : 'Enter an email address such as ann@acme.com.',
  },
};

const INPUT_PATHS = [
  /^(name|website|description|value_proposition)$/,
  /^icp\.(industries|locations|keywords|exclude_keywords|software_signals)$/,
  /^icp\.(employee_min|employee_max|hiring_signal)$/,
  /^people\.\d+\.(name|email|title|linkedin_url)$/,
];

/**
 * The form path of the input a server error is about: `people.0.email` as is, `icp.industries.3` (one tag) →
 * `icp.industries`. null when no input matches (e.g. `people.0.id`): the error is then shown for the whole form.
 */
export function toFormPath(field: string | undefined): string | null {
  if (!field) return null;
  const parts = field.split('.');
  for (let length = parts.length; length > 0; length--) {
    const path = parts.slice(0, length).join('.');
    if (INPUT_PATHS.some((pattern) => pattern.test(path))) return path;
  }
  return null;
}

/** "people.0.email: must be a valid email address" → "Must be a valid email address" (the field shows where). */
export function toFieldMessage(field: string, message: string | undefined): string {
  const text = message?.startsWith(`${field}:`) ? message.slice(field.length + 1).trim() : (message ?? '');
  if (!text) return 'Check this field.';
  return text.charAt(0).toUpperCase() + text.slice(1);
}
