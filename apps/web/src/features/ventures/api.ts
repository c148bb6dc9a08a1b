import { type RouteBody, routes, type Venture } from '@argo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** Every ventures query starts with this key, so one invalidation refreshes them all. */
const venturesQueryKey = ['ventures'] as const;

/** GET /ventures/all: admins get every venture of the account, members the ones assigned to them. */
export const venturesQueryOptions = () =>
  queryOptions({
    queryKey: venturesQueryKey,
    queryFn: ({ signal }) => callApi(routes.venturesAll, { signal }),
  });

export type CreateVentureInput = RouteBody<typeof routes.venturesCreate>;
export type UpdateVentureInput = RouteBody<typeof routes.venturesUpdate>;

function useInvalidateVentures() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: venturesQueryKey });
}

export function useCreateVenture() {
  const invalidate = useInvalidateVentures();
  return useMutation({
    mutationFn: (body: CreateVentureInput): Promise<Venture> => callApi(routes.venturesCreate, { body }),
    onSuccess: invalidate,
  });
}

/** POST /ventures/update: the given `people` replace the team (people with an `id` are kept). */
export function useUpdateVenture() {
  const invalidate = useInvalidateVentures();
  return useMutation({
    mutationFn: (body: UpdateVentureInput): Promise<Venture> => callApi(routes.venturesUpdate, { body }),
    onSuccess: invalidate,
  });
}

/** POST /ventures/delete (admins). Sessions of the venture keep their results, without a venture. */
export function useDeleteVenture() {
  const invalidate = useInvalidateVentures();
  return useMutation({
    mutationFn: async (ventureId: string): Promise<void> => {
      await callApi(routes.venturesDelete, { body: { venture_id: ventureId } });
    },
    onSuccess: invalidate,
  });
}
