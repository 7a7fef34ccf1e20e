import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSaveXapiRequest, TXapiRetried, TXapiSettings, TXapiTestResult } from '@shared/schemas/xapi.ts';
import { api, apiRequest } from '@/lib/api-client';

const KEYS = ['organisation', 'xapi'] as const;
const PATH = '/api/organisation/xapi';

/** How often the settings are asked again while statements wait to be sent, so the figures follow them. */
const QUEUED_REFETCH_MS = 10_000;

/** The company's LRS (without its password) and how its statements of the last 30 days went (admins). */
export function useXapiSettings() {
  return useQuery({
    queryKey: KEYS,
    queryFn: ({ signal }) => api.get<TXapiSettings>(PATH, signal),
    refetchInterval: (query) => ((query.state.data?.queue.queued ?? 0) > 0 ? QUEUED_REFETCH_MS : false),
  });
}

/** Sets the company's LRS, or changes it; without a password the kept one stays. The answer is the settings as saved. */
export function useSaveXapi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveXapiRequest) => apiRequest<TXapiSettings>('PUT', PATH, { body }),
    onSuccess: (settings) => client.setQueryData(KEYS, settings),
  });
}

/** Removes the company's LRS (its address, username and password). */
export function useDeleteXapi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TXapiSettings>('DELETE', PATH),
    onSuccess: (settings) => client.setQueryData(KEYS, settings),
  });
}

/** Sends one test statement now to the LRS in use; the answer comes after the LRS has answered (or failed to). */
export function useTestXapi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TXapiTestResult>('POST', `${PATH}/test`),
    onSettled: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}

/** Queues the company's failed statements again. */
export function useRetryXapi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TXapiRetried>('POST', `${PATH}/retry`),
    onSettled: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}
