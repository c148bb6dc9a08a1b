import { type RouteBody, routes } from '@argo/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, isApiError } from '../../lib/api-client';
import { readErrorDetail } from '../../lib/api-error';
import { PROFILE_GONE_REASON } from '../../lib/saved-profiles';

/** Under ['ventures'] so that a change to the venture refreshes its profiles too. */
const savedProfilesKey = (ventureId: string) => ['ventures', ventureId, 'saved-profiles'] as const;

/** GET /icp/profiles?venture_id=…: the ICP profiles saved to a venture by icp/create_profiles, newest first. */
export const savedProfilesQueryOptions = (ventureId: string) =>
  queryOptions({
    queryKey: savedProfilesKey(ventureId),
    queryFn: ({ signal }) => callApi(routes.icpListProfiles, { query: { venture_id: ventureId }, signal }),
  });

/** PROFILE_GONE_REASON where the list is refreshed at once (refreshWhenGone). */
const PROFILE_GONE = `${PROFILE_GONE_REASON} The list now shows the profiles you can use.`;

/** The message to show for a failed change of a profile: PROFILE_GONE for a 404, else the API's own words. */
export function profileErrorMessage(error: Error): string {
  if (isApiError(error, 404)) return PROFILE_GONE;
  return (isApiError(error) ? readErrorDetail(error.data).message : undefined) ?? error.message;
}

/** Gone (PROFILE_GONE): the venture's list is refreshed so that it no longer offers the profile. */
function refreshWhenGone(queryClient: QueryClient, ventureId: string, error: Error): void {
  if (isApiError(error, 404)) void queryClient.invalidateQueries({ queryKey: savedProfilesKey(ventureId) });
}

export type UpdateProfileInput = RouteBody<typeof routes.icpUpdateProfile>;

/** PUT /icp/profiles/:id: name, criteria and why. */
export function useUpdateProfile(ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProfileInput }) =>
      callApi(routes.icpUpdateProfile, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedProfilesKey(ventureId) }),
    onError: (error) => refreshWhenGone(queryClient, ventureId, error),
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
    onError: (error) => refreshWhenGone(queryClient, ventureId, error),
  });
}
