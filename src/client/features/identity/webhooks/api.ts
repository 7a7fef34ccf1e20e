import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCreateWebhookRequest,
  TUpdateWebhookRequest,
  TWebhook,
  TWebhookCreated,
  TWebhookDelivery,
  TWebhookDeliveryList,
  TWebhookList,
} from '@shared/schemas/webhooks.ts';
import { api, apiRequest } from '@/lib/api-client';

const KEYS = ['organisation', 'webhooks'] as const;
const deliveryKeys = (id: string) => [...KEYS, id, 'deliveries'] as const;
const path = (id: string) => `/api/organisation/webhooks/${encodeURIComponent(id)}`;

/** How often a delivery log is asked again while one of its deliveries is on its way. */
const IN_FLIGHT_REFETCH_MS = 3000;

/** The company's webhooks, newest first, without their secrets (admins). */
export function useWebhooks() {
  return useQuery({ queryKey: KEYS, queryFn: ({ signal }) => api.get<TWebhookList>('/api/organisation/webhooks', signal) });
}

/** Adds a webhook; the answer carries its signing secret this once. */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateWebhookRequest) => apiRequest<TWebhookCreated>('POST', '/api/organisation/webhooks', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}

/** Changes a webhook's address or events, or pauses (`active: false`) and resumes it. */
export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TUpdateWebhookRequest & { id: string }) => apiRequest<TWebhook>('PATCH', path(id), { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ ok: true }>('DELETE', path(id)),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: deliveryKeys(id) });
      return client.invalidateQueries({ queryKey: KEYS, exact: true });
    },
  });
}

/**
 * A webhook's last deliveries, newest first; asked again every few seconds while any of them is
 * queued or being sent, so the log shows how it went without a reload.
 */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: deliveryKeys(id),
    queryFn: ({ signal }) => api.get<TWebhookDeliveryList>(`${path(id)}/deliveries`, signal),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'queued' || d.status === 'sending') ? IN_FLIGHT_REFETCH_MS : false,
  });
}

/** Sends a test event at once; the answer is its delivery, after the receiver has answered (or failed to). */
export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<TWebhookDelivery>('POST', `${path(id)}/test`),
    onSettled: (_answer, _failure, id) => client.invalidateQueries({ queryKey: deliveryKeys(id) }),
  });
}

/** Queues a failed delivery again. */
export function useRetryDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      apiRequest<TWebhookDelivery>('POST', `${path(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`),
    onSettled: (_answer, _failure, { webhookId }) => client.invalidateQueries({ queryKey: deliveryKeys(webhookId) }),
  });
}
