import type { TEnrolment } from '@shared/schemas/learning.ts';
import { api } from '@/lib/api-client';

/** POST /api/courses/:id/enrol (idempotent). A plain call: the course page is a light public page. */
export function enrol(courseId: string): Promise<TEnrolment> {
  return api.post<TEnrolment>(`/api/courses/${encodeURIComponent(courseId)}/enrol`);
}
