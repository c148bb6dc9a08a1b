/**
 * The results table's columns, kept apart so the results call's export query and the saved views
 * can both name them without an import cycle.
 */
import { z } from 'zod';
import { expected } from './common';

/**
 * The table's columns, in their default order; `name` always shows. An export that names columns writes these
 * (some as more than one CSV column, e.g. `icp` as icp_tier and icp_score).
 */
// biome-ignore format: one compact list
export const RESULT_COLUMNS = [
  'name', 'website', 'phone', 'email', 'address', 'city', 'category', 'industry', 'icp', 'software', 'hiring',
  'decision_maker', 'enrichment_state', 'rating', 'sources', 'first_seen_at',
] as const;
export const ResultColumn = z.enum(RESULT_COLUMNS, expected(`one of ${RESULT_COLUMNS.join(', ')}`));
export type ResultColumn = z.infer<typeof ResultColumn>;

/**
 * `columns` of the export: the visible columns in their order, comma-separated (e.g. `name,city,icp`), so the file
 * holds exactly what the table shows; left out, the export has every column.
 */
export const ExportColumnsParam = z
  .string(expected('column ids separated by commas'))
  .max(2_000, 'must be at most 2000 characters')
  .transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  )
  .pipe(
    z
      .array(ResultColumn)
      .min(1, 'must name at least one column')
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a column'),
  );
