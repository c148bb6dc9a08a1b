import { type RouteBody, routes } from '@argo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** Under ['ventures'] so that a change to the venture refreshes its profiles too. */
export const savedProfilesKey = (ventureId: string) => ['ventures', ventureId, 'saved-profiles'] as const;

/** GET /icp/profiles?venture_id=…: the ICP profiles saved to a venture by icp/create_profiles, newest first. */
export const savedProfilesQueryOptions = (ventureId: string) =>
  queryOptions({
    queryKey: savedProfilesKey(ventureId),
    queryFn: ({ signal }) => callApi(routes.icpListProfiles, { query: { venture_id: ventureId }, signal }),
  });

export type UpdateProfileInput = RouteBody<typeof routes.icpUpdateProfile>;

/** PUT /icp/profiles/:id: name, criteria and why. */
export function useUpdateProfile(ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProfileInput }) =>
      callApi(routes.icpUpdateProfile, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedProfilesKey(ventureId) }),
  });
}

/** DELETE /icp/profiles/:id (the content generated for it goes too). */
export function useDeleteProfile(ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await callApi(routes.icpDeleteProfile, { params: { id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedProfilesKey(ventureId) }),
  });
}
