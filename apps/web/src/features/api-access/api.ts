import {
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
  type CreatedWebhook,
  type CreateWebhookBody,
  routes,
  type WebhookDelivery,
} from '@argo/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

const apiKeysKey = ['user', 'api-keys'] as const;
const webhooksKey = ['accounts', 'webhooks'] as const;
const deliveriesKey = (subscriptionId: string) =>
  ['accounts', 'webhooks', subscriptionId, 'deliveries'] as const;

/** GET /user/api-keys: the caller's keys (an admin's: every key of the organisation). */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysKey,
    queryFn: ({ signal }): Promise<ApiKey[]> => callApi(routes.apiKeysList, { signal }),
  });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody): Promise<CreatedApiKey> => callApi(routes.apiKeysCreate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await callApi(routes.apiKeysRevoke, { params: { id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** GET /accounts/webhooks (admins). */
export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksKey,
    queryFn: ({ signal }) => callApi(routes.webhooksList, { signal }),
  });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody): Promise<CreatedWebhook> =>
      callApi(routes.webhooksCreate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await callApi(routes.webhooksDelete, { params: { id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** A subscription's delivery log, newest first; polled while something is still being sent. */
export const deliveriesQueryOptions = (subscriptionId: string, page: number) =>
  queryOptions({
    queryKey: [...deliveriesKey(subscriptionId), page],
    queryFn: ({ signal }) =>
      callApi(routes.webhooksDeliveries, {
        params: { id: subscriptionId },
        query: { page, page_size: 10 },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 3_000 : false),
  });

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string): Promise<WebhookDelivery> =>
      callApi(routes.webhooksTest, { params: { id: subscriptionId } }),
    onSuccess: (_delivery, subscriptionId) =>
      queryClient.invalidateQueries({ queryKey: deliveriesKey(subscriptionId) }),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delivery: WebhookDelivery): Promise<WebhookDelivery> =>
      callApi(routes.webhooksResend, { params: { id: delivery.id } }),
    onSuccess: (_result, delivery) =>
      queryClient.invalidateQueries({ queryKey: deliveriesKey(delivery.subscription_id) }),
  });
}
