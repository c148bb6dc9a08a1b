import { type ColumnMapping, CsvPreview, IMPORT_FIELDS, type ImportField } from '@argo/contract';

/** What each business field is called on the mapping screen. */
export const FIELD_LABELS: Record<ImportField, string> = {
  name: 'Business name',
  website: 'Website',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  region: 'Region / state',
  postal_code: 'Postal code',
  country: 'Country',
  lat: 'Latitude',
  lng: 'Longitude',
  category: 'Category',
  rating: 'Rating',
  review_count: 'Review count',
  status: 'Open / closed',
};

/** Every field → the header mapped to it, or null (not imported). */
export type FullMapping = Record<ImportField, string | null>;

export interface StoredImport {
  fileName: string | null;
  preview: CsvPreview | null;
  /** The automatic mapping, as the upload answered it. */
  mapping: FullMapping;
}

const asString = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * The import's `input` as the API keeps it (the upload response is gone after a reload): the file name, the
 * preview's fields (headers, rows, delimiter, encoding, row_count) and the automatic mapping. Headers the mapping
 * names that are not in the file are dropped.
 */
export function readStoredImport(input: Record<string, unknown>): StoredImport {
  const parsed = CsvPreview.safeParse(input.preview ?? input);
  const preview = parsed.success ? parsed.data : null;
  const stored = (input.mapping ?? {}) as Partial<ColumnMapping>;
  const headers = new Set(preview?.headers ?? []);
  const mapping = Object.fromEntries(
    IMPORT_FIELDS.map((field) => {
      const header = stored[field];
      return [field, typeof header === 'string' && headers.has(header) ? header : null];
    }),
  ) as FullMapping;
  return { fileName: asString(input.file_name), preview, mapping };
}

/** The cell of `header` in a preview row ('' when the row is short: ragged rows exist). */
function cellOf(preview: CsvPreview, row: readonly string[], header: string | null): string {
  if (header === null) return '';
  const index = preview.headers.indexOf(header);
  return index < 0 ? '' : (row[index] ?? '');
}

/** Fields stored as numbers: a plain decimal shows as the number it becomes ("4.400000" is stored as 4.4). */
const NUMBER_FIELDS: ReadonlySet<ImportField> = new Set(['lat', 'lng', 'rating', 'review_count']);
const PLAIN_DECIMAL = /^\s*-?\d+(?:\.\d+)?\s*$/;

const shownAs = (field: ImportField, cell: string) =>
  NUMBER_FIELDS.has(field) && PLAIN_DECIMAL.test(cell) ? String(Number(cell)) : cell;

/** The first `count` rows as the mapping turns them into businesses: mapped fields only. */
export function mapPreviewRows(preview: CsvPreview, mapping: FullMapping, count = 5) {
  const fields = IMPORT_FIELDS.filter((field) => mapping[field] !== null);
  const rows = preview.rows
    .slice(0, count)
    .map((row) =>
      Object.fromEntries(
        fields.map((field) => [field, shownAs(field, cellOf(preview, row, mapping[field]))]),
      ),
    );
  return { fields, rows: rows as Record<ImportField, string>[] };
}

/** The distinct, non-empty headers, in file order (a Select needs unique values). */
export function headerOptions(preview: CsvPreview): string[] {
  return [...new Set(preview.headers.filter((header) => header.trim() !== ''))];
}
