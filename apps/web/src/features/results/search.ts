import type { Filters, SortField } from '@argo/contract';
import { RESULTS_DEFAULTS, SORT_FIELDS } from '@argo/contract';
import {
  jsonObject,
  oneOf,
  type SearchInput,
  searchValidator,
  text,
  wholeNumber,
} from '../../lib/search-params';

/** Page sizes offered (it stays smooth at 50, 500 and 5,000 rows; big pages are virtualised). */
export const RESULT_PAGE_SIZES = [50, 500, 5000] as const;

const RESULT_VIEWS = ['table', 'map', 'icp'] as const;
export type ResultView = (typeof RESULT_VIEWS)[number];

/** The defaults (page 0, 50 a page, id descending; the table view), left out of the address. */
export const RESULTS_SEARCH_DEFAULTS = {
  page: RESULTS_DEFAULTS.page,
  pageSize: RESULTS_DEFAULTS.pageSize,
  sortBy: RESULTS_DEFAULTS.sortBy as SortField,
  sortOrder: RESULTS_DEFAULTS.sortOrder as 'asc' | 'desc',
  view: 'table' as ResultView,
};

/** /results?…&search=&filters=… as the route reads it (see resultsSearchSchema). */
export interface ResultsSearch {
  session_id?: string;
  page: number;
  pageSize: number;
  search?: string;
  /**
   * The same JSON object the results call takes. The route only checks that it is an object; the page checks it
   * against the contract's `Filters` (validFilters in filters.ts) and treats anything the contract refuses as no
   * filters, so zod stays out of the route tree (see lib/search-params.ts).
   */
  filters?: Filters;
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
  view: ResultView;
  business?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /results?session_id=&page=&pageSize=&search=&filters=&sortBy=&sortOrder=&view=&business= — the names of the
 * results call, `page` 0-based; `view` picks table, map or ICP; `business` opens its detail drawer.
 * A value that is not right (a hand-edited address) falls back to its default.
 */
function readResultsSearch(input: SearchInput): ResultsSearch {
  const filters = jsonObject(input.filters);
  const business = text(input.business);
  return {
    session_id: text(input.session_id),
    page: wholeNumber(input.page, RESULTS_SEARCH_DEFAULTS.page),
    pageSize: wholeNumber(input.pageSize, RESULTS_SEARCH_DEFAULTS.pageSize, { allowed: RESULT_PAGE_SIZES }),
    search: text(input.search),
    filters: filters && Object.keys(filters).length > 0 ? (filters as Filters) : undefined,
    sortBy: oneOf(input.sortBy, SORT_FIELDS) ?? RESULTS_SEARCH_DEFAULTS.sortBy,
    sortOrder: oneOf(input.sortOrder, ['asc', 'desc'] as const) ?? RESULTS_SEARCH_DEFAULTS.sortOrder,
    view: oneOf(input.view, RESULT_VIEWS) ?? RESULTS_SEARCH_DEFAULTS.view,
    business: business && UUID.test(business) ? business : undefined,
  };
}

export const resultsSearchSchema = searchValidator(readResultsSearch);
