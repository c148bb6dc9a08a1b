import { routes } from '@argo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import type { FullMapping } from './mapping';

// The same key as the progress screen's: the info read here is the one it starts from.
export const sessionInfoKey = (id: string) => ['sessions', id, 'info'] as const;

/** GET /user/session/:id/info: the draft import with its stored preview and automatic mapping. */
export const importInfoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sessionInfoKey(id),
    queryFn: ({ signal }) => callApi(routes.sessionsInfo, { params: { id }, signal }),
    staleTime: 0,
  });

/** POST /discovery/import/:id/mapping: confirms the mapping and starts the import (202, queued). */
export function useConfirmMapping(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: FullMapping) =>
      callApi(routes.discoveryImportMapping, { params: { id: sessionId }, body: { mapping } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
}
