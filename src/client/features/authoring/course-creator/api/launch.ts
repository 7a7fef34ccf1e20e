import type { TSiteResponse } from '@shared/schemas/catalogue.ts';
import type { TLaunchChecklist } from '@shared/schemas/course-insights.ts';
import type { TCourseMarketing, TCourseMarketingResponse } from '@shared/schemas/course-marketing.ts';
import type { TPublishRequest, TPublishResponse } from '@shared/schemas/publish.ts';
import { api } from '@/lib/api-client';

const id = encodeURIComponent;

/** GET /api/course-creator/courses/:id/launch-checklist: the launch step's checklist items, done or not, with the real counts. */
export const getChecklist = (courseId: string, signal?: AbortSignal) =>
  api.get<TLaunchChecklist>(`/api/course-creator/courses/${id(courseId)}/launch-checklist`, signal);
/** GET /api/course-creator/courses/:id/marketing: null until generated. */
export const getMarketing = (courseId: string, signal?: AbortSignal) =>
  api.get<TCourseMarketingResponse>(`/api/course-creator/courses/${id(courseId)}/marketing`, signal);
/** POST /api/course-creator/courses/:id/marketing: new launch copy, replacing the last. */
export const generateMarketing = (courseId: string) =>
  api.post<{ courseId: string; marketing: TCourseMarketing }>(`/api/course-creator/courses/${id(courseId)}/marketing`);
/** GET /api/organisation/site: the company's subdomain (null until chosen) and the host sites live under. */
export const getSite = (signal?: AbortSignal) => api.get<TSiteResponse>('/api/organisation/site', signal);
/** POST /api/courses/publish: the course published on the company's subdomain; answers its URL. */
export const publishCourse = (body: TPublishRequest) => api.post<TPublishResponse>('/api/courses/publish', body);
