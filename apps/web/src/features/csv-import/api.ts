import { routes } from '@argo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import type { FullMapping } from './mapping';

/** POST /discovery/import/:id/mapping: confirms the mapping and starts the import (202, queued). */
export function useConfirmMapping(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: FullMapping) =>
      callApi(routes.discoveryImportMapping, { params: { id: sessionId }, body: { mapping } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
}
