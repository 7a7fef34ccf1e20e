import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TCourse,
  TCreateCourseRequest,
  TLesson,
  TOutlineRequest,
  TUpdateCourseRequest,
  TUpdateLessonRequest,
  ZLessonRevisionList,
} from '@shared/schemas/courses.ts';
import type { TCourseGenerationJobs } from '@shared/schemas/course-generation.ts';
import type { LessonKind } from '@shared/schemas/lesson-content.ts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every call of the courses API the builder makes (src/shared/schemas/courses.ts). */
const id = encodeURIComponent;
export type TRevisionList = z.infer<typeof ZLessonRevisionList>;
export type StatusAction = 'publish' | 'unpublish' | 'archive';

export const getCourse = (courseId: string, signal?: AbortSignal) => apiRequest<TCourse>('GET', `/api/courses/${id(courseId)}`, { signal });
export const createCourse = (body: TCreateCourseRequest) => apiRequest<TCourse>('POST', '/api/courses', { body });
export const updateCourse = (courseId: string, body: TUpdateCourseRequest) =>
  apiRequest<TCourse>('PATCH', `/api/courses/${id(courseId)}`, { body });
/** `confirmEmptyLessons`: publish although the server said some lessons are empty (409 EMPTY_LESSONS). */
export const changeStatus = (courseId: string, action: StatusAction, version: number, confirmEmptyLessons = false) =>
  apiRequest<TCourse>('POST', `/api/courses/${id(courseId)}/status`, {
    body: { action, version, ...(confirmEmptyLessons && { confirmEmptyLessons }) },
  });
export const putOutline = (courseId: string, body: TOutlineRequest) =>
  apiRequest<TCourse>('PUT', `/api/courses/${id(courseId)}/outline`, { body });

export const addModule = (courseId: string, title: string, version: number) =>
  apiRequest<TCourse>('POST', `/api/courses/${id(courseId)}/modules`, { body: { title, version } });
export const renameModule = (moduleId: string, title: string, version: number) =>
  apiRequest<TCourse>('PATCH', `/api/modules/${id(moduleId)}`, { body: { title, version } });
export const deleteModule = (moduleId: string, version: number) =>
  apiRequest<TCourse>('DELETE', `/api/modules/${id(moduleId)}?version=${version}`);

export const addLesson = (moduleId: string, title: string, kind: LessonKind, version: number) =>
  apiRequest<TCourse>('POST', `/api/modules/${id(moduleId)}/lessons`, { body: { title, kind, version } });
export const deleteLesson = (lessonId: string, courseVersion: number) =>
  apiRequest<TCourse>('DELETE', `/api/lessons/${id(lessonId)}?version=${courseVersion}`);
export const getLesson = (lessonId: string, signal?: AbortSignal) => apiRequest<TLesson>('GET', `/api/lessons/${id(lessonId)}`, { signal });
export const updateLesson = (lessonId: string, body: TUpdateLessonRequest) =>
  apiRequest<TLesson>('PATCH', `/api/lessons/${id(lessonId)}`, { body });

export const listRevisions = (lessonId: string, signal?: AbortSignal) =>
  apiRequest<TRevisionList>('GET', `/api/lessons/${id(lessonId)}/revisions`, { signal });
export const getRevision = (lessonId: string, revisionId: string, signal?: AbortSignal) =>
  apiRequest<TLesson>('GET', `/api/lessons/${id(lessonId)}/revisions/${id(revisionId)}`, { signal });
export const restoreRevision = (lessonId: string, revisionId: string, version: number) =>
  apiRequest<TLesson>('POST', `/api/lessons/${id(lessonId)}/revisions/${id(revisionId)}/restore`, { body: { version } });

/** The course's AI jobs, asked for as the builder opens: here, so that opening it loads none of the AI actions' code. */
export const courseJobs = (courseId: string, signal?: AbortSignal) =>
  apiRequest<TCourseGenerationJobs>('GET', `/api/course-generation/courses/${id(courseId)}/jobs`, { signal });

export const courseQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: queryKeys.course(courseId), queryFn: ({ signal }) => getCourse(courseId, signal) });

export const lessonQueryOptions = (lessonId: string) =>
  queryOptions({ queryKey: queryKeys.lesson(lessonId), queryFn: ({ signal }) => getLesson(lessonId, signal) });

export function useCourse(courseId: string) {
  return useQuery(courseQueryOptions(courseId));
}
