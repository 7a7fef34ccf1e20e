import type { z } from 'zod';
import type { TCourse, TLesson, ZCourseList } from '@shared/schemas/courses.ts';
import type { TGenerateContentRequest, TGenerateContentResponse, TInsertContentRequest } from '@shared/schemas/creator-content.ts';
import { postStreamed } from '@/lib/ai-stream';
import { api } from '@/lib/api-client';

const id = encodeURIComponent;

export type TCourseList = z.infer<typeof ZCourseList>;

/** POST /api/course-creator/generate-content: one item of the six content types, streamed: `onPartial` sees it being written. */
export const generateContent = (body: TGenerateContentRequest, onPartial: (partial: unknown, ask: number) => void) =>
  postStreamed<TGenerateContentResponse>('/api/course-creator/generate-content', body, onPartial);

/** POST /api/course-creator/lessons/:lessonId/insert-content: the generated document into a lesson, at its version. */
export const insertContent = (lessonId: string, body: TInsertContentRequest) =>
  api.post<TLesson>(`/api/course-creator/lessons/${id(lessonId)}/insert-content`, body);

/** GET /api/courses: the courses the caller may write into. */
export const listCourses = (signal?: AbortSignal) => api.get<TCourseList>('/api/courses', signal);

/** GET /api/courses/:id: the course with its modules and lessons (each with its version). */
export const getCourse = (courseId: string, signal?: AbortSignal) => api.get<TCourse>(`/api/courses/${id(courseId)}`, signal);
