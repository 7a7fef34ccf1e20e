import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCourseTranslation, TTranslateCourseResponse } from '@shared/schemas/course-translation.ts';
import type { TJobSummary } from '@shared/schemas/jobs.ts';
import { apiRequest } from '@/lib/api-client';

/** Translating a course da ↔ en into a linked course (/api/course-translation). */
const id = encodeURIComponent;
const OPEN = new Set(['queued', 'running']);

export const translateCourse = (courseId: string, language: 'da' | 'en') =>
  apiRequest<TTranslateCourseResponse>('POST', `/api/course-translation/courses/${id(courseId)}/translate`, { body: { language } });

export const translationsQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['course-translations', courseId] as const,
    queryFn: ({ signal }) =>
      apiRequest<TCourseTranslation[]>('GET', `/api/course-translation/courses/${id(courseId)}/translations`, { signal }),
    // While a translation runs, its state is read again every two seconds.
    refetchInterval: (query) => (query.state.data?.some((t) => t.job && OPEN.has(t.job.status)) ? 2000 : false),
  });
export const useTranslations = (courseId: string) => useQuery(translationsQuery(courseId));

/** A running job's progress, read every second until it has finished. */
export const useJobProgress = (jobId: string | null) =>
  useQuery({
    queryKey: ['job', jobId] as const,
    queryFn: ({ signal }) => apiRequest<TJobSummary>('GET', `/api/jobs/${id(jobId ?? '')}`, { signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && !OPEN.has(query.state.data.status) ? false : 1000),
  });

export const isOpen = (status: string | undefined) => status !== undefined && OPEN.has(status);
