import { type Filters, routes, type SavedView } from '@argo/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '../../lib/api-client';
import type { SearchChange } from '../../lib/search-params';
import {
  type ColumnId,
  type ColumnVisibility,
  columnsFromView,
  DEFAULT_COLUMN_ORDER,
  DEFAULT_COLUMN_VISIBILITY,
  useColumnChoice,
  viewColumnsOf,
} from './column-choice';
import { RESULTS_SEARCH_DEFAULTS, type ResultsSearch } from './search';

/** Changes are saved this long after the last one (a burst of clicks is one request). */
const SAVE_VIEW_DEBOUNCE_MS = 800;

const savedViewKey = (sessionId: string) => ['saved-view', sessionId] as const;

/** GET /user/session/:id/view: the user's own view of the session, or null. */
const savedViewQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: savedViewKey(sessionId),
    queryFn: ({ signal }) => callApi(routes.sessionsViewGet, { params: { id: sessionId }, signal }),
    // Read once when /results opens; after that this page is where it changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The view of what the table shows now, as the API stores it. */
function viewOf(visibility: ColumnVisibility, order: readonly ColumnId[], search: ResultsSearch): SavedView {
  return {
    columns: viewColumnsOf(visibility, order),
    filters: search.filters ?? {},
    sort: { by: search.sortBy, dir: search.sortOrder },
  };
}

const isDefaultSort = (search: ResultsSearch) =>
  search.sortBy === RESULTS_SEARCH_DEFAULTS.sortBy && search.sortOrder === RESULTS_SEARCH_DEFAULTS.sortOrder;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/**
 * The user's saved view of a session's results. When /results opens, the saved columns apply,
 * and the saved filters and sort too unless the address gives its own (a shared link wins over the saved view).
 * After that every change of columns, filters or sort by the user is saved, debounced; `reset` forgets the view
 * and goes back to the defaults. Without a saved view the columns are the user's last choice in this browser.
 */
export function useResultsView(
  sessionId: string,
  userId: string,
  search: ResultsSearch,
  onSearchChange: SearchChange<ResultsSearch>,
) {
  const queryClient = useQueryClient();
  const saved = useQuery(savedViewQueryOptions(sessionId));
  const [storedChoice, storeChoice] = useColumnChoice(userId);
  const [visibility, setVisibilityState] = useState<ColumnVisibility>(storedChoice);
  const [order, setOrder] = useState<ColumnId[]>(DEFAULT_COLUMN_ORDER);
  const [status, setStatus] = useState<SaveStatus>('idle');
  // The view as loaded (or last saved): only a difference from it is the user's change worth saving.
  const baseline = useRef<string | null>(null);
  const hydratedFor = useRef<string | null>(null);
  // The filters and sort the saved view put in the address, until the address has them (rows are asked for then).
  const [applying, setApplying] = useState<Partial<ResultsSearch> | null>(null);
  const [hydratedSession, setHydratedSession] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (view: SavedView) =>
      callApi(routes.sessionsViewPut, { params: { id: sessionId }, body: view }),
    onMutate: () => setStatus('saving'),
    onSuccess: (answer) => {
      queryClient.setQueryData(savedViewKey(sessionId), answer);
      setStatus('saved');
    },
    onError: () => setStatus('error'),
  });
  const forget = useMutation({
    mutationFn: () => callApi(routes.sessionsViewDelete, { params: { id: sessionId } }),
    onSuccess: () => queryClient.setQueryData(savedViewKey(sessionId), { view: null, updated_at: null }),
  });

  // Once per session, when the saved view has loaded (or failed to: then the table simply opens as it is).
  useEffect(() => {
    if (hydratedFor.current === sessionId || saved.isPending) return;
    hydratedFor.current = sessionId;
    setHydratedSession(sessionId);
    const view = saved.data?.view;
    if (!view) {
      baseline.current = JSON.stringify(viewOf(visibility, order, search));
      return;
    }
    const columns = columnsFromView(view.columns);
    setVisibilityState(columns.visibility);
    setOrder(columns.order);
    const patch: Partial<ResultsSearch> = {};
    if (!search.filters && Object.keys(view.filters).length > 0) patch.filters = view.filters;
    if (isDefaultSort(search)) {
      patch.sortBy = view.sort.by;
      patch.sortOrder = view.sort.dir;
    }
    const merged = { ...search, ...patch };
    baseline.current = JSON.stringify(viewOf(columns.visibility, columns.order, merged));
    if (patch.filters || !isDefaultSort(merged)) {
      setApplying(patch);
      onSearchChange({ ...patch, page: 0 }, { replace: true });
    }
  }, [sessionId, saved.isPending, saved.data, visibility, order, search, onSearchChange]);

  // A patch names `filters` to set them, or to clear them (undefined); one that does not name them leaves them.
  const isApplied =
    applying === null ||
    ((!('filters' in applying) || JSON.stringify(applying.filters) === JSON.stringify(search.filters)) &&
      (applying.sortBy === undefined ||
        (applying.sortBy === search.sortBy && applying.sortOrder === search.sortOrder)));

  // Saves what the user changed, a moment after the last change. Back to the baseline (the address catching up
  // with the loaded view, or a change undone) cancels a pending save; while the address is still catching up
  // (the loaded view, or Reset view, being applied) nothing is saved, however slow the browser is.
  const current = JSON.stringify(viewOf(visibility, order, search));
  const { mutate } = save;
  useEffect(() => {
    if (
      hydratedFor.current !== sessionId ||
      baseline.current === null ||
      !isApplied ||
      current === baseline.current
    )
      return;
    const timer = setTimeout(() => {
      baseline.current = current;
      mutate(JSON.parse(current) as SavedView);
    }, SAVE_VIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [current, isApplied, sessionId, mutate]);

  const setVisibility = useCallback(
    (next: ColumnVisibility) => {
      setVisibilityState(next);
      storeChoice(next);
    },
    [storeChoice],
  );

  useEffect(() => {
    if (applying && isApplied) setApplying(null);
  }, [applying, isApplied]);

  const reset = useCallback(() => {
    const defaults: Partial<ResultsSearch> = {
      filters: undefined as Filters | undefined,
      sortBy: RESULTS_SEARCH_DEFAULTS.sortBy,
      sortOrder: RESULTS_SEARCH_DEFAULTS.sortOrder,
      page: 0,
    };
    baseline.current = JSON.stringify(
      viewOf(DEFAULT_COLUMN_VISIBILITY, DEFAULT_COLUMN_ORDER, { ...search, ...defaults }),
    );
    setVisibilityState(DEFAULT_COLUMN_VISIBILITY);
    storeChoice(DEFAULT_COLUMN_VISIBILITY);
    setOrder(DEFAULT_COLUMN_ORDER);
    setStatus('idle');
    setApplying(defaults);
    onSearchChange(defaults);
    forget.mutate();
  }, [search, storeChoice, onSearchChange, forget]);

  return {
    visibility,
    setVisibility,
    order,
    setOrder,
    /** The visible columns in their order, as the export and the saved view name them. */
    columns: viewColumnsOf(visibility, order),
    /** Whether there is something to reset: a saved view, or a table that differs from the defaults. */
    canReset:
      Boolean(saved.data?.view) ||
      current !==
        JSON.stringify(
          viewOf(DEFAULT_COLUMN_VISIBILITY, DEFAULT_COLUMN_ORDER, {
            ...search,
            filters: undefined,
            sortBy: RESULTS_SEARCH_DEFAULTS.sortBy,
            sortOrder: RESULTS_SEARCH_DEFAULTS.sortOrder,
          }),
        ),
    reset,
    isResetting: forget.isPending,
    status,
    /** Until the saved view is read and in the address, the rows would be those of another view. */
    isLoading: saved.isPending || hydratedSession !== sessionId || !isApplied,
  };
}
