import { type CrmConnectBody, type CrmJob, type CrmProvider, type CrmPushBody, routes } from '@argo/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { isApiError, readErrorDetail } from '../../lib/api-error';

const connectionsKey = ['accounts', 'crm'] as const;
const jobKey = (id: string) => ['crm', 'jobs', id] as const;
const sessionJobsKey = (sessionId: string) => ['crm', 'session', sessionId] as const;

/** How often a running push or sync is read again. */
const CRM_JOB_REFETCH_MS = 1000;

export const isJobActive = (job: Pick<CrmJob, 'status'> | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

/** The API's message for a failed call (it says what to fix), else a plain fallback. */
export const crmErrorMessage = (error: unknown) =>
  isApiError(error)
    ? (readErrorDetail(error.data).message ?? error.message)
    : 'Something went wrong. Try again.';

/** GET /accounts/crm: both CRMs, connected or not, and the field mapping. */
export const crmConnectionsQueryOptions = () =>
  queryOptions({
    queryKey: connectionsKey,
    queryFn: ({ signal }) => callApi(routes.crmConnections, { signal }),
  });

/** GET /crm/jobs/:id, read again every second while it runs. */
export const crmJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: jobKey(id),
    queryFn: ({ signal }) => callApi(routes.crmJob, { params: { id }, signal }),
    refetchInterval: (query) => (isJobActive(query.state.data) ? CRM_JOB_REFETCH_MS : false),
  });

/** GET /crm/jobs/:id/log, one page, failures first. */
export const crmJobLogQueryOptions = (
  id: string,
  page: number,
  outcome: string | null,
  /** The job's progress: the log is read again as it moves, and once more when the job ends. */
  progress: string,
) =>
  queryOptions({
    queryKey: [...jobKey(id), 'log', page, outcome, progress],
    queryFn: ({ signal }) =>
      callApi(routes.crmJobLog, {
        params: { id },
        query: { page, page_size: 25, ...(outcome ? { outcome: outcome as 'failed' } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /user/session/:id/crm/jobs: the session's latest pushes. */
export const sessionCrmJobsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionJobsKey(sessionId),
    queryFn: ({ signal }) => callApi(routes.crmSessionJobs, { params: { id: sessionId }, signal }),
  });

export function useConnectCrm(provider: CrmProvider) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CrmConnectBody) => callApi(routes.crmConnect, { params: { provider }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsKey }),
  });
}

export function useDisconnectCrm(provider: CrmProvider) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await callApi(routes.crmDisconnect, { params: { provider } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsKey }),
  });
}

export function useStartCrmSync(provider: CrmProvider) {
  return useMutation({
    mutationFn: () => callApi(routes.crmSync, { params: { provider } }),
  });
}

export function useStartCrmPush(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CrmPushBody) => callApi(routes.crmPush, { params: { id: sessionId }, body }),
    onSuccess: (job) => {
      queryClient.setQueryData(jobKey(job.id), job);
      void queryClient.invalidateQueries({ queryKey: sessionJobsKey(sessionId) });
    },
  });
}

export function useCancelCrmJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.crmJobCancel, { params: { id } }),
    onSuccess: (job) => queryClient.setQueryData(jobKey(job.id), job),
  });
}

/** Once a job ends, what depends on it is read again (the connections' counts, the results' "in my CRM"). */
export function useRefreshAfterJob() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: connectionsKey });
    void queryClient.invalidateQueries({ queryKey: ['sessions'] });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'session'] });
  };
}
