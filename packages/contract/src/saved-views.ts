/**
 * Views over a session's results: the view a user saves per session (columns, filters, sort),
 * and "all businesses matching the filters" as the target of a bulk action.
 */
import { z } from 'zod';
import { expected, IdParams, IsoDateTime, knownKeys, SearchText } from './common';
import { defineRoute } from './define';
import { Filters, SortField } from './results';

/** At most this many columns in a view (the table's own plus an import's own columns). */
const MAX_VIEW_COLUMNS = 200;

/**
 * The visible columns in their order. Ids are not limited to RESULT_COLUMNS: an import's own columns come and go
 * with the session, and the table ignores an id it does not know.
 */
const ViewColumns = z
  .array(
    z
      .string(expected('a column id'))
      .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'must be a column id (letters, digits, _ . : -, at most 100)'),
    expected('a list of column ids'),
  )
  .max(MAX_VIEW_COLUMNS, `must list at most ${MAX_VIEW_COLUMNS} columns`)
  .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a column');

const ViewSort = z.strictObject(
  {
    by: SortField,
    dir: z.enum(['asc', 'desc'], expected("'asc' or 'desc'")),
  },
  knownKeys(['by', 'dir'], 'sort key'),
);

/** A user's view of one session's results: visible columns (ordered), the results filter object, the sort. */
export const SavedView = z.strictObject(
  { columns: ViewColumns, filters: Filters, sort: ViewSort },
  knownKeys(['columns', 'filters', 'sort'], 'view key'),
);
export type SavedView = z.infer<typeof SavedView>;

/** GET/PUT answer: the stored view, or null (with updated_at null) when the user has none for the session. */
export const SavedViewResponse = z.object({
  view: SavedView.nullable(),
  updated_at: IsoDateTime.nullable(),
});
export type SavedViewResponse = z.infer<typeof SavedViewResponse>;

/**
 * "Every business matching the table's search and filters" — the target of a bulk action instead of a list of
 * ids; the server selects the rows with the results call's own WHERE.
 */
export const ResultsMatching = z.strictObject(
  { search: SearchText, filters: Filters.optional() },
  knownKeys(['search', 'filters'], 'matching key'),
);
export type ResultsMatching = z.infer<typeof ResultsMatching>;

export const savedViewRoutes = {
  sessionsViewGet: defineRoute({
    id: 'sessions.viewGet',
    method: 'GET',
    path: '/user/session/:id/view',
    access: 'member',
    summary: "The caller's saved view of the session's results (columns, filters, sort), or null",
    tag: 'sessions',
    params: IdParams,
    response: SavedViewResponse,
  }),
  sessionsViewPut: defineRoute({
    id: 'sessions.viewPut',
    method: 'PUT',
    path: '/user/session/:id/view',
    access: 'member',
    summary: "Save the caller's view of the session's results (their own; a view share may save one too)",
    tag: 'sessions',
    params: IdParams,
    body: SavedView,
    response: SavedViewResponse,
  }),
  sessionsViewDelete: defineRoute({
    id: 'sessions.viewDelete',
    method: 'DELETE',
    path: '/user/session/:id/view',
    access: 'member',
    summary: "Forget the caller's saved view of the session (the table goes back to its defaults)",
    tag: 'sessions',
    params: IdParams,
    response: null,
  }),
} as const;
