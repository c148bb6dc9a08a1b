import { RESULTS_DEFAULTS, SORT_FIELDS, type SortField } from '@argo/contract';
import { z } from 'zod';
import { searchText } from '../../lib/search-params';

export const RESULT_PAGE_SIZES = [25, 50, 100, 200] as const;

/** The defaults (SPEC §9: page 0, 50 a page, id descending), left out of the address. */
export const RESULTS_SEARCH_DEFAULTS = {
  page: RESULTS_DEFAULTS.page,
  pageSize: RESULTS_DEFAULTS.pageSize,
  sortBy: RESULTS_DEFAULTS.sortBy as SortField,
  sortOrder: RESULTS_DEFAULTS.sortOrder as 'asc' | 'desc',
};

/**
 * /results?session_id=&page=&pageSize=&search=&sortBy=&sortOrder= — the names of the results call (SPEC §3),
 * `page` 0-based. A value that is not right (a hand-edited address) falls back to its default.
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
  sortBy: z.enum(SORT_FIELDS).default(RESULTS_SEARCH_DEFAULTS.sortBy).catch(RESULTS_SEARCH_DEFAULTS.sortBy),
  sortOrder: z
    .enum(['asc', 'desc'])
    .default(RESULTS_SEARCH_DEFAULTS.sortOrder)
    .catch(RESULTS_SEARCH_DEFAULTS.sortOrder),
});
export type ResultsSearch = z.output<typeof resultsSearchSchema>;
