import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { fetchMe } from './session';

export const meQueryKey = queryKeys.me;

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
});

export function useMe() {
  return useQuery(meQueryOptions);
}
