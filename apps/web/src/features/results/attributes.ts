import {
  type AttributeColumn,
  type AttributeValue,
  attributeFilterKey,
  attributeKeyOf,
  type Business,
  type Filters,
  type FilterValue,
} from '@argo/contract';
import dayjs from 'dayjs';

/*
 * The imported file's own columns on /results: the session info lists them (`attribute_columns`,
 * file order), each business carries its values (`attributes`), the table shows them as optional columns with the
 * id `attr.<key>` and filters them under the same key.
 */

/** The table's column id (and filter key) of an attribute column. */
export const attributeColumnId = (column: Pick<AttributeColumn, 'key'>) => attributeFilterKey(column.key);

/** Numbers of five digits and more get thousands separators; a year (1998) stays as written. */
function formatNumber(value: number): string {
  return Math.abs(value) >= 10_000
    ? value.toLocaleString('en-US', { maximumFractionDigits: 2 })
    : String(Number.isInteger(value) ? value : Number(value.toFixed(4)));
}

/** A stored value as the table and the drawer show it, by the column's type; null when the row left it empty. */
export function formatAttribute(
  column: Pick<AttributeColumn, 'type'>,
  value: AttributeValue | undefined,
): string | null {
  if (value === undefined || value === '') return null;
  if (column.type === 'boolean' && typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (column.type === 'number' && typeof value === 'number') return formatNumber(value);
  if (column.type === 'date' && typeof value === 'string' && dayjs(value).isValid()) {
    return dayjs(value).format('D MMM YYYY');
  }
  return String(value);
}

/**
 * A value a scraper wrote as JSON (opening hours, popular times, a list of tags) as lines people read: one per key
 * (`Friday: 11 AM–2 AM`) or per item. Null when the text is no JSON object or list.
 */
export function jsonLines(text: string): string[] | null {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return null;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return null;
  }
  const show = (item: unknown): string =>
    item === null || typeof item !== 'object'
      ? String(item)
      : Array.isArray(item) && item.every((each) => each === null || typeof each !== 'object')
        ? item.join(', ')
        : JSON.stringify(item);
  if (Array.isArray(value)) return value.map(show);
  if (value && typeof value === 'object')
    return Object.entries(value).map(([key, item]) => `${key}: ${show(item)}`);
  return null;
}

/** A business's attribute values in the file's order, labelled; the empty ones left out. */
export function attributeFacts(
  business: Pick<Business, 'attributes'>,
  columns: readonly AttributeColumn[],
): { key: string; label: string; text: string }[] {
  const values = business.attributes ?? {};
  // Columns the session lists first (file order); any value without a listed column after, by its key.
  const known = new Set(columns.map((column) => column.key));
  const all: AttributeColumn[] = [
    ...columns,
    ...Object.keys(values)
      .filter((key) => !known.has(key))
      .map((key): AttributeColumn => ({ key, label: key, type: 'text' })),
  ];
  return all.flatMap((column) => {
    const text = formatAttribute(column, values[column.key]);
    return text === null ? [] : [{ key: column.key, label: column.label || column.key, text }];
  });
}

/** The label of a filter key: the attribute column's header for `attr.<key>`, else undefined. */
export function attributeLabelOf(field: string, columns: readonly AttributeColumn[]): string | undefined {
  const key = attributeKeyOf(field);
  if (key === null) return undefined;
  return columns.find((column) => column.key === key)?.label ?? key;
}

/** An attribute filter changed (undefined removes it); no filters at all is `undefined`, as withFilter does. */
export function withAttributeFilter(
  filters: Filters | undefined,
  column: Pick<AttributeColumn, 'key'>,
  value: FilterValue | undefined,
): Filters | undefined {
  const next: Filters = { ...filters };
  const key = attributeColumnId(column);
  if (value === undefined) delete next[key];
  else next[key] = value;
  return Object.keys(next).length > 0 ? next : undefined;
}

/** The {gte, lte} bounds of a range filter as text for two inputs ('' for an open end). */
export function boundsOf(value: FilterValue | undefined): { from: string; to: string } {
  if (
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !('contains' in value) &&
    !('present' in value)
  ) {
    return {
      from: value.gte === undefined ? '' : String(value.gte),
      to: value.lte === undefined ? '' : String(value.lte),
    };
  }
  return { from: '', to: '' };
}

/** Two bounds as a range filter: numbers for a number column, 'YYYY-MM-DD' for dates; both empty is no filter. */
export function boundsFilter(
  column: Pick<AttributeColumn, 'type'>,
  { from, to }: { from: string; to: string },
): FilterValue | undefined {
  const bound = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
    if (column.type !== 'number') return trimmed;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : undefined;
  };
  const gte = bound(from);
  const lte = bound(to);
  if (gte === undefined && lte === undefined) return undefined;
  return { ...(gte !== undefined ? { gte } : {}), ...(lte !== undefined ? { lte } : {}) };
}
