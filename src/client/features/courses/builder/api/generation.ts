import type { TCourseGenerationOptions, TGenerationJobCreated } from '@shared/schemas/course-generation.ts';
import type { TCourseSourceDetail } from '@shared/schemas/course-sources.ts';
import type { TLesson } from '@shared/schemas/courses.ts';
import type { LessonFormat } from '@shared/schemas/lesson-content.ts';
import { apiRequest } from '@/lib/api-client';
import { sendForm } from '@/features/courses/lesson-editors/upload/upload-file';

/**
 * The builder's AI actions: /api/course-generation and /api/course-sources (a job's own calls are in
 * features/jobs; the list of a course's jobs, read as the builder opens, is in ./courses.ts).
 */
const id = encodeURIComponent;

export type GenerateOptions = TCourseGenerationOptions;

export const generateCourse = (courseId: string, options: GenerateOptions) =>
  apiRequest<TGenerationJobCreated>('POST', `/api/course-generation/courses/${id(courseId)}/generate`, { body: { options } });
export const generateQuizzes = (courseId: string, questionsPerQuiz?: number) =>
  apiRequest<TGenerationJobCreated>('POST', `/api/course-generation/courses/${id(courseId)}/generate-quizzes`, {
    body: { options: { replaceExisting: false, ...(questionsPerQuiz !== undefined && { questionsPerQuiz }) } },
  });
export const regenerateModule = (moduleId: string) =>
  apiRequest<TGenerationJobCreated>('POST', `/api/course-generation/modules/${id(moduleId)}/regenerate`, {
    body: { options: { quizPerModule: true } },
  });
export const regenerateLesson = (lessonId: string, version: number, instructions?: string, format?: LessonFormat) =>
  apiRequest<TLesson>('POST', `/api/course-generation/lessons/${id(lessonId)}/regenerate`, {
    body: { version, ...(instructions && { instructions }), ...(format && { format }) },
  });
export const regenerateQuestion = (lessonId: string, questionIndex: number, version: number) =>
  apiRequest<TLesson>('POST', `/api/course-generation/lessons/${id(lessonId)}/regenerate-question`, { body: { questionIndex, version } });

const isSource = (body: unknown): body is TCourseSourceDetail =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { id?: unknown }).id === 'string' &&
  Array.isArray((body as { sections?: unknown }).sections);

/** POST /api/course-sources (multipart, `file`), with the upload's progress: the material's text split into sections. */
export function uploadSource(
  file: File,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<TCourseSourceDetail> {
  const form = new FormData();
  form.append('file', file);
  return sendForm('/api/course-sources', form, { size: file.size, isAnswer: isSource, onProgress, signal });
}
