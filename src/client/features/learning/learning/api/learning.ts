import { MAX_WATCHED_RANGES } from '@shared/limits.ts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { TAttemptResult, TLearningItem, TPlayerLesson, TPlayerOutline, TScormRun } from '@shared/schemas/learning.ts';
import { api, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** My learning, the player's outline and lessons, completion, positions and quiz attempts. */

export const learningKeys = {
  list: ['learning'] as const,
  outline: (courseId: string) => ['learning', courseId] as const,
  lesson: (courseId: string, lessonId: string) => ['learning', courseId, lessonId] as const,
};

export function useMyLearning() {
  return useQuery({
    queryKey: learningKeys.list,
    queryFn: ({ signal }) => api.get<{ enrolments: TLearningItem[] }>('/api/learning', signal),
  });
}

export function useOutline(courseId: string) {
  return useQuery({
    queryKey: learningKeys.outline(courseId),
    queryFn: ({ signal }) => api.get<TPlayerOutline>(`/api/learning/${encodeURIComponent(courseId)}`, signal),
    retry: false,
  });
}

export function useLesson(courseId: string, lessonId: string | null) {
  return useQuery({
    queryKey: learningKeys.lesson(courseId, lessonId ?? ''),
    queryFn: ({ signal }) =>
      api.get<TPlayerLesson>(`/api/learning/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId!)}`, signal),
    enabled: lessonId !== null,
    retry: false,
  });
}

interface ProgressResult {
  completed: boolean;
  courseProgress: number;
  courseCompleted: boolean;
}

function lessonPath(courseId: string, lessonId: string) {
  return `/api/learning/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`;
}

/** After a change of progress: the outline's marks, the list's figures and my paths are stale, and a completed course has a certificate. */
function useRefresh(courseId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: learningKeys.outline(courseId), exact: true }),
      queryClient.invalidateQueries({ queryKey: learningKeys.list, exact: true }),
      queryClient.invalidateQueries({ queryKey: queryKeys.certificates }),
      // A completed course may finish a learning path.
      queryClient.invalidateQueries({ queryKey: queryKeys.paths }),
    ]);
}

export function useCompleteLesson(courseId: string, lessonId: string) {
  const refresh = useRefresh(courseId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ProgressResult>(`${lessonPath(courseId, lessonId)}/complete`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: learningKeys.lesson(courseId, lessonId) });
      await refresh();
    },
  });
}

/** A lesson the server says is now complete shows so at once, and the outline and the lists are refreshed. */
async function showCompleted(
  queryClient: QueryClient,
  courseId: string,
  lessonId: string,
  result: ProgressResult,
  refresh: () => Promise<unknown>,
) {
  const shown = queryClient.getQueryData<TPlayerLesson>(learningKeys.lesson(courseId, lessonId));
  if (!result.completed || !shown || shown.completed) return;
  queryClient.setQueryData<TPlayerLesson>(learningKeys.lesson(courseId, lessonId), {
    ...shown,
    completed: true,
    courseProgress: result.courseProgress,
  });
  await refresh();
}

/** The parts of a video its element has played (`played`); when there are too many to send, the longest. */
function playedRanges(played: TimeRanges): [number, number][] {
  const ranges = Array.from({ length: played.length }, (_, i): [number, number] => [played.start(i), played.end(i)]);
  return ranges.length <= MAX_WATCHED_RANGES ? ranges : ranges.sort((a, b) => b[1] - b[0] - (a[1] - a[0])).slice(0, MAX_WATCHED_RANGES);
}

/**
 * Saves a video's place to resume from, with what the player has played of it: the server
 * decides from those ranges whether the lesson is watched. When it is, the lesson on screen, the
 * outline and the lists show it at once.
 */
export function useSavePosition(courseId: string, lessonId: string) {
  const refresh = useRefresh(courseId);
  const queryClient = useQueryClient();
  return async (video: HTMLVideoElement) => {
    const duration = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : undefined;
    const result = await apiRequest<ProgressResult>('PUT', `${lessonPath(courseId, lessonId)}/position`, {
      body: {
        positionSeconds: Math.min(Math.max(0, video.currentTime), duration ?? Infinity),
        ...(duration !== undefined && {
          durationSeconds: duration,
          watched: playedRanges(video.played).map(([start, end]): [number, number] => [start, Math.min(end, duration)]),
        }),
      },
    });
    await showCompleted(queryClient, courseId, lessonId, result, refresh);
    return result;
  };
}

export function useSubmitAttempt(courseId: string, lessonId: string) {
  const refresh = useRefresh(courseId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, string[] | string>) =>
      api.post<TAttemptResult>(`${lessonPath(courseId, lessonId)}/attempts`, { answers }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: learningKeys.lesson(courseId, lessonId) });
      await refresh();
    },
  });
}

/** GET …/scorm: the CMI data a SCORM lesson's SCO starts from (the learner, the last run). */
export function scormStart(courseId: string, lessonId: string, signal?: AbortSignal): Promise<TScormRun> {
  return api.get<TScormRun>(`${lessonPath(courseId, lessonId)}/scorm`, signal);
}

/**
 * Keeps what a SCORM lesson's SCO committed. The commits go one after another, so an older one never
 * lands after a newer one; the last, as the page goes away, is sent to outlive it. When the server
 * says the lesson is complete, the lesson on screen, the outline and the lists show it at once.
 */
export function useSaveScormRun(courseId: string, lessonId: string) {
  const refresh = useRefresh(courseId);
  const queryClient = useQueryClient();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback(
    (run: TScormRun, leaving: boolean): Promise<ProgressResult> => {
      // keepalive bodies are limited to 64 KB by the browser; a larger one goes as a plain request.
      const keepalive = leaving && JSON.stringify(run).length < 60 * 1024;
      const send = async () => {
        const result = await apiRequest<ProgressResult>('PUT', `${lessonPath(courseId, lessonId)}/scorm`, { body: run, keepalive });
        if (!leaving) await showCompleted(queryClient, courseId, lessonId, result, refresh);
        return result;
      };
      const next = queue.current.then(send, send);
      queue.current = next.catch(() => undefined);
      return next;
    },
    [courseId, lessonId, queryClient, refresh],
  );
}
