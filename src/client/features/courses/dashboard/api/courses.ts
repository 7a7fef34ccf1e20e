import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCourseList } from '@shared/schemas/courses.ts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type TCourseList = z.infer<typeof ZCourseList>;

/** GET /api/courses: the courses of the caller's company that the caller may see. */
export function useCourseList(enabled = true) {
  return useQuery({ queryKey: queryKeys.courses, queryFn: ({ signal }) => api.get<TCourseList>('/api/courses', signal), enabled });
}
