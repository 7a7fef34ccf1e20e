import { useMutation } from '@tanstack/react-query';
import type { TCourse, TCreateCourseRequest } from '@shared/schemas/courses.ts';
import { api } from '@/lib/api-client';

/** POST /api/courses: the wizard's draft becomes a course the builder opens (switching to manual). */
export const createCourse = (body: TCreateCourseRequest) => api.post<TCourse>('/api/courses', body);

export function useCreateCourse() {
  return useMutation({ mutationFn: createCourse });
}
