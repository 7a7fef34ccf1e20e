import { useQuery } from '@tanstack/react-query';
import type { TPlanOverview } from '@shared/schemas/plans.ts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/plan: the company's plan, its state and its use of the plan's limits. Its key sits under
 * the company's courses, so a course published or archived in the builder refreshes the usage.
 */
export const planKey = [...queryKeys.courses, 'plan'] as const;

export function usePlan(enabled = true) {
  return useQuery({ queryKey: planKey, queryFn: ({ signal }) => api.get<TPlanOverview>('/api/plan', signal), enabled });
}
