import { type ContentKind, type IcpProfile, routes } from '@argo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

// The overview sits under ['sessions', id]: a change to the session (a new enrichment run) refreshes it too.
const icpOverviewKey = (sessionId: string) => ['sessions', sessionId, 'icp', 'overview'] as const;
const icpProfilesKey = (ventureId: string) => ['ventures', ventureId, 'icp-profiles'] as const;

/** POST /icp/overview: tiers, score histogram, industries, software, hiring, places and a narrative. */
export const icpOverviewQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: icpOverviewKey(sessionId),
    queryFn: ({ signal }) => callApi(routes.icpOverview, { body: { session_id: sessionId }, signal }),
    staleTime: 30_000,
  });

/** GET /icp/profiles: the saved profiles of the session's venture, newest first. */
export const icpProfilesQueryOptions = (ventureId: string) =>
  queryOptions({
    queryKey: icpProfilesKey(ventureId),
    queryFn: ({ signal }) => callApi(routes.icpListProfiles, { query: { venture_id: ventureId }, signal }),
  });

/** POST /icp/create_profiles: 2–5 segments derived from the session's enriched results, saved to its venture. */
export function useCreateProfiles(sessionId: string, ventureId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (count: number) =>
      callApi(routes.icpCreateProfiles, { body: { session_id: sessionId, count } }),
    onSuccess: (created) => {
      if (!ventureId) return;
      // The server replaces the profiles made from this session before (new ids): the new ones first, then the
      // venture's profiles from other sessions (as the list call orders them).
      queryClient.setQueryData<IcpProfile[]>(icpProfilesKey(ventureId), (old) => [
        ...created,
        ...(old ?? []).filter(
          (profile) => profile.session_id !== sessionId && !created.some((made) => made.id === profile.id),
        ),
      ]);
    },
  });
}

export type ContentTarget = { profile_id: string } | { business_id: string };

/** POST /icp/generate_content: cold email, LinkedIn note and call opener for a profile or a business. */
export function useGenerateContent() {
  return useMutation({
    mutationFn: (input: { target: ContentTarget; kinds?: ContentKind[] }) =>
      callApi(routes.icpGenerateContent, {
        body: { ...input.target, ...(input.kinds ? { kinds: input.kinds } : {}) },
      }),
  });
}
