import {
  type CreateWatchBody,
  routes,
  type SignalEventsPage,
  type UpdateWatchBody,
  type Watch,
} from '@argo/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** Every signals query starts with this key, so one invalidation refreshes events, counts and watches. */
const signalsKey = ['signals'] as const;

/** What the events list is asked for (the query of GET /signals/events, as the address has it). */
export interface EventsQuery {
  session_id?: string;
  venture_id?: string;
  business_id?: string;
  types?: string[];
  tier?: 'A' | 'B' | 'C' | 'D';
  since?: string;
  only_new?: boolean;
  page?: number;
  page_size?: number;
}

/** GET /signals/events: newest first, with how many are new since the caller last looked. */
export const signalEventsQueryOptions = (query: EventsQuery) =>
  queryOptions({
    queryKey: [...signalsKey, 'events', query] as const,
    queryFn: ({ signal }): Promise<SignalEventsPage> =>
      callApi(routes.signalsEvents, {
        query: {
          ...query,
          types: query.types?.length ? query.types.join(',') : undefined,
          only_new: query.only_new ? 'true' : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /signals/watches (of one session when given). */
export const watchesQueryOptions = (sessionId?: string) =>
  queryOptions({
    queryKey: [...signalsKey, 'watches', sessionId ?? null] as const,
    queryFn: ({ signal }): Promise<Watch[]> =>
      callApi(routes.signalsWatchesList, { query: sessionId ? { session_id: sessionId } : {}, signal }),
  });

function useSignalsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signalsKey }),
  });
}

/** POST /signals/watches */
export const useCreateWatch = () =>
  useSignalsMutation((body: CreateWatchBody) => callApi(routes.signalsWatchesCreate, { body }));

/** PUT /signals/watches/:id: pause, resume, another frequency. */
export const useUpdateWatch = () =>
  useSignalsMutation(({ id, ...body }: UpdateWatchBody & { id: string }) =>
    callApi(routes.signalsWatchesUpdate, { params: { id }, body }),
  );

/** DELETE /signals/watches/:id */
export const useStopWatch = () =>
  useSignalsMutation(async (id: string) => {
    await callApi(routes.signalsWatchesDelete, { params: { id } });
  });

/** POST /signals/seen: "new since I last looked" starts again now. */
export const useMarkSignalsSeen = () => useSignalsMutation(() => callApi(routes.signalsSeen, {}));

/** GET /signals/settings: the caller's email digest. */
export const signalsSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...signalsKey, 'settings'] as const,
    queryFn: ({ signal }) => callApi(routes.signalsSettingsGet, { signal }),
  });

/** PUT /signals/settings */
export const useUpdateSignalsSettings = () =>
  useSignalsMutation((digest: 'off' | 'daily' | 'weekly') =>
    callApi(routes.signalsSettingsUpdate, { body: { digest } }),
  );
