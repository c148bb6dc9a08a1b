import { type Preview, type RouteBody, routes } from '@argo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, isApiError } from '../../lib/api-client';
import { isSignedIn } from '../../lib/auth/auth';
import { peekSessionToken } from '../../lib/auth/session-token';
import { getTrackingIds } from '../../lib/tracking';

export const previewQueryKey = ['get-started', 'preview'] as const;
const signedInQueryKey = ['get-started', 'signed-in'] as const;

/** Whether someone is signed in: they create ventures on /ventures, not through the anonymous preview. */
export const signedInQueryOptions = () =>
  queryOptions({
    queryKey: signedInQueryKey,
    queryFn: () => isSignedIn().catch(() => false),
    staleTime: 0,
  });

/**
 * GET /get-started/preview: the preview stored for this tab's argo-token, so a reload resumes the wizard.
 * null when the tab has no token yet (nothing was ever previewed) or the API has no preview for it.
 */
export const previewQueryOptions = () =>
  queryOptions({
    queryKey: previewQueryKey,
    queryFn: async ({ signal }): Promise<Preview | null> => {
      if (!peekSessionToken()) return null;
      try {
        return await callApi(routes.getStartedPreview, { signal });
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
  });

export type PreviewVentureValues = RouteBody<typeof routes.getStartedCreatePreview>['venture'];

/** POST /get-started/preview with this tab's tracking ids; the answer becomes the stored preview. */
export function useCreatePreview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (venture: PreviewVentureValues): Promise<Preview> =>
      callApi(routes.getStartedCreatePreview, { body: { venture, tracking_ids: getTrackingIds() } }),
    onSuccess: (preview) => queryClient.setQueryData(previewQueryKey, preview),
  });
}
