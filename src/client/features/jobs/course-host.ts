import { createContext, useContext } from 'react';
import type { TCourse } from '@shared/schemas/courses.ts';
import { apiRequest } from '@/lib/api-client';

/**
 * What a job's progress needs of the course builder it may be shown in, without importing the
 * builder (which imports the progress): the builder's course writer, so a course read after a step
 * goes in line with the builder's own writes and brings its version up to date. The creator wizard
 * shows the progress outside any builder and provides nothing.
 */
export interface CourseWriter {
  readonly courseId: string;
  run(op: (version: number) => Promise<TCourse>): Promise<TCourse>;
}

export interface CourseHost {
  writer: CourseWriter;
}

export const CourseHostContext = createContext<CourseHost | null>(null);

/** The builder around the progress, or null outside it (the creator wizard). */
export const useOptionalBuilder = (): CourseHost | null => useContext(CourseHostContext);

/** GET /api/courses/:id: the course as a finished step left it. */
export const getCourse = (courseId: string, signal?: AbortSignal) =>
  apiRequest<TCourse>('GET', `/api/courses/${encodeURIComponent(courseId)}`, { signal });
