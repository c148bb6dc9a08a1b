import { Filters, Id, RESULTS_DEFAULTS, SORT_FIELDS, type SortField } from '@argo/contract';
import { z } from 'zod';
import { searchText } from '../../lib/search-params';

/** Page sizes offered (issue 6: it stays smooth at 50, 500 and 5,000 rows; big pages are virtualised). */
export const RESULT_PAGE_SIZES = [50, 500, 5000] as const;

export const RESULT_VIEWS = ['table', 'map', 'icp'] as const;
export type ResultView = (typeof RESULT_VIEWS)[number];

/** The defaults (SPEC §9: page 0, 50 a page, id descending; the table view), left out of the address. */
export const RESULTS_SEARCH_DEFAULTS = {
  page: RESULTS_DEFAULTS.page,
  pageSize: RESULTS_DEFAULTS.pageSize,
  sortBy: RESULTS_DEFAULTS.sortBy as SortField,
  sortOrder: RESULTS_DEFAULTS.sortOrder as 'asc' | 'desc',
  view: 'table' as ResultView,
};

/**
 * `filters` in the address is the same JSON object the results call takes. The router parses search values as
 * JSON, so it arrives as an object; a JSON string (a hand-written address) is parsed too. Anything the contract
 * refuses, and an empty object, count as no filters.
 */
const filtersParam = z
  .preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return undefined;
    }
  }, Filters.optional())
  .transform((filters) => (filters && Object.keys(filters).length > 0 ? filters : undefined))
  .catch(undefined);

/**
 * /results?session_id=&page=&pageSize=&search=&filters=&sortBy=&sortOrder=&view=&business= — the names of the
 * results call (SPEC §3), `page` 0-based; `view` picks table, map or ICP; `business` opens its detail drawer.
 * A value that is not right (a hand-edited address) falls back to its default.
 */
export const resultsSearchSchema = z.object({
  session_id: searchText().optional(),
  page: z.coerce
    .number()
    .int()
    .min(0)
    .default(RESULTS_SEARCH_DEFAULTS.page)
    .catch(RESULTS_SEARCH_DEFAULTS.page),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (RESULT_PAGE_SIZES as readonly number[]).includes(size))
    .default(RESULTS_SEARCH_DEFAULTS.pageSize)
    .catch(RESULTS_SEARCH_DEFAULTS.pageSize),
  search: searchText().optional().catch(undefined),
  filters: filtersParam.optional(),
  sortBy: z.enum(SORT_FIELDS).default(RESULTS_SEARCH_DEFAULTS.sortBy).catch(RESULTS_SEARCH_DEFAULTS.sortBy),
  sortOrder: z
    .enum(['asc', 'desc'])
    .default(RESULTS_SEARCH_DEFAULTS.sortOrder)
    .catch(RESULTS_SEARCH_DEFAULTS.sortOrder),
  view: z.enum(RESULT_VIEWS).default(RESULTS_SEARCH_DEFAULTS.view).catch(RESULTS_SEARCH_DEFAULTS.view),
  business: Id.optional().catch(undefined),
});
export type ResultsSearch = z.output<typeof resultsSearchSchema>;
