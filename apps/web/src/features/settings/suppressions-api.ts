import { routes, type Suppression } from '@argo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

const suppressionsQueryKey = ['accounts', 'suppressions'] as const;

/** GET /accounts/suppressions: the account's list, newest first. */
export const suppressionsQueryOptions = () =>
  queryOptions({
    queryKey: suppressionsQueryKey,
    queryFn: ({ signal }) => callApi(routes.suppressionsList, { signal }),
  });

/** Splits what was pasted (one per line, or separated by commas, semicolons or spaces) into entries. */
export function splitSuppressionInput(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** POST /accounts/suppressions: any member may add (adding only stops contact). */
export function useAddSuppressions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { values: string[]; reason?: string }): Promise<Suppression[]> =>
      callApi(routes.suppressionsAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionsQueryKey }),
  });
}

/** DELETE /accounts/suppressions/:id: admins only, since it allows contact again. */
export function useRemoveSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await callApi(routes.suppressionsRemove, { params: { id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionsQueryKey }),
  });
}
